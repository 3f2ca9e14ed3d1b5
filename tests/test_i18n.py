"""The words layer (calypso/i18n.py, calypso/words/__init__.py) and its catalogs.

The compiled catalogs are committed: these tests fail when one is stale (compile the .po
again: ``make messages-compile``), when the template misses a message the code marks
(``make messages-update``), or when a Hungarian entry is missing, fuzzy, or drops a value.
"""

from __future__ import annotations

import io
import json
import pathlib
import random
import re
import string

import pytest
from babel.messages.catalog import Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from calypso import Game, i18n, make_players, words
from calypso.drawing import auction as auction_drawing
from calypso.drawing import partnership, printed, tricks
from calypso.engine.cards import ALL_CARDS, Card, Suit
from calypso.engine.tricks import CALYPSO_RULES, TrumpLead, resolve_trick
from calypso.lessons.exercises import Exercise, stages_of
from calypso.partnership.calypsos import Where
from calypso.partnership.history import trick_steps
from calypso.words import auction as auction_words
from calypso.words import partnership as partnership_words
from calypso.words import tricks as trick_words

LOCALE = i18n.LOCALES
PO = LOCALE / "hu" / "LC_MESSAGES" / "calypso.po"
MO = PO.with_suffix(".mo")


def _msgid(message: Message) -> str:
    """A message's id (a plural's singular)."""
    return str(message.id if isinstance(message.id, str) else message.id[0])


def _strings(message: Message) -> list[str]:
    """A message's translations (each form of a plural); an untranslated one is empty."""
    string = message.string
    return [string] if isinstance(string, str) else [str(s) for s in string or [""]]


def _catalog() -> list[tuple[str | None, str, Message]]:
    with PO.open("rb") as f:
        catalog = read_po(f, locale="hu")
    return [(m.context, _msgid(m), m) for m in catalog if m.id]


def test_the_compiled_catalog_is_the_po_compiled() -> None:
    """The committed .mo holds what compiling the .po gives now, message for message: each
    (context, msgid) with its translation, plural forms included, and the plural rule. The other
    header lines (the compiler's name, dates) are no reason to compile again."""
    from babel.messages.mofile import read_mo

    def plain(text: str | tuple[str, ...] | list[str] | None) -> str | tuple[str, ...] | None:
        return tuple(text) if isinstance(text, list) else text

    def compiled(mo: bytes) -> tuple[str, dict[object, object]]:
        catalog = read_mo(io.BytesIO(mo))
        messages: dict[object, object] = {
            (m.context, plain(m.id)): plain(m.string) for m in catalog if m.id
        }
        return catalog.plural_forms, messages

    with PO.open("rb") as f:
        catalog = read_po(f, locale="hu")
    fresh = io.BytesIO()
    write_mo(fresh, catalog)
    rule, messages = compiled(fresh.getvalue())
    committed_rule, committed = compiled(MO.read_bytes())
    keys = messages.keys() | committed.keys()
    stale = sorted(str(key) for key in keys if messages.get(key) != committed.get(key))
    assert (committed_rule, stale) == (rule, []), "stale .mo: run make messages-compile"


def test_the_page_templates_words_are_the_catalogs() -> None:
    """page_words.j2, the words the page templates say before any widget can, is what the
    catalogs (and the list of Hungarian pages) give now; each word has a translation."""
    from calypso.words import pages

    written = (pages.TEMPLATE / "page_words.j2").read_text(encoding="utf-8")
    assert written == pages.template(), "stale page_words.j2: run make messages-compile"
    english, hungarian = pages.words("en"), pages.words("hu")
    assert english.keys() == hungarian.keys()
    assert [k for k in pages.WORDS if english[k] == hungarian[k]] == []


def test_the_template_holds_every_message_the_code_marks() -> None:
    marked = {
        (context, msgid[0] if isinstance(msgid, tuple) else msgid)
        for _file, _line, msgid, _comments, context in extract_from_dir(
            str(LOCALE.parent),
            method_map=[("**.py", "python")],
            keywords={**DEFAULT_KEYWORDS, "Chapter": (3,)},  # a chapter's title (chapters.py)
        )
    }
    with (LOCALE / "calypso.pot").open("rb") as f:
        template = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in read_po(f)}
    assert marked - template == set(), "run make messages-update"
    translated = {(context, msgid) for context, msgid, _ in _catalog()}
    assert marked - translated == set(), "run make messages-update and translate"


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_hungarian_entry_is_translated_and_keeps_its_values() -> None:
    for context, msgid, message in _catalog():
        strings = _strings(message)
        assert all(strings), f"untranslated: {context} {msgid!r}"
        assert "fuzzy" not in message.flags, f"fuzzy: {msgid!r}"
        for text in strings:
            assert _fields(text) == _fields(msgid), f"{msgid!r} -> {text!r}"


