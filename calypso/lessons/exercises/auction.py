"""Chapter "auction": bids, contracts and misères (A4, A7, A8)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from calypso.auction.bidding import (
    CARDS_IN_A_HAND,
    MIN_POINTS_WITHOUT_CALYPSOS,
    MULTIPLIERS,
    Bid,
    ContractScore,
    Item,
    score_contract,
    score_misere,
)
from calypso.engine.cards import Suit
from calypso.i18n import _, ngettext, number
from calypso.lessons.exercises.base import Choice, Exercise, figure_choices, spread
from calypso.lessons.exercises.scoring import near_reasons
from calypso.words.auction import higher, score_line


def _bid(rng: random.Random) -> Bid:
    calypsos = rng.choice([0, 0, 0, 1, 1, 2])
    low = 0 if calypsos else MIN_POINTS_WITHOUT_CALYPSOS // 10
    return Bid(calypsos, 10 * rng.randint(low, low + 12), rng.choice(list(Suit)))


def _higher(bid: Bid, other: Bid) -> str:
    """Why ``bid`` outranks ``other`` (A4), in the page's language."""
    kind = bid.beats(other)
    if kind is None:
        raise ValueError(f"bad bids {bid} and {other}: the first does not outrank the second")
    return higher(kind)


def bid_question(rng: random.Random) -> Exercise:
    """Which of these bids is the highest (A4)?"""
    bids: list[Bid] = []
    while len(bids) < 4:
        bid = _bid(rng)
        if bid not in bids:
            bids.append(bid)
    best = max(bids)
    runner = max(b for b in bids if b != best)

    def beaten(bid: Bid) -> str:
        above = min(b for b in bids if b > bid)  # the lowest bid offered that beats it
        return _("{bid} is lower than {above}: {above} has {why}").format(
            bid=bid.symbol, above=above.symbol, why=_higher(above, bid)
        )

    return Exercise(
        question=_("Which of these bids is the highest?"),
        choices=tuple(Choice(str(b), b.symbol) for b in bids),
        answer=str(best),
        explanation=_(
            "{best} beats {runner}: {why}. Bids rank by calypsos first, then points, then suit "
            "(♣ lowest, then ♦, ♥, ♠)."
        ).format(best=best.symbol, runner=runner.symbol, why=_higher(best, runner)),
        rule="A4",
        why=tuple((str(b), beaten(b)) for b in bids if b != best),
    )


def _calypsos(count: int) -> str:
    if count == 0:
        return _("no calypso")
    return ngettext("{count} calypso", "{count} calypsos", count).format(count=count)


def _contract_facts(
    points: int, calypsos: int, doubled: int, pile: int, in_progress: int, needed: int, done: int
) -> tuple[str, ...]:
    """Every fact A7's score depends on, in words; how many cards the bid calypso lacked is
    left out only when no calypso was bid, since then it changes nothing."""
    contract = (
        _("The contract: 1 calypso and {points} points (bid 1+{points})")
        if calypsos
        else _("The contract: {points} points")
    ).format(points=points)
    if doubled:
        doubling = _("{contract}, doubled") if doubled == 1 else _("{contract}, redoubled")
        contract = doubling.format(contract=contract)
    facts = [
        contract,
        ngettext(
            "Declarer's trickpile: {count} card", "Declarer's trickpile: {count} cards", pile
        ).format(count=pile),
        ngettext(
            "Declarer's calypso in progress in the contract suit: {count} card",
            "Declarer's calypso in progress in the contract suit: {count} cards",
            in_progress,
        ).format(count=in_progress),
    ]
    if calypsos:
        facts.append(
            ngettext(
                "That calypso lacked {count} card when the hand began",
                "That calypso lacked {count} cards when the hand began",
                needed,
            ).format(count=needed)
        )
    facts.append(
        _("Declarer completed {calypsos} during this hand").format(calypsos=_calypsos(done))
    )
    return tuple(facts)


