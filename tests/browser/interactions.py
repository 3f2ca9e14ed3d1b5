"""One interaction per chapter, the same under Voila (tests/browser/test_site.py) and in the
static site (tests/browser/test_static_site.py): a learner's click and what they then see."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Locator, Page, expect


def deal_another_hand(page: Page, tmp_path: Path) -> None:
    cards = "els => els.map(e => e.dataset.card)"
    first = page.locator(".calypso-felt .calypso-card").evaluate_all(cards)
    assert len(first) == 13
    page.get_by_role("button", name="Deal another hand").click()
    expect(page.locator(".widget-text input").first).to_have_value("2")
    page.wait_for_function(
        "first => [...document.querySelectorAll('.calypso-felt .calypso-card')]"
        ".map(e => e.dataset.card).join() !== first.join()",
        arg=first,
    )


def swap_trumps(page: Page, tmp_path: Path) -> None:
    page.locator(".widget-dropdown select").first.select_option(label="♦ diamonds")
    expect(page.get_by_text("N and E swapped trumps")).to_be_visible()
    expect(page.locator(".widget-dropdown select").nth(1)).to_have_value("♥ hearts")
    page.get_by_role("button", name="East").click()
    # C1: partners sit opposite, so with E at the bottom, W across the table is the partner.
    expect(page.locator(".ct-seat[data-ct-seat='W'] .ct-role")).to_have_text("partner")
    table = page.locator(".calypso-widget").filter(has_text="The table").first
    expect(table.locator(".ct-empty")).to_be_hidden()  # seats and a hand: no word of a trick


def preset_trick(page: Page, tmp_path: Path) -> None:
    builder = page.locator(".calypso-widget").filter(has_text="Trick builder").first
    builder.get_by_role("button", name="J♦ led, Q♠ ruffs").click()
    verdict = builder.locator(".calypso-verdict")
    expect(verdict).to_contain_text("S wins")
    expect(verdict.locator("[data-rule]")).to_have_text("C4.2")
    expect(builder.get_by_text("the engine agrees")).to_be_visible()
    expect(builder.locator(".ct-winning .ct-card")).to_have_attribute("data-card", "QS")
    # Then a trick of one's own, from the card picker: N leads A♠ (not N's trump ♥) and E
    # follows with 2♠: nobody has ruffed, so the highest spade is winning so far (C4.3); with S
    # and W still to play, no winner is named (C4 decides a trick once every seat has played).
    builder.get_by_role("button", name="N", exact=True).click()
    builder.get_by_role("button", name="Clear", exact=True).click()
    builder.locator(".cp-card[data-card='AS']").click()
    builder.locator(".cp-card[data-card='2S']").click()
    expect(verdict.locator("[data-rule]")).to_have_count(0)
    expect(builder.locator(".ct-standing")).to_contain_text(
        "N's A♠ is winning so far (C4.3 as things stand); S and W are still to play."
    )
    expect(builder.locator(".ct-winning .ct-card")).to_have_attribute("data-card", "AS")
    expect(builder.get_by_label("The trick as text")).to_have_value("AS 2S")


def step_through_a_game(page: Page, tmp_path: Path) -> None:
    stepper = page.locator(".calypso-widget").filter(has_text="Step through a game").first
    expect(stepper.locator(".ct-status")).to_have_text("Deal 1, trick 1")
    stepper.get_by_role("button", name=re.compile(r"\bNext$")).click()
    expect(stepper.locator(".ct-status")).to_have_text("Deal 1, trick 2")
    stepper.get_by_role("button", name="Next completed calypso").click()
    expect(stepper.locator(".ct-feedback")).to_contain_text("completed a calypso!")


def score_two_calypsos(page: Page, tmp_path: Path) -> None:
    calculator = page.locator(".calypso-widget").filter(has_text="Score calculator")
    calculator.locator("input").nth(0).fill("2")
    calculator.locator("input").nth(0).press("Enter")
    expect(calculator.locator("[data-total]")).to_have_text("1250")
    calculator.locator("input").nth(3).fill("13")
    calculator.locator("input").nth(3).press("Enter")
    expect(calculator.get_by_role("alert")).to_have_text(
        "13 cards in progress is too many: a calypso in progress has 0 to 12."
    )
    expect(calculator.locator(".calypso-stale")).to_have_count(1)


def play_a_card_and_load_a_record(page: Page, tmp_path: Path) -> None:
    from calypso import simulate

    table = page.locator(".calypso-widget").filter(has_text="Play Calypso")
    expect(table.locator(".ct-status")).to_contain_text("your turn, S")
    table.get_by_role("button", name="Hint").click()
    hinted = table.locator(".ct-hand .ct-hinted")
    expect(hinted).to_have_count(1)
    expect(table.locator(".ct-hint")).to_contain_text("Hint:")
    card = hinted.get_attribute("data-card")
    hinted.click()
    # S's card is on the table: in the trick going on, or in the finished one shown with its
    # verdict until Next trick.
    expect(table.locator(f".ct-trick .ct-card[data-card='{card}']")).to_be_visible()
    # The record upload: a file read in the browser and handed to Python in the browser.
    record = simulate("calypso", seed=4, bots="greedy")
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    with page.expect_file_chooser() as chooser:
        table.get_by_role("button", name=re.compile("Load a record")).click()
    chooser.value.set_files(str(path))
    expect(table.get_by_text("Loaded the game of seed 4")).to_be_visible()
    link = table.get_by_role("link", name=re.compile("Download the game record"))
    expect(link).to_have_attribute("download", "calypso-seed-4.json")


def play_an_ending(page: Page, lead: str | None = None, *, keys: bool = False) -> str:
    """Play the first ending of the stage of seed 1 by clicking each of the learner's cards
    (the first with the keyboard alone, with ``keys``): the problem's best line, or ``lead``
    and then the first card the learner may play each time; the solver answers in Python, in
    the page's kernel. Each card waits for the page address to name the learner's cards so far
    (the link is written once the table has drawn the answer). Returns the table's reply once
    the deal is over."""
    from calypso.lessons.exercises.endings import Attempt, make_problem
    from calypso.widgets.endings import problem_seed

    problem = make_problem(problem_seed(1, 0))
    stage = page.locator(".calypso-exercises").filter(has_text="Find the line")
    expect(stage.locator(".calypso-question")).to_have_text(problem.heading)
    attempt = Attempt(problem)
    mine: list[str] = []
    while not attempt.over:
        if lead is None:
            card = str(problem.line[len(attempt.played)])
        else:
            card = str(attempt.game().legal_plays()[0]) if mine else lead
        if keys and not mine:
            play_by_keys(page, stage.locator(".ct-hand button"), card)
        else:
            stage.locator(f".ct-hand [data-card='{card}']").first.click()
        attempt = attempt.play(card)
        mine.append(card)
        page.wait_for_url(re.compile(r"[#&]ex=1\.0\." + re.escape(".".join(mine)) + "($|&)"))
    reply = stage.locator(".ct-verdict-box")
    expect(reply).to_contain_text("Found" if attempt.passed else "Not this time")
    return reply.inner_text()


def play_by_keys(page: Page, hand: Locator, card: str) -> None:
    """Tab into the hand, go to ``card`` with the arrow keys and play it with Enter."""
    for _ in range(60):
        if hand.evaluate_all("bs => bs.includes(document.activeElement)"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Home")
    while page.evaluate("document.activeElement.dataset.card") != card:
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")


def find_the_line(page: Page, tmp_path: Path) -> None:
    """Chapter 06: the best line reaches the target at the first try, for three stars."""
    from calypso.i18n import number
    from calypso.lessons.exercises.endings import make_problem
    from calypso.widgets.endings import problem_seed

    target = make_problem(problem_seed(1, 0)).target
    reply = play_an_ending(page)
    assert "★★★" in reply and "Made it" in reply and number(abs(target)) in reply


def run_an_experiment(page: Page, tmp_path: Path) -> None:
    """Chapter 07: the lab plays ten games in chunks and says what it found, as the engine
    finds it for the same seeds."""
    from calypso.lessons.lab import Run

    lab = page.locator(".calypso-widget").filter(has_text="The strategy lab")
    lab.get_by_role("combobox", name="Experiment").select_option(
        label="How many calypsos a game completes"
    )
    lab.get_by_role("button", name="Run").click()
    run = Run("calypsos", seed=1).more(10)
    expect(lab.get_by_text("After 10 games (game seeds 1 to 10)")).to_be_visible(timeout=60_000)
    mean = f"{run.mean:.1f}".removesuffix(".0")
    expect(lab.get_by_text(f": {mean} ±")).to_be_visible()


def answer_the_quiz(page: Page, tmp_path: Path) -> None:
    from calypso.lessons.quiz import make_quiz

    first, second = make_quiz("CLASS-1", level=1, count=2)
    quiz = page.locator(".calypso-quiz")
    table = quiz.get_by_role("group", name="Quiz table")
    quiz.get_by_label("Your name or initials").fill("Ann")
    expect(quiz.locator("[data-score]")).to_have_text("0 / 0")
    expect(table.locator(".ct-winning")).to_have_count(0)  # hidden until a seat is chosen
    table.get_by_role("button", name=f"Choose {first.answer}").click()
    expect(table.locator("[data-verdict]")).to_have_attribute("data-verdict", "right")
    expect(table.locator("[data-winner]")).to_have_attribute("data-winner", first.answer)
    expect(quiz.locator("[data-score]")).to_have_text("1 / 1")
    page.keyboard.press("Enter")  # the focus is on Next puzzle
    page.wait_for_url("**#quiz=CLASS-1.1.2")
    wrong = next(s for s in "NESW" if s != second.answer)
    quiz.get_by_role("button", name=wrong, exact=True).click()
    expect(table.locator("[data-verdict]")).to_contain_text(f"{second.answer} takes the trick")
    # The students' page offers neither the worksheet's answer key nor the teacher's panel.
    expect(page.get_by_role("link", name=re.compile("worksheet|answer key", re.I))).to_have_count(0)
    expect(page.locator("textarea")).to_have_count(0)


def compare_bids(page: Page, tmp_path: Path) -> None:
    comparer = (
        page.locator(".calypso-widget")
        .filter(has_text="Which bid is higher?")
        .filter(has=page.locator("input"))
        .first
    )
    expect(comparer.locator(".calypso-verdict")).to_contain_text("1+20♠ outranks 270♠")
    first = comparer.locator("input").first
    first.fill("2+0C")
    first.press("Enter")
    expect(comparer.locator(".calypso-verdict")).to_contain_text("2+0♣ outranks 1+20♠")


def compare_bids_and_play_a_card(page: Page, tmp_path: Path) -> None:
    """Chapter 09: bids compare; then at the "Play a hand" table (seed 7, N) E and W pass, N
    passes too, so the hand is a misère without trumps (A4, A8) and E leads Q♦, W plays J♦:
    N's K♦ is the highest diamond and takes the trick (C4.3), and the link names the hand."""
    compare_bids(page, tmp_path)
    table = page.locator(".calypso-auction-table").nth(1)
    felt = table.get_by_role("group", name="The auction table")
    table.get_by_role("button", name="Pass", exact=True).click()
    expect(felt.locator(".ct-trick .ct-slot")).to_have_count(2)
    felt.locator(".ct-hand button[data-card='KD']").click()
    expect(felt.locator("[data-winner]")).to_have_attribute("data-winner", "N")
    expect(felt.locator("[data-rule]")).to_have_text("C4.3")
    page.wait_for_url(re.compile(r"[#&]auction=7\.3\.N\.balanced\.pass\.KD(&|$)"))


