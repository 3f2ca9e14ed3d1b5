"""The lessons: each chapter's exercises (:mod:`calypso.lessons.exercises`), the chapters
themselves, the class quiz, the ideas of good play, the strategy lab, the worked examples, the
glossary of rulings and the reasons a learner can give for a card.

>>> from calypso.lessons.chapters import find_chapter
>>> find_chapter("endings").number
6
"""
