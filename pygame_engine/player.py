"""The ordinary player: plays a deal once, without undo, the way a hasty person does.

It sends a card home when it can (most of the time), otherwise makes an obvious move, as
the game ranks them (``Game.player_rank``: by default the stock and the game's buttons
come last). A little randomness, no lookahead. It gives up after ``max_moves`` moves or
when it keeps coming back to positions it has seen, as a person would put the cards away.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from pygame_engine.game import Game

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
        if rng.random() < CARELESS:
            move = rng.choice(moves)
        else:
            ranks = [game.player_rank(state, m) for m in moves]
            best = min(ranks)
            move = rng.choice([m for m, r in zip(moves, ranks, strict=True) if r == best])
        if trail is not None:
            trail.append(state)
        state = game.apply(state, move)
    return game.is_won(state)


def win_count(game: Game[Any], deal: int, plays: int = 32, options: dict[str, Any] | None = None) -> int:
    """How many of ``plays`` hasty games of ``deal`` were won."""
    return sum(play_once(game, deal, seed, options) for seed in range(plays))
