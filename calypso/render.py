"""Every drawing by its name, for callers that draw across families: the drawings themselves
live in :mod:`calypso.drawing`, one module per family (faces: the palette and card faces;
tricks; partnership; auction; whist; charts; printed pages; records).

>>> from calypso.cards import parse_card
>>> 'color:#c62828' in card_face(parse_card("10H"))
True
"""

from calypso.drawing.auction import (
    auction_calls as auction_calls,
)
from calypso.drawing.auction import (
    auction_calypsos as auction_calypsos,
)
from calypso.drawing.auction import (
    bonus_table as bonus_table,
)
from calypso.drawing.auction import (
    contract_score as contract_score,
)
from calypso.drawing.auction import (
    hand_summary as hand_summary,
)
from calypso.drawing.charts import (
    bar_chart as bar_chart,
)
from calypso.drawing.charts import (
    places_bar as places_bar,
)
from calypso.drawing.charts import (
    progress_chart as progress_chart,
)
from calypso.drawing.faces import (
    CARD_STYLE as CARD_STYLE,
)
from calypso.drawing.faces import (
    HIGHLIGHT as HIGHLIGHT,
)
from calypso.drawing.faces import (
    SUIT_COLOURS as SUIT_COLOURS,
)
from calypso.drawing.faces import (
    SUIT_VARIABLES as SUIT_VARIABLES,
)
from calypso.drawing.faces import (
    card_face as card_face,
)
from calypso.drawing.faces import (
    card_ink as card_ink,
)
from calypso.drawing.faces import (
    card_row as card_row,
)
from calypso.drawing.faces import (
    run_text as run_text,
)
from calypso.drawing.faces import (
    seat_label as seat_label,
)
from calypso.drawing.faces import (
    suit_colour as suit_colour,
)
from calypso.drawing.faces import (
    suit_ink as suit_ink,
)
from calypso.drawing.faces import (
    suit_span as suit_span,
)
from calypso.drawing.faces import (
    table as table,
)
from calypso.drawing.partnership import (
    calypsos_after as calypsos_after,
)
from calypso.drawing.partnership import (
    calypsos_and_score as calypsos_and_score,
)
from calypso.drawing.partnership import (
    game_table as game_table,
)
from calypso.drawing.partnership import (
    hands_table as hands_table,
)
from calypso.drawing.partnership import (
    result_line as result_line,
)
from calypso.drawing.partnership import (
    score_sheet as score_sheet,
)
from calypso.drawing.partnership import (
    side_breakdown as side_breakdown,
)
from calypso.drawing.partnership import (
    table_view as table_view,
)
from calypso.drawing.partnership import (
    trick_step as trick_step,
)
from calypso.drawing.printed import (
    PRINT_STYLE as PRINT_STYLE,
)
from calypso.drawing.printed import (
    answer_key as answer_key,
)
from calypso.drawing.printed import (
    game_sheet as game_sheet,
)
from calypso.drawing.printed import (
    handout as handout,
)
from calypso.drawing.printed import (
    printable as printable,
)
from calypso.drawing.printed import (
    worksheet as worksheet,
)
from calypso.drawing.records import (
    record_summary as record_summary,
)
from calypso.drawing.tricks import (
    puzzle as puzzle,
)
from calypso.drawing.tricks import (
    quiz_ending as quiz_ending,
)
from calypso.drawing.tricks import (
    rule_example as rule_example,
)
from calypso.drawing.tricks import (
    trick_cards as trick_cards,
)
from calypso.drawing.tricks import (
    trick_explained as trick_explained,
)
from calypso.drawing.tricks import (
    trick_result as trick_result,
)
from calypso.drawing.tricks import (
    verdict as verdict,
)
from calypso.drawing.whist import (
    special_rounds as special_rounds,
)
from calypso.drawing.whist import (
    trick_in_games as trick_in_games,
)