# The Hungarian terms (../shared/HUNGARIAN-TERMS.md): one word per idea, everywhere.
# A calypso keeps its short o when inflected (calypsot, calypsok, calypsoba), a partner is a
# társ, whoever takes a trick "viszi" it, and C4.5 ties ranks, not cards (K♥ and K♦ tie).
NOT_OUR_WORDS = re.compile(
    r"\b(lopás|lop|trumf|sáv|hívószín|pakk|király\w* lap|calypsó\w*|párod|párja"
    r"|az ütés gazdája|egyforma lapok)\b",
    re.I,
)


def test_the_hungarian_catalog_speaks_the_terms_of_the_hungarian_rules() -> None:
    with i18n.language("hu"):
        assert [i18n.suit_name(s) for s in Suit] == ["treff", "káró", "kőr", "pikk"]
        assert [i18n.seat_name(s, short=True) for s in "NESW"] == ["É", "K", "D", "Ny"]
        # D and K are also the queen's and the king's letters: a sentence names a seat in full
        assert [i18n.seat_name(s) for s in "NESW"] == ["Észak", "Kelet", "Dél", "Nyugat"]
        assert [i18n.seat_name(s, full=True) for s in "NESW"] == [
            "Észak",
            "Kelet",
            "Dél",
            "Nyugat",
        ]
        assert i18n.card_label(Card.parse("AS")) == "pikk ász"
        assert i18n.card_label(Card.parse("JD")) == "káró bubi"
    for _context, msgid, message in _catalog():
        strings = _strings(message)
        for text in strings:
            assert not NOT_OUR_WORDS.search(text), text
            if "trick" in msgid.lower().split():
                assert "ütés" in text.lower(), (msgid, text)
    for page in sorted((pathlib.Path(__file__).parents[1] / "notebooks/hu").glob("*.ipynb")):
        for cell in json.loads(page.read_text(encoding="utf-8"))["cells"]:
            prose = "".join(cell["source"])
            assert not NOT_OUR_WORDS.search(prose), (page.name, NOT_OUR_WORDS.search(prose))


def _tricks(count: int) -> list[tuple[list[Card], list[Suit], TrumpLead]]:
    rng = random.Random(19)
    found = []
    for _ in range(count):
        n = rng.randint(1, 4)
        trumps = rng.sample(list(Suit), 4)[:n]
        cards = [rng.choice(ALL_CARDS[:]) for _ in range(n)]
        if rng.random() < 0.4:  # many ties and own-suit leads: the rare cases
            cards = [Card.parse(f"{rng.choice('789')}{rng.choice('SHDC')}") for _ in range(n)]
        found.append((cards, trumps, rng.choice(list(TrumpLead))))
    return found


def test_every_verdict_is_worded_with_its_winning_card_in_both_languages() -> None:
    """Every ruling (C4.1-C4.5, C5) is met, and each verdict names the card that won."""
    seen = set()
    for cards, trumps, lead in _tricks(3000):
        result = resolve_trick(cards, trumps, trump_lead=lead)
        seen.add(result.rule)
        assert result.winning_card.symbol in trick_words.explain(result)
        with i18n.language("hu"):
            assert i18n.card_text(result.winning_card) in trick_words.explain(result)
    assert seen >= set(CALYPSO_RULES)


@pytest.mark.parametrize("lead", list(TrumpLead))
def test_hungarian_verdicts_name_the_cards_in_hungarian_and_no_english_word(
    lead: TrumpLead,
) -> None:
    english = re.compile(r"\b(the|trick|wins|ruff\w*|lead|and|so|nobody)\b", re.I)
    with i18n.language("hu"):
        for cards, trumps, _ in _tricks(400):
            result = resolve_trick(cards, trumps, trump_lead=lead)
            sentence = trick_words.explain(result)
            assert not english.search(sentence), sentence
            assert i18n.card_text(result.winning_card) in sentence
            assert "ütés" in sentence
            assert not english.search(trick_words.rule_summary(result.rule))


