"""The site's kernel manager: closed tabs' kernels are shut down, pages still on their way keep
theirs.

A kernel from a preheated pool ran its chapter when the pool was filled, perhaps an hour before
a student opens the page; by the clock it has been idle all that time, so the stock culler
would shut it down in the seconds between handing it to the page and the page connecting to it
(on a busy server those seconds are many). Here a kernel that no page has connected to yet is
given ``page_grace`` seconds from when the culler first sees it out of the pool; once a page has
connected, the usual rule applies: no connection and idle for ``cull_idle_timeout``.

Voila's own manager (the pools) is built on top of this class: ``site/serve.py`` names it as
``VoilaConfiguration.multi_kernel_manager_class``. For a class, ``class_chapter`` and
``class_pool`` set the pools (:func:`class_pools`): given to Voila's own ``kernel_pools_config``
on the command line, a dict is parsed with a deprecation warning a teacher can do nothing about.

A pool is refilled as soon as a page takes a kernel from it, after Voila's ``fill_delay`` (a
second). The chapter of the day waits ``class_refill`` seconds instead (:func:`refill_delay`):
thirty kernels starting while thirty students arrive would slow every one of them, and its pool
is big enough for the class. Voila has one delay for every pool, so the manager it builds on
this class is given a per-chapter one as it is made.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Int, Unicode


def refill_delay(notebook: str | None, class_chapter: str, class_refill: float) -> float | None:
    """Seconds before the pool of ``notebook`` refills behind a page that took a kernel: the
    chapter of the day's ``class_refill``; None (Voila's ``fill_delay``) for any other.

    >>> refill_delay("08-class-quiz.ipynb", "08-class-quiz", 120.0)
    120.0
    >>> refill_delay("02-who-wins-the-trick.ipynb", "08-class-quiz", 120.0) is None
    True
    """
    if class_chapter and notebook == f"{class_chapter}.ipynb":
        return class_refill
    return None


def class_pools(chapter: str, size: int) -> dict[str, dict[str, int]]:
    """Voila's kernel pools for a class: ``size`` warm kernels for the chapter of the day, one
    for every other chapter.

    >>> class_pools("08-class-quiz", 33)
    {'08-class-quiz.ipynb': {'pool_size': 33}, 'default': {'pool_size': 1}}
    """
    return {f"{chapter}.ipynb": {"pool_size": size}, "default": {"pool_size": 1}}


class SiteKernelManager(AsyncMappingKernelManager):
    page_grace = Float(
        600.0,
        config=True,
        help="Seconds a kernel handed to a page may wait for the page to connect before it is "
        "culled as a tab that closed while loading.",
    )

    class_chapter = Unicode(
        "", config=True, help="For a class: the chapter of the day, whose pool is class_pool."
    )
    class_pool = Int(0, config=True, help="For a class: warm kernels for class_chapter.")
    class_refill = Float(
        120.0,
        config=True,
        help="For a class: seconds before class_chapter's pool refills behind a student who "
        "took a kernel (every other chapter refills after Voila's fill_delay).",
    )

    fill_if_needed: Callable[..., None]
    """Voila's: start kernels until a notebook's pool is full (its manager is built on this
    class; for a class, :meth:`__init__` gives it a delay per chapter)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        if self.class_chapter and self.has_trait("kernel_pools_config"):  # Voila's pools
            self.kernel_pools_config = class_pools(self.class_chapter, self.class_pool)
            fill = self.fill_if_needed  # Voila's, whose delay is the same for every pool

            def fill_if_needed(
                delay: float | None = None, notebook_name: str | None = None, **kwargs: Any
            ) -> None:
                if delay is None:
                    delay = refill_delay(notebook_name, self.class_chapter, self.class_refill)
                fill(delay=delay, notebook_name=notebook_name, **kwargs)

            self.fill_if_needed = fill_if_needed
        self._reached: set[str] = set()
        self._waiting_since: dict[str, float] = {}

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self._reached.add(kernel_id)
        self._waiting_since.pop(kernel_id, None)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id not in self._reached:
            waiting = self._waiting_since.setdefault(kernel_id, time.monotonic())
            if time.monotonic() - waiting < self.page_grace:
                return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]

    async def shutdown_kernel(  # type: ignore[override]
        self, kernel_id: str, *args: Any, **kwargs: Any
    ) -> None:
        self._reached.discard(kernel_id)
        self._waiting_since.pop(kernel_id, None)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]
