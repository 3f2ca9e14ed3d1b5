"""Every refusal of the engine and the families, raised again in the learner's words: a
table's widget makes its moves inside :func:`worded`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from calypso.auction.bidding import IllegalCall
from calypso.engine.seating import SeatingError
from calypso.engine.tricks import IllegalPlay
from calypso.words.auction import call_refused
from calypso.words.tricks import declined, refusal_reason


@contextlib.contextmanager
def worded() -> Iterator[None]:
    """Inside the block, what a seat controller declines and a move the engine refuses are
    raised again as a ``ValueError`` in the learner's words (the page's language).

    >>> from calypso.engine.seating import Declined
    >>> from calypso.i18n import language
    >>> with language("hu"), worded():
    ...     raise SeatingError(Declined.NOT_YOUR_TURN)
    Traceback (most recent call last):
    ValueError: Most nem te következel.
    """
    try:
        yield
    except SeatingError as error:
        raise ValueError(declined(error.kind)) from None
    except IllegalPlay as error:
        raise ValueError(refusal_reason(error.refusal)) from None
    except IllegalCall as error:
        raise ValueError(call_refused(error)) from None