def test_the_language_is_chosen_once_and_given_back() -> None:
    assert i18n.current() == "en"
    with i18n.language("hu"):
        assert i18n.current() == "hu"
        assert i18n.join(["É", "K", "D"]) == "É, K és D"
        assert i18n.ordinal(3) == "3."
    assert i18n.current() == "en"
    with pytest.raises(ValueError, match="bad language"):
        i18n.use("de")


def test_the_card_tables_page_holds_no_word_of_its_own() -> None:
    from calypso.widgets.assets import CARD_TABLE, joined
    from calypso.widgets.tabledata import table_words

    script = joined(CARD_TABLE)
    code = "\n".join(line for line in script.splitlines() if not line.lstrip().startswith("//"))
    for key, text in table_words().items():
        plain = re.sub(r"\{\w+\}", "", text).strip(" .,:()·")
        if " " in plain or plain[:1].isupper():  # a word of the page, not an id
            assert not re.search(rf"[\"'`]{re.escape(plain)}\b", code), (key, plain)
    for english in ('"Reveal"', "Your hand", "not this", "face down", "Choose the seat", '" with '):
        assert english not in code, english


def test_a_hungarian_card_table_says_everything_in_hungarian() -> None:
    import json

    from calypso.engine.cards import parse_cards
    from calypso.partnership.game import DEFAULT_TRUMPS, SEATS
    from calypso.widgets.cardtable import CardTable
    from calypso.widgets.tabledata import table_words

    english = re.compile(
        r"\b(the|of|wins|winning|trick|hand|card|cards|you|partner|opponent|still|play|"
        r"hearts|spades|clubs|diamonds|queen|king|jack|ace|rule)\b",
        re.I,
    )
    with i18n.language("hu"):
        table = CardTable()
        table.set_table(SEATS, DEFAULT_TRUMPS, you="S", partners=True, hidden=13)
        cards = parse_cards("QH 4C 2D")
        trumps = [Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES]
        table.show_trick(cards, ["N", "E", "S"], trumps, resolve_trick(cards, trumps))
        standing = table.standing
        table.show_hand(parse_cards("2H 5C"), playable=parse_cards("2H"))
        cards.append(Card.parse("JC"))
        trumps.append(Suit.CLUBS)
        table.show_trick(cards, ["N", "E", "S", "W"], trumps, resolve_trick(cards, trumps))
        shown = json.dumps(
            [table.words, table.seats, table.trick, table.hand, table.verdict, standing],
            ensure_ascii=False,
        )
        assert table.words == table_words()
    ids = ("text", "seat", "place", "role", "colour", "symbol", "rule", "mark")
    links = ("rule_id", "rule_href", "rule_taught")
    for key in ids + links:
        shown = re.sub(rf'"{key}": "[^"]*"', "", shown)  # values that are ids or links, not words
    shown = re.sub(r'"\w+": |\{\w+\}', "", shown)  # the keys and the fields to fill
    assert not english.search(shown), english.search(shown)
    assert "É" in shown and "Ny" in shown and "kőr" in shown and "D♥" in shown
    assert (
        standing
        == "Egyelőre Észak lapja üt: D♥ (a mostani állás szerint C4.1); még egy játékos van hátra."
    )
    assert table.verdict["who"] == "Észak viszi az ütést"
    assert {seat["side"] for seat in table.seats} == {"É–D", "K–Ny"}


def test_no_message_hides_inside_an_f_string() -> None:
    """Babel does not look inside f-strings: a message there would never reach the catalogs."""
    for path in LOCALE.parent.rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not re.search(r"\{\s*(_|ngettext|pgettext)\(", line), f"{path}:{number}"
            inside = r"\bf([\"']).*\{[^{}]*\b(_|ngettext|pgettext)\(\s*[\"']"
            assert not re.search(inside, line), f"{path}:{number}: a literal message in an f-string"


