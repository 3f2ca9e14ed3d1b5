"""Calypso itself, the partnership game (docs/rulings.md, C1 to C8): the game, its calypsos
and scoring, its bots, the exact solver of the last tricks, the expert and its advice, matches
and duels; beside the other families, :mod:`calypso.auction` and :mod:`calypso.whist`.

>>> from calypso.partnership.game import Game
>>> Game(seed=1).is_over
False
"""
