"""The engine: what every game of the site is made of, naming no game and holding no
learner's words: cards, the trick rules and the trick table, moves and refusals as values,
seating, options, the registry of games, records, and seeded draws.

>>> from calypso.engine.tricks import resolve_trick
>>> resolve_trick(["9H", "4C"], trumps=["S", "C"]).winner
1
"""