def test_every_kind_of_refusal_is_worded_in_both_languages() -> None:
    """Every kind of refused move the engine knows is worded once, in the words layer: the
    engine's own line (str) is that wording in English, whatever the page's language, and
    Hungarian says it in Hungarian (a new kind fails here until it is worded)."""
    from calypso.engine.tricks import Refusal, Refused

    card, beat = Card.parse("5C"), Card.parse("QS")
    held = tuple(Card.parse(c) for c in ("2H", "7H", "KS"))
    for kind in Refused:
        for fields in (
            {"card": card, "led": Suit.HEARTS, "trump": Suit.SPADES, "beat": beat},
            {"card": card, "led": Suit.HEARTS, "trump": Suit.SPADES, "beat": None},
        ):
            refusal = Refusal(
                kind, cards=held, seat="E", turn="S", phase="calls", asked=3, made=1, **fields
            )
            if hasattr(refusal, "low"):
                refusal = Refusal(
                    kind,
                    cards=held,
                    seat="E",
                    turn="S",
                    phase="calls",
                    asked=14,
                    made=1,
                    low=0,
                    high=13,
                    **fields,
                )
            english = trick_words.refusal_reason(refusal)
            assert english and kind.value not in english, kind
            assert str(refusal) == trick_words.refusal_line(refusal) and "\n" not in str(refusal)
            with i18n.language("hu"):
                hungarian = trick_words.refusal_reason(refusal)
                assert str(refusal) == words.in_english(trick_words.refusal_line, refusal)
            assert hungarian != english and "must" not in hungarian, (kind, hungarian)


