"""Exercises with stars and the progress kept in the browser, in Chromium under Voila.

A small notebook holds chapter 04's exercise stage and the map of every chapter's stars, as the
welcome page shows it. The right answer is worked out here from the facts on the page and the
scoring ruling (docs/rulings.md, C7: calypsos 500, 750, 1,000 and 1,000; 20 a card in
progress; 10 a pile card), never read off the widget.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from conftest import Visit
from live_site import Site, start_site, stop_site
from playwright.sync_api import Locator, expect

CELL = """\
from calypso.widgets.exercise import ExerciseSet
from calypso.widgets.progress import Progress
import ipywidgets as w

w.VBox([ExerciseSet("04", seed=3), Progress.map()])
"""
NAME = "progress.ipynb"
VALUES = [0, 500, 1250, 2250, 3250]


def notebook() -> str:
    return json.dumps(
        {
            "cells": [
                {"cell_type": "markdown", "metadata": {}, "source": "# Progress"},
                {
                    "cell_type": "code",
                    "metadata": {},
                    "execution_count": None,
                    "outputs": [],
                    "source": CELL,
                },
            ],
            "metadata": {
                "title": "Progress · Calypso",
                "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                "language_info": {"name": "python"},
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        }
    )


@pytest.fixture(scope="module")
def progress_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("progress")
    (folder / NAME).write_text(notebook())
    running = start_site(folder, "voila-progress.log")
    yield running
    stop_site(running)


def c7_score(stage: Locator) -> int:
    """The side's score from the facts listed with the question (C7)."""
    total = 0
    for fact in stage.locator(".calypso-question + ul li").all_inner_texts():
        numbers = [int(n) for n in re.findall(r"\d+", fact)]
        if "pile" in fact:
            total += 10 * numbers[0]
        else:
            total += VALUES[numbers[0]] + 20 * numbers[1]
    return total


def test_stars_are_earned_kept_across_a_reload_and_reset(visit: Visit, progress_site: Site):
    page = visit.page
    page.goto(progress_site.chapter(NAME))
    stage = page.locator(".calypso-exercises")
    tally = stage.locator(".pg-line")
    expect(tally).to_contain_text("0 of 15")
    right = f"{c7_score(stage):,}"
    answers = stage.locator(".widget-button").filter(has_text=re.compile(r"^[\d,]+$"))
    expect(answers).to_have_count(4)
    wrong = next(a for a in answers.all_inner_texts() if a.strip() != right)
    answers.filter(has_text=re.compile(f"^{wrong}$")).click()
    expect(stage.get_by_text("Not that one")).to_be_visible()
    expect(answers.filter(has_text=re.compile(f"^{wrong}$"))).to_be_disabled()
    answers.filter(has_text=re.compile(f"^{right}$")).click()
    expect(stage.get_by_text(f"Right: {right}.")).to_be_visible()
    expect(stage.get_by_text("Rule C7")).to_be_visible()
    expect(tally).to_contain_text("2 of 15")
    chapter = page.locator(".pg-chapter[data-chapter='04']")
    expect(chapter).to_contain_text("★ 2 of 15")
    page.wait_for_url("**#ex=3.0")
    visit.screenshot("progress")
    visit.screenshot("progress-390", width=390)
    page.set_viewport_size({"width": 1280, "height": 900})

    page.reload()
    expect(page.locator(".calypso-exercises .pg-line")).to_contain_text("2 of 15")
    expect(page.locator(".pg-chapter[data-chapter='04']")).to_contain_text("★ 2 of 15")
    stored = page.evaluate("JSON.parse(localStorage.getItem('calypso-progress'))")
    assert stored == {"04": [2]}

    page.get_by_role("button", name="Reset my progress").click()
    page.get_by_role("button", name="Keep them").click()
    expect(page.locator(".pg-chapter[data-chapter='04']")).to_contain_text("★ 2 of 15")
    page.get_by_role("button", name="Reset my progress").click()
    page.get_by_role("button", name="Yes, forget my stars").click()
    expect(page.locator(".pg-chapter[data-chapter='04']")).to_contain_text("★ 0 of 15")
    expect(page.locator(".calypso-exercises .pg-line")).to_contain_text("0 of 15")
    assert visit.console_errors == [] and visit.foreign_requests == []
