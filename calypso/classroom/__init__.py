"""The classroom: the live class board a teacher's server keeps (students, answers, stars,
class deals), what the board shows the teacher, and the result codes students hand in.

>>> from calypso.classroom.results import __name__ as name
>>> name
'calypso.classroom.results'
"""