def test_the_compiled_catalogs_ship_in_the_package() -> None:
    """pip, Binder and the static site's wheel carry the .mo files (pyproject's package data)."""
    import tomllib

    config = tomllib.loads((LOCALE.parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = config["tool"]["setuptools"]["package-data"]["calypso"]
    assert any(MO.relative_to(LOCALE.parent).match(pattern) for pattern in shipped)


ENGLISH = re.compile(
    r"\b(the|of|and|with|wins?|trick|pile|cards?|scores?|player|your?|spare|side|contract)\b",
    re.I,
)
"""English words no Hungarian exercise or score page should show."""


def _texts(exercise: Exercise) -> list[str]:
    """What an exercise shows a learner: its question, choices, facts, explanation and every
    wrong choice's reason."""
    return [
        exercise.question,
        *(c.label for c in exercise.choices),
        *exercise.facts,
        exercise.explanation,
        *(why for _key, why in exercise.why),
    ]


@pytest.mark.parametrize("chapter", ["calypsos", "scoring", "play", "auction", "cousins"])
def test_the_exercises_of_chapters_03_to_08_are_worded_in_hungarian(chapter: str) -> None:
    for stage in stages_of(chapter):
        assert stage.draw is not None
        for seed in range(12):
            with i18n.language("hu"):
                exercise = stage.draw(random.Random(seed))
            english = stage.draw(random.Random(seed))
            assert exercise.answer == english.answer
            assert exercise.question != english.question
            for text in _texts(exercise):
                assert not ENGLISH.search(text), (stage.id, text)


def test_where_a_card_went_is_worded_from_the_history_value() -> None:
    assert partnership_words.place(Where.CALYPSO, "N") == "N's calypso"
    assert partnership_words.place(Where.PILE, "EW") == "EW pile"
    with i18n.language("hu"):
        assert partnership_words.place(Where.CALYPSO, "N") == "Észak calypsoja"
        assert partnership_words.place(Where.PILE, "EW") == "KNy dobó halma"
        # Four digits stay whole and five are grouped, so two numbers never run together;
        # a fraction has a decimal comma and a negative the minus sign.
        assert i18n.number(1250, sign=True) == "+1250"
        assert i18n.number(12500) == "12\u00a0500" and i18n.number(-40) == "\u221240"
        assert i18n.number(312.5) == "312,5"


def test_a_hungarian_score_sheet_and_trick_step_show_no_english_word() -> None:
    game = Game(seed=3)
    game.play_out(make_players("greedy", seed=3))
    with i18n.language("hu"):
        pages = [partnership.score_sheet(game.score()), partnership.calypsos_and_score(game)]
        pages += [partnership.trick_step(step) for step in trick_steps(game)[::7]]
    for page in pages:
        text = re.sub(r"<[^>]+>", " ", page)
        assert not ENGLISH.search(text), text


def test_the_game_tables_values_are_worded_as_the_engine_says_them_in_english() -> None:
    """What a seat controller declines, an illegal call (A4), why a bid outranks another and a
    contract's score lines (A7): the words layer's English is the engine's own line, every
    kind has a Hungarian wording, and a new kind fails here until it is worded."""
    from calypso.auction.bidding import CallRefused, Higher, IllegalCall, Item, ScoreLine, parse_bid
    from calypso.engine.seating import Declined, SeatingError

    pairs: list[tuple[str, object]] = []
    for declined in Declined:
        pairs.append((str(SeatingError(declined)), lambda d=declined: trick_words.declined(d)))
    call, last = parse_bid("170C"), parse_bid("180S")
    for refused in CallRefused:
        error = IllegalCall(refused, call, last)
        pairs.append((str(error), lambda e=error: auction_words.call_refused(e)))
    for higher in Higher:
        english = {
            Higher.CALYPSOS: parse_bid("1+0C").outranks(parse_bid("990S")),
            Higher.POINTS: parse_bid("190C").outranks(parse_bid("180S")),
            Higher.SUIT: parse_bid("170S").outranks(parse_bid("170C")),
        }[higher]
        pairs.append((str(english), lambda h=higher: auction_words.higher(h)))
    for item in Item:
        for count in (1, 2):
            line = ScoreLine(item, count, 10, times=2)
            pairs.append((str(line), lambda x=line: auction_words.score_line(x)))
    for english, word in pairs:
        assert callable(word)
        assert word() == english
        with i18n.language("hu"):
            hungarian = word()
        assert hungarian and hungarian != english, english


def test_the_greedy_hint_is_worded_in_hungarian_with_hungarian_seats_and_cards() -> None:
    """Chapter 05's hint (bots.greedy_hint) for every card a greedy player chooses in a game:
    Hungarian seat and face letters, and none of the English sentence's words."""
    from calypso.partnership.bots import GreedyBot, greedy_hint

    game = Game(seed=6)
    players = make_players("greedy", 6)
    for _ in range(40):
        turn = str(game.turn)
        card = GreedyBot(random.Random(len(game.moves))).choose(game)
        hint = greedy_hint(game, card)
        english = partnership_words.hint(hint)
        with i18n.language("hu"):
            hungarian, face = partnership_words.hint(hint), i18n.card_text(card)
        assert hungarian != english
        assert not re.search(r"\b(you|your|trick|play|lead|partner|still)\b", hungarian), hungarian
        assert face in hungarian, (face, hungarian)
        game.play(players["NESW".index(turn)].choose(game))


def test_the_printed_quiz_and_sheets_and_a_contract_show_no_english_word() -> None:
    from calypso.auction.bidding import score_contract
    from calypso.lessons.quiz import make_quiz
    from calypso.widgets.desk import handout_examples

    puzzles = make_quiz("7A2", level=2)
    with i18n.language("hu"):
        pages = [
            printed.worksheet(puzzles, "7A2", "2"),
            printed.answer_key(puzzles, "7A2", "2"),
            printed.handout(handout_examples()),
            printed.game_sheet(),
            tricks.quiz_ending([(puzzles[0], "E")], right=9, asked=10, code="XYZ"),
            auction_drawing.contract_score(score_contract(120, 1, 20, 11, 3, 1, 1), []),
        ]
    for page in pages:
        assert 'lang="hu"' in page or "<html" not in page
        text = re.sub(r"<(style|title)>.*?</\1>|<[^>]+>", " ", page)
        assert not ENGLISH.search(text), ENGLISH.findall(text)


def test_the_game_stepper_and_the_score_calculator_speak_hungarian() -> None:
    from calypso.widgets.building import BuildingStepper, completion_news
    from calypso.widgets.scoring import GameReport, ScoreCalculator

    with i18n.language("hu"):
        stepper = BuildingStepper(seed=3)
        stepper.slider.value = 2
        calculator = ScoreCalculator()
        report = GameReport(seed=3)
        news = completion_news(["N", "S"])
    assert stepper.felt.status == "1. osztás, 2. ütés"
    assert news.startswith("Észak és Dél is befejezett")
    shown = [
        stepper.view.value,
        news,
        *(box.description for box in calculator.boxes),
        calculator.breakdown.value,
        report.chart.value,
    ]
    for text in shown:
        plain = re.sub(r"<(style|title)>.*?</\1>|<[^>]+>", " ", text)
        assert not ENGLISH.search(plain), ENGLISH.findall(plain)


def test_the_game_tables_of_chapters_05_07_and_08_speak_hungarian() -> None:
    """What the seat tables draw in words (their controls, the status line under the felt and
    above it, the reasons a card cannot be played now) holds no English word in Hungarian."""
    import ipywidgets as w

    from calypso.auction import Call, CallKind
    from calypso.widgets import AuctionTable, PlayTable
    from calypso.widgets.cousins import WhistTable

    english = re.compile(
        r"\b(the|of|your|you|turn|trick|leads|play|wait|deal|round|cards|each|trump|auction|"
        r"contract|hand|new|next|seed|players|setup)\b",
        re.I,
    )

    def words_of(widget: w.Widget) -> list[str]:
        found: list[str] = []
        for child in getattr(widget, "children", ()):
            found += words_of(child)
        for name in ("description", "placeholder"):
            found.append(str(getattr(widget, name, "") or ""))
        if isinstance(widget, w.ToggleButtons | w.Dropdown):
            found += [str(label) for label in widget._options_labels]
        return found

    with i18n.language("hu"):
        play = PlayTable(seed=5, seat="S")
        auction = AuctionTable(seed=7, seat="N")
        auction.human_call(Call(CallKind.PASS))
        whist = WhistTable(seed=3)
        tables = [
            (play, play.felt, [play.felt.status, play.felt.next_label]),
            (auction, auction.felt, [auction.status.value, auction.felt.status]),
            (whist, whist.felt, [whist.felt.status]),
        ]
        for panel, felt, lines in tables:
            shown = [*words_of(panel), *lines, *(str(card.get("why", "")) for card in felt.hand)]
            text = re.sub(r"<[^>]+>", " ", " ".join(shown))
            assert not english.search(text), (type(panel).__name__, english.search(text), text)


def test_a_hungarian_article_before_a_value_is_a_or_az_as_the_value_is_read() -> None:
    """„a(z)" in a Hungarian message becomes *az* before a value read with a vowel first (the
    value as Hungarian reads it aloud), else *a*: every card rank, seat, side and a spread of
    numbers, written into a real message of the catalog."""
    from calypso.engine.cards import Rank
    from calypso.i18n import _

    reads_with_vowel = {"Á", "5"}  # ász, öt; every other rank (2-10, B, D, K) a consonant
    with i18n.language("hu"):
        message = _("{seat} may not play {card} here.")
        assert isinstance(message, i18n.Articled)
        for rank in Rank:
            card = Card(rank, Suit.SPADES)
            text = message.format(seat="Kelet", card=i18n.card_text(card))
            face = i18n.card_text(card).rstrip("♠")
            article = "az" if face in reads_with_vowel else "a"
            assert f" {article} {i18n.card_text(card)} lapot" in text, text
        players = _("New players: the game of seed {seed} starts over with them.")
        for seed, article in [
            (1, "az"),
            (5, "az"),
            (10, "a"),
            (12, "a"),
            (50, "az"),
            (100, "a"),
            (1000, "az"),
            (1250, "az"),
            (5000, "az"),
            (12000, "a"),
        ]:
            number = i18n.number(seed)
            assert f" {article} {number} magú" in players.format(seed=number), (seed, number)
        cleared = _("Cleared: {count} answers and stars of {code} are gone.")
        assert "az ÉD-7 osztály" in cleared.format(count=3, code="ÉD-7")
        assert "a ROOM-7 osztály" in cleared.format(count=3, code="ROOM-7")


def test_hungarian_writes_listed_line_and_puzzle_numbers_as_ordinals() -> None:
    from calypso.widgets.teacher import MostMissed, _lines, most_missed_words

    assert _lines([3, 5, 8]) == "lines 3, 5 and 8"
    with i18n.language("hu"):
        assert _lines([3, 5, 8]) == "3., 5. és 8. sor" and _lines([1]) == "1. sor"
        said = most_missed_words(MostMissed(2, ((1, "A", 4), (1, "A", 7), (2, "B", 1))))
        assert "az 1. szint „A” változatának 4. és 7. feladványa és a 2. szint" in said
