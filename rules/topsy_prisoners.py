"""Дамы кувырком: can the foundations still be completed, given the prisoners?

A prisoner comes out only when the foundation above it holds all 13 cards, so the
foundations depend on each other: a foundation that needs the copy of a card lying
under foundation ``p`` can be completed only after ``p``. This module decides, from
the foundations and the prisoners alone, whether some order of completing them exists,
over every way the kings still to come could be placed. It ignores where the other
cards lie (every card not on a foundation and not a locked prisoner counts as
available), so a "no" is a sound proof that the deal is lost; a "yes" promises nothing.

For one placement of the suits, whether a foundation can be completed next depends only
on the set completed before it: it needs a copy of each missing card, and of two
foundations of one suit that both miss a card the one completed second needs both
copies. A search over those sets (at most 2⁸) decides the placement; a foundation that
shares no such card with its twin is completed as soon as it can be, without a choice.

>>> from pygame_engine.cards import parse_card as c
>>> NONE = -1
>>> # f1 and f2 are hearts, K to J; both queens of hearts lie under them: each waits for the other.
>>> suits = (1, 1) + (None,) * 6
>>> completable(suits, (12, 12) + (0,) * 6, (c("QH"), c("QH")) + (NONE,) * 5)
False
>>> completable(suits, (12, 12) + (0,) * 6, (c("QH"), NONE) + (NONE,) * 5)  # f1 first, then f2 gets the prisoner
True
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Final

from pygame_engine.cards import KING, SUITS

FOUNDATIONS: Final = 8
NONE: Final = -1


NEUTRAL: Final = len(SUITS)
"""The label of suits none of whose cards is locked: their foundations need nothing, so
such suits are interchangeable when the kings are placed."""


def _index(card: int) -> int:
    """Where a card lies in a foundation built K, A, 2 … Q (the king first)."""
    r = card % 13 + 1
    return 0 if r == KING else r


def _placements(suits: tuple[int | None, ...], locked: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every distinct way to give the empty places the suits still missing (two per suit)."""
    left = [2] * len(SUITS) + [0]  # the last: how many neutral places are still to fill
    for s in suits:
        if s is not None:
            left[s] -= 1
    if any(n < 0 for n in left):
        return
    locked_suits = {card // 13 for card in locked if card != NONE}
    for s in set(range(len(SUITS))) - locked_suits:
        left[NEUTRAL] += left[s]
        left[s] = 0
    empties = [i for i, s in enumerate(suits) if s is None]
    placed = [-1 if s is None else s if s in locked_suits else NEUTRAL for s in suits]
    yield from _fill(empties, left, placed, 0)


def _fill(empties: list[int], left: list[int], placed: list[int], k: int) -> Iterator[tuple[int, ...]]:
    """The placements from empty place ``empties[k]`` on, the suits still to give counted
    in ``left``. A function of its own, not a closure that calls itself: such a closure
    holds itself in a cycle that only the garbage collector frees, and the collector is
    paused while a search runs (:func:`pygame_engine.solver.solve`)."""
    if k == len(empties):
        yield tuple(placed)
        return
    for s, n in enumerate(left):
        if n:
            left[s] -= 1
            placed[empties[k]] = s
            yield from _fill(empties, left, placed, k + 1)
            left[s] += 1


@lru_cache(maxsize=1 << 16)
def _closes(suits: tuple[int, ...], lengths: tuple[int, ...], locked: tuple[int, ...]) -> bool:
    """Whether some order completes every foundation (a search over the sets completed so far)."""
    where: dict[int, int] = {}  # card -> the places it is locked under, as bits
    for p, card in enumerate(locked):
        if card != NONE:
            where[card] = where.get(card, 0) | 1 << p
    # Only cards with a locked copy can be short; for each: the places locking it, the copies
    # not on a foundation, and the foundations that still miss it (as bits).
    short = []
    for card, places in where.items():
        missing = sum(1 << y for y in range(FOUNDATIONS) if suits[y] == card // 13 and _index(card) >= lengths[y])
        on_foundations = sum(1 for y in range(FOUNDATIONS) if suits[y] == card // 13) - missing.bit_count()
        short.append((places, 2 - on_foundations, missing))
    needs = [[(places, copies, missing) for places, copies, missing in short if missing >> x & 1]
             for x in range(FOUNDATIONS)]
    # A foundation that misses no such card together with its twin takes nothing the twin
    # wants: completing it as soon as it can be only frees its prisoner, so it is not a choice.
    alone = [all(missing == 1 << x for _, _, missing in needs[x]) for x in range(FOUNDATIONS)]
    return _completes(sum(1 << x for x in range(FOUNDATIONS) if lengths[x] == 13), needs, alone, set())


_Needs = list[list[tuple[int, int, int]]]


def _ready(needs: _Needs, x: int, done: int) -> bool:
    """Whether foundation ``x`` can be completed once the set ``done`` is."""
    # The copies come out as their places are completed; of the foundations that miss
    # the card, each one completed by now (this one included) has taken a copy.
    after = done | 1 << x
    return all(copies - (places & ~done).bit_count() >= (missing & after).bit_count()
               for places, copies, missing in needs[x])


def _completes(done: int, needs: _Needs, alone: list[bool], failed: set[int]) -> bool:
    """Whether every foundation can be completed after the set ``done`` (``failed``: the
    sets found not to lead there). Written with its arguments, not as a closure that calls
    itself (see :func:`_fill`)."""
    grown = True
    while grown:
        grown = False
        for x in range(FOUNDATIONS):
            if alone[x] and not done >> x & 1 and _ready(needs, x, done):
                done |= 1 << x
                grown = True
    if done == (1 << FOUNDATIONS) - 1:
        return True
    if done in failed:
        return False
    for x in range(FOUNDATIONS):
        if (not done >> x & 1 and not alone[x] and _ready(needs, x, done)
                and _completes(done | 1 << x, needs, alone, failed)):
            return True
    failed.add(done)
    return False


def completable(suits: tuple[int | None, ...], lengths: tuple[int, ...], locked: tuple[int, ...]) -> bool:
    """Whether the foundations can all be completed in some order.

    ``suits[i]`` is the suit of foundation ``i`` (``None`` while it waits for a king),
    ``lengths[i]`` how many cards it holds, ``locked[i]`` the prisoner still under it
    (``NONE`` once it has come out or when there is none, as under the eighth).
    """
    # A length matters only through the locked cards it has passed, and whether it is
    # complete: each is replaced by the shortest length that passes the same ones.
    lengths = tuple(
        n if n == 13 else max((_index(card) + 1 for card in locked
                               if card != NONE and card // 13 == s and _index(card) < n), default=0)
        for s, n in zip(suits, lengths, strict=True)
    )
    return _completable(suits, lengths, locked)


@lru_cache(maxsize=1 << 16)
def _completable(suits: tuple[int | None, ...], lengths: tuple[int, ...], locked: tuple[int, ...]) -> bool:
    # The placement that worked last time with these prisoners usually works again: it is tried first.
    neutral = set(range(len(SUITS))) - {card // 13 for card in locked if card != NONE}
    last = _worked.get(locked)
    if (last is not None and all(s is None or last[i] == (NEUTRAL if s in neutral else s) for i, s in enumerate(suits))
            and _closes(last, lengths, locked)):
        return True
    for placement in _placements(suits, locked):
        if _closes(placement, lengths, locked):
            _worked[locked] = placement
            return True
    return False


_worked: dict[tuple[int, ...], tuple[int, ...]] = {}