def one_trick_three_games(page: Page, tmp_path: Path) -> None:
    three = page.locator(".calypso-widget:not(.calypso-exercises)").filter(
        has_text="One trick, three games"
    )
    box = three.locator("input").first
    box.fill("2S AS KS QS")
    box.press("Enter")
    three.get_by_role("button", name="S", exact=True).click()
    # C4.1: S leads S's own suit and nobody ruffs. B1, B4: counter-clockwise, so the A♠ is E's.
    expect(three.locator("tr[data-game='Calypso']")).to_contain_text("S (C4.1)")
    expect(three.locator("tr[data-game='Call Bridge']")).to_contain_text("E (B4.1)")
    bridge = three.get_by_role("group", name="Call Bridge: the trick")
    expect(bridge.locator(".ct-verdict [data-winner]")).to_have_attribute("data-winner", "E")
    expect(bridge.locator(".ct-verdict [data-rule]")).to_have_text("B4.1")


INTERACTIONS: dict[str, Callable[[Page, Path], None]] = {
    "00-welcome.ipynb": deal_another_hand,
    "01-the-table.ipynb": swap_trumps,
    "02-who-wins-the-trick.ipynb": preset_trick,
    "03-building-calypsos.ipynb": step_through_a_game,
    "04-scoring.ipynb": score_two_calypsos,
    "05-play-a-game.ipynb": play_a_card_and_load_a_record,
    "06-endings.ipynb": find_the_line,
    "07-playing-well.ipynb": run_an_experiment,
    "08-class-quiz.ipynb": answer_the_quiz,
    "09-auction-calypso.ipynb": compare_bids_and_play_a_card,
    "10-cousins.ipynb": one_trick_three_games,
}


C7_CALYPSOS = [0, 500, 1250, 2250, 3250]
"""C7: a player's completed calypsos are worth 500, 750, 1,000 and 1,000, so 0-4 of them this
much in all."""


def c7_score(stage: Locator) -> int:
    """A side's score worked out from the facts listed with an exercise's question (C7): each
    player's calypsos, 20 a card in progress, 10 a pile card."""
    total = 0
    for fact in stage.locator(".calypso-question + ul li").all_inner_texts():
        numbers = [int(n) for n in re.findall(r"\d+", fact)]
        if "pile" in fact:
            total += 10 * numbers[0]
        else:
            total += C7_CALYPSOS[numbers[0]] + 20 * numbers[1]
    return total