def _contract_slips(score: ContractScore, points: int, doubled: int) -> list[tuple[int, str]]:
    """Declarer's score as a learner might misreckon it, each with what went wrong (A7)."""
    total = score.total
    times = MULTIPLIERS[doubled]
    bonus = sum(line.points for line in score.lines if line.item in (Item.BONUS, Item.BONUS_LOST))
    done = sum(line.points for line in score.lines if line.item is Item.COMPLETED)
    unfinished = sum(line.points for line in score.lines if line.item is Item.NOT_COMPLETED)
    slips = [
        (
            -total,
            _("{value} has the wrong sign: the contract is made, so declarer gains points")
            if score.made
            else _("{value} has the wrong sign: the contract fails, so declarer loses points"),
        ),
        (
            total - (times - 1) * points if score.made else total + (times - 1) * points,
            _("{value} counts the bid points once, but the double multiplies them by {times}")
            if doubled == 1
            else _(
                "{value} counts the bid points once, but the redouble multiplies them by {times}"
            ),
        ),
        (
            total + (times - 1) * bonus,
            _(
                "{value} multiplies the calypso bonus too, but doubling multiplies the bid "
                "points only"
            ),
        ),
    ]
    if score.made:
        slips += [
            (
                total - score.card_points,
                _("{value} leaves out the trickpile: {pile} cards × 10"),
            ),
            (total + score.card_points, _("{value} counts the trickpile twice")),
            (
                total - 20 * score.sold,
                ngettext(
                    "{value} leaves out the {sold} calypso card sold at 20",
                    "{value} leaves out the {sold} calypso cards sold, 20 each",
                    score.sold,
                ),
            ),
            (total - bonus, _("{value} leaves out the bonus for the bid calypso, {bonus}")),
            (
                total - done,
                _("{value} leaves out the 500 for the calypso completed during the hand"),
            ),
        ]
    else:
        slips += [
            (points, _("{value} scores the bid points as if made, but the contract fails")),
            (
                total + score.card_points,
                _("{value} adds the trickpile, but a failed contract scores no card points"),
            ),
            (
                total - unfinished,
                _("{value} leaves out the 500 lost for the bid calypso left unfinished"),
            ),
        ]
    return [
        (
            value,
            why.format(
                value=number(value, sign=True),
                times=times,
                pile=score.card_points // 10,
                sold=score.sold,
                bonus=bonus,
            ),
        )
        for value, why in slips
    ]


PILE_MISCOUNT = 5
"""The most cards a learner miscounts declarer's trickpile or calypso in progress by."""
POINTS_MISREAD = 9
"""The most tens a learner misreads the bid points by."""


