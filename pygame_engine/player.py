"""The players that grade the levels: each plays a deal once, without undo.

The ordinary player (:func:`play_once`) plays the way a hasty person does: it sends a card
home when it can (most of the time), otherwise makes an obvious move, as the game ranks
them (``Game.player_rank``: by default the stock and the game's buttons come last). A
little randomness, no lookahead. It gives up after ``max_moves`` moves or when it keeps
coming back to positions it has seen, as a person would put the cards away.

The player who looks ahead (:func:`play_ahead`) is the same player, but before each move
it searches a few hundred positions ahead (``budget``); once that search sees a win it
plays it out, and it never goes back to a position it has left. It wins games the hasty
player cannot: in Камень преткновения and Тринадцать кучек the hasty player never wins.

The player who plans (:func:`play_planning`) also searches ``budget`` positions before it
moves, but it plays toward the best of them even when none is a win: the line to the
position with the most cards home (the nearest of those). Its search sends home a card
that can go home and tries the other moves in an order of its own (the game's
``restart_moves``, at random where the game shuffles them). Over 1,000 positions a move
it wins 13.8% of the games of Камень преткновения it was graded by; the player who looks
ahead won none of 6 deals even over 2,560.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Hashable
from typing import Any

from pygame_engine.game import Game
from pygame_engine.moves import Move
from pygame_engine.solver.depth import search

CARELESS = 0.1
"""How often the player picks any move rather than the most obvious one."""


def play_once(game: Game[Any], deal: int, seed: int, options: dict[str, Any] | None = None,
              max_moves: int = 3000, trail: list[Any] | None = None) -> bool:
    """Whether one hasty game of ``deal`` (a pure function of its inputs) was won.

    With ``trail``, each position the player moves from is appended to it, the deal's
    first among them (a won or stuck position, where no move is made, is not)."""
    rng = random.Random(f"{game.id}/{deal}/{seed}")
    state = game.new(deal, options)
    seen: dict[Hashable, int] = {}
    for _ in range(max_moves):
        if game.is_won(state):
            return True
        moves = game.legal_moves(state)
        if not moves:
            return False
        key = game.key(state)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 3:
            return False
        move = _hasty_choice(game, state, moves, rng)
        if trail is not None:
            trail.append(state)
        state = game.apply(state, move)
    return game.is_won(state)


def play_ahead(game: Game[Any], deal: int, seed: int, budget: int, options: dict[str, Any] | None = None,
               max_moves: int = 3000) -> bool:
    """Whether one game of ``deal`` by the player who looks ``budget`` positions ahead was won
    (a pure function of its inputs: the search is bounded by positions, not time)."""
    def think(state: Any, seen: dict[Hashable, int], rng: random.Random) -> list[Move] | None:
        ahead = search(game, state, budget, math.inf, time.perf_counter, None)
        if ahead.result == "won":  # a win seen ahead, played out
            return list(ahead.line)
        return None if ahead.result == "lost" else []  # lost: it sees that nothing wins any more

    return _play_thinking(game, deal, seed, options, max_moves, "ahead", think)


def play_planning(game: Game[Any], deal: int, seed: int, budget: int, options: dict[str, Any] | None = None,
                  max_moves: int = 3000) -> bool:
    """Whether one game of ``deal`` by the player who plans ``budget`` positions ahead was won
    (a pure function of its inputs: the search is bounded by positions, not time)."""
    def think(state: Any, seen: dict[Hashable, int], rng: random.Random) -> list[Move]:
        return _plan(game, state, budget, rng, seen)

    return _play_thinking(game, deal, seed, options, max_moves, "plans", think)


Think = Callable[[Any, dict[Hashable, int], random.Random], list[Move] | None]
"""Before a move: the line to play (empty: none, a move as the hasty player makes it), or
``None`` to put the cards away. Given the position, how often each was seen, the player's
random generator."""


def _play_thinking(game: Game[Any], deal: int, seed: int, options: dict[str, Any] | None, max_moves: int,
                   who: str, think: Think) -> bool:
    """One game by a player who thinks before each move it has not planned already; it never
    goes back to a position it has left while another move is open."""
    rng = random.Random(f"{game.id}/{deal}/{seed}/{who}")
    state = game.new(deal, options)
    seen: dict[Hashable, int] = {}
    plan: list[Move] | None = []
    for _ in range(max_moves):
        if game.is_won(state):
            return True
        if plan:
            state = game.apply(state, plan.pop(0))
            continue
        moves = game.legal_moves(state)
        key = game.key(state)
        seen[key] = seen.get(key, 0) + 1
        if not moves or seen[key] > 3:
            return False
        plan = think(state, seen, rng)
        if plan is None:
            return False
        if not plan:
            onward = [m for m in moves if game.key(game.apply(state, m)) not in seen] or moves
            state = game.apply(state, _hasty_choice(game, state, onward, rng))
    return game.is_won(state)


def _plan(game: Game[Any], start: Any, budget: int, rng: random.Random, avoid: Collection[Hashable]) -> list[Move]:
    """The line, within ``budget`` positions searched depth first from ``start`` (none in
    ``avoid``), to a win or else to the position with the most cards home, the nearest of
    those; empty when none has more than ``start``."""
    def order(state: Any) -> list[tuple[Move, ...]]:
        if game.restart_moves is not None:
            return game.restart_moves(state, rng)
        return [(m,) for m in game.legal_moves(state)]

    seen = {*avoid, game.key(start)}
    best, line = (_homes(game, start), 0), []
    path: list[tuple[Move, ...]] = []
    stack = [(start, iter(order(start)))]
    while stack and len(seen) - len(avoid) < budget:
        state, children = stack[-1]
        macro = next(children, None)
        if macro is None:
            stack.pop()
            if path:
                path.pop()
            continue
        child = state
        for move in macro:
            child = game.apply(child, move)
        key = game.key(child)
        if key in seen:
            continue
        seen.add(key)
        path.append(macro)
        if game.is_won(child):
            return [m for ms in path for m in ms]
        if (_homes(game, child), -len(path)) > best:
            best, line = (_homes(game, child), -len(path)), [m for ms in path for m in ms]
        stack.append((child, iter(order(child))))
    return line


def _homes(game: Game[Any], state: Any) -> int:
    """How many cards are on the foundations."""
    return sum(len(cards) for pile, cards in game.piles(state).items() if game.is_foundation(pile))


PLAYERS: dict[str, Callable[[Game[Any], int, int, int], bool]] = {"ahead": play_ahead, "plans": play_planning}
"""The players who look ahead, by the name a catalogue gives them (``tools/lookahead.py``)."""


def _hasty_choice(game: Game[Any], state: Any, moves: list[Move], rng: random.Random) -> Move:
    """The hasty player's move among ``moves``: most often the most obvious, now and then any."""
    if rng.random() < CARELESS:
        return rng.choice(moves)
    ranks = [game.player_rank(state, m) for m in moves]
    best = min(ranks)
    return rng.choice([m for m, r in zip(moves, ranks, strict=True) if r == best])


def win_count(game: Game[Any], deal: int, plays: int = 32, options: dict[str, Any] | None = None) -> int:
    """How many of ``plays`` hasty games of ``deal`` were won."""
    return sum(play_once(game, deal, seed, options) for seed in range(plays))
