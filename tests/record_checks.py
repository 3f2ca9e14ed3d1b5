"""Checks on game records that every game's property tests share."""

from calypso import Record, replay


def assert_replays(record: Record) -> None:
    """The record survives JSON unchanged, and replaying it agrees with every score it claims."""
    loaded = Record.from_json(record.to_json())
    assert loaded == record
    report = replay(loaded)
    assert report.ok, report.problems
    assert report.scores == record.final_scores