def _contract_miscounts(
    points: int, calypsos: int, doubled: int, pile: int, in_progress: int, needed: int, done: int
) -> list[tuple[int, int, str]]:
    """Declarer's score with one fact of A7 miscounted, each with how many cards, tens or
    calypsos it is off by and the fact: a few cards more or fewer in the trickpile or the
    calypso in progress, the bid points misread, the cards the bid calypso lacked or the
    calypsos completed during the hand miscounted."""
    given = {
        "bid_points": points,
        "bid_calypsos": calypsos,
        "trickpile": pile,
        "in_progress": in_progress,
        "needed": needed,
        "completed": done,
        "doubled": doubled,
    }
    right = score_contract(**given).total
    found = []

    def add(off: int, text: str, words: dict[str, int], **facts: int) -> None:
        value = score_contract(**(given | facts)).total
        if value != right:
            found.append((off, value, text.format(value=number(value, sign=True), **words)))

    for held in range(max(0, pile - PILE_MISCOUNT), min(CARDS_IN_A_HAND, pile + PILE_MISCOUNT) + 1):
        text = ngettext(
            "{value} counts {count} card in declarer's trickpile, but it holds {held}",
            "{value} counts {count} cards in declarer's trickpile, but it holds {held}",
            held,
        )
        add(abs(held - pile), text, {"count": held, "held": pile}, trickpile=held)
    for held in range(
        max(0, in_progress - PILE_MISCOUNT), min(12, in_progress + PILE_MISCOUNT) + 1
    ):
        text = ngettext(
            "{value} counts {count} card in declarer's calypso in progress, but it holds {held}",
            "{value} counts {count} cards in declarer's calypso in progress, but it holds {held}",
            held,
        )
        add(abs(held - in_progress), text, {"count": held, "held": in_progress}, in_progress=held)
    low = max(
        0, points // 10 - POINTS_MISREAD, 0 if calypsos else MIN_POINTS_WITHOUT_CALYPSOS // 10
    )
    for tens in range(low, points // 10 + POINTS_MISREAD + 1):
        text = _("{value} reads the bid points as {read}, but the bid is for {points}")
        add(
            abs(tens - points // 10),
            text,
            {"read": 10 * tens, "points": points},
            bid_points=10 * tens,
        )
    if calypsos:
        for lacked in range(max(1, needed - 2), min(13, needed + 2) + 1):
            text = ngettext(
                "{value} counts the bid calypso as lacking {count} card when the hand began, "
                "but it lacked {lacked}",
                "{value} counts the bid calypso as lacking {count} cards when the hand began, "
                "but it lacked {lacked}",
                lacked,
            )
            add(abs(lacked - needed), text, {"count": lacked, "lacked": needed}, needed=lacked)
    text = ngettext(
        "{value} counts {count} calypso completed during the hand, but declarer completed {done}",
        "{value} counts {count} calypsos completed during the hand, but declarer completed {done}",
        1 - done,
    )
    add(1, text, {"count": 1 - done, "done": done}, completed=1 - done)
    return found


def contract_question(rng: random.Random) -> Exercise:
    """Did the contract make, and what does it score (A7)? The facts hold everything the
    score depends on, calypsos completed during the hand included. How many of the four
    options lie below the score is drawn first, each number as likely."""
    below = rng.randrange(4)
    while True:
        calypsos = rng.choice([0, 0, 1])
        points = 10 * rng.randint(0 if calypsos else 17, 30)
        needed = rng.randint(1, 6)
        done = int(rng.random() < (0.7 if calypsos else 0.3))
        pile = rng.randint(8, 30)
        # the calypso lost no cards: unless one was completed it still holds its 13 - needed
        low = 13 - needed if calypsos and not done else 0
        in_progress = rng.randint(low, 12)
        doubled = rng.choice([0, 0, 0, 1, 2])
        score = score_contract(points, calypsos, pile, in_progress, needed, done, doubled)
        slips = _contract_slips(score, points, doubled)
        miscounts = _contract_miscounts(points, calypsos, doubled, pile, in_progress, needed, done)
        wrong = spread(rng, score.total, slips, below, *near_reasons(rng, slips, miscounts))
        if wrong is not None:
            break

    def signed(value: int) -> str:
        return number(value, sign=True)

    lines = "; ".join(f"{score_line(line)}: {signed(line.points)}" for line in score.lines)
    lines = lines[:1].upper() + lines[1:]
    explained = (
        _("The contract is made. {lines}. Total {total}.")
        if score.made
        else _("The contract fails. {lines}. Total {total}.")
    )
    return Exercise(
        question=_("Did the contract make, and what does declarer score?"),
        choices=figure_choices(rng, score.total, wrong, signed),
        answer=str(score.total),
        explanation=explained.format(lines=lines, total=signed(score.total)),
        rule="A7",
        facts=_contract_facts(points, calypsos, doubled, pile, in_progress, needed, done),
        why=tuple((str(v), why) for v, why in wrong),
    )


def _misere_slips(points: Sequence[int], who: int, has: str) -> list[tuple[int, str]]:
    """A misère score as a learner might misreckon it, each with what went wrong (A8)."""
    mine, high, low = points[who], max(points), min(points)
    return [
        (
            mine,
            _("{value} is a gain, but a misère never adds points: {has}").format(
                value=number(mine, sign=True), has=has
            ),
        ),
        (
            -mine,
            _(
                "{value} is minus their own points alone, as the middle player scores, but {has}"
            ).format(value=number(-mine, sign=True), has=has),
        ),
        (0, _("0 is what the lowest player scores, but {has}").format(has=has)),
        (
            -(mine + low),
            _(
                "{value} also takes away the lowest player's {low}, as only the highest player's "
                "score does, but {has}"
            ).format(value=number(-(mine + low), sign=True), low=low, has=has),
        ),
        (
            -(mine + high),
            _(
                "{value} takes away the highest player's {high} too, but a misère only ever adds "
                "the lowest player's points, to the highest player's loss"
            ).format(value=number(-(mine + high), sign=True), high=high),
        ),
        (
            -low,
            _("{value} is minus the lowest player's {low} alone, which is nobody's score").format(
                value=number(-low, sign=True), low=low
            ),
        ),
    ]


def _misere_miscounts(
    points: Sequence[int], who: int, names: Sequence[str]
) -> list[tuple[int, int, str]]:
    """What ``names[who]`` scores with one player's card points misread, each with how many
    tens they are off by and whose points (A8); only misreadings that change the score."""
    right = score_misere(points)[who]
    found = []
    for i, held in enumerate(points):
        for tens in range(max(0, held // 10 - POINTS_MISREAD), held // 10 + POINTS_MISREAD + 1):
            read = [*points[:i], 10 * tens, *points[i + 1 :]]
            value = score_misere(read)[who]
            if value != right:
                text = _("{value} takes {player}'s card points as {read}, but they are {held}")
                found.append(
                    (
                        abs(10 * tens - held) // 10,
                        value,
                        text.format(
                            value=number(value, sign=True) if value else "0",
                            player=names[i],
                            read=10 * tens,
                            held=held,
                        ),
                    )
                )
    return found


def misere_question(rng: random.Random) -> Exercise:
    """A misère's scores (A8): what does one of the three players score? How many of the four
    options lie below the score is drawn first, each number as likely."""
    below = rng.randrange(4)
    names = (_("the first player"), _("the second player"), _("the third player"))
    while True:
        points = [10 * c for c in rng.sample(range(4, 30), 3)]
        who = rng.randrange(3)
        mine, high, low = points[who], max(points), min(points)
        right = score_misere(points)[who]
        if mine == low:
            has = _("{player} has the lowest card points")
        elif mine == high:
            has = _("{player} has the highest card points")
        else:
            has = _("{player} has the middle card points")
        has = has.format(player=names[who])
        slips = _misere_slips(points, who, has)
        miscounts = _misere_miscounts(points, who, names)
        wrong = spread(
            rng,
            right,
            slips,
            below,
            *near_reasons(rng, slips, miscounts),
            first=(0,),  # 0 is the roundest figure: offered wrong as well as right
        )
        if wrong is not None:
            break

    def signed(value: int) -> str:
        return number(value, sign=True) if value else "0"

    rule = _(
        "In a misère the player with the lowest card points ({low}) scores 0, the middle player "
        "scores minus their own points, and the highest ({high}) scores minus their own points "
        "and the lowest player's too: −({high} + {low})."
    ).format(low=low, high=high)
    facts = (
        _("The first player: {points} card points"),
        _("The second player: {points} card points"),
        _("The third player: {points} card points"),
    )
    return Exercise(
        question=_("A misère ends with these card points. What does {player} score?").format(
            player=names[who]
        ),
        choices=figure_choices(rng, right, wrong, signed),
        answer=str(right),
        explanation=(
            _("{rule} So {player}, with {points}, scores {score}.")
            if right
            else _("{rule} So {player}, with {points}, scores nothing.")
        ).format(rule=rule, player=names[who], points=mine, score=signed(right)),
        rule="A8",
        facts=tuple(fact.format(points=p) for fact, p in zip(facts, points, strict=True)),
        why=tuple((str(v), why) for v, why in wrong),
    )


def auction_question(rng: random.Random) -> Exercise:
    """One of the auction chapter's three kinds, in turn at random."""
    return rng.choice([bid_question, contract_question, misere_question])(rng)


# -- chapter "cousins": the cousins ----------------------------------------------------------------
