"""The hint: which move to show, and how to say it.

A hint never leads back to a position this game has already been in: the solver's
winning line comes first when the page knows one; otherwise the game's own ranking
(:meth:`pygame_engine.Game.hints`), with every move that returns to a seen position
left out: where only such moves remain beside the game's own action (a draw, the next
step), that action is the hint. Pure Python, so the tests follow the
same hints as the page.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pasyansy_web.i18n import t
from pasyansy_web.render import index_text, pile_name
from pygame_engine import Game, History, Move
from pygame_engine.cards import SUIT_SYMBOLS, suit
from pygame_engine.moves import CARD_MOVE

Why = Literal["win", "guess"]


@dataclass(frozen=True, slots=True)
class Hints:
    """The moves a hint may show, in the order it shows them, and why each is there."""

    moves: tuple[Move, ...]
    why: tuple[Why, ...]
    back_only: bool
    """No move is shown because every legal move returns to a seen position."""


def fresh(history: History, moves: Sequence[Move]) -> list[Move]:
    """``moves`` less those that lead back to a position this game has been in, in their order."""
    game, state = history.game, history.state
    return [m for m in moves if not history.seen(game.key(game.apply(state, m)))]


def choose(history: History, winning: Move | None = None) -> Hints:
    """The hints for the position on the table; ``winning`` is the next move of the
    solver's winning line from it, when the page has one."""
    ranked = history.game.hints(history.state)
    new = fresh(history, ranked)
    moves = list(new)
    why: list[Why] = ["guess"] * len(moves)
    if winning is not None and winning in new:
        moves.remove(winning)
        moves.insert(0, winning)
        why = ["win", *why[1:]] if why else ["win"]
    return Hints(tuple(moves), tuple(why), back_only=bool(ranked) and not moves)


def tap_order(history: History, choices: Sequence[Move], first: Sequence[Move]) -> list[Move]:
    """A tapped card's places in the order taps try them: a move of ``first`` (the hint
    shown, the solver's next move) that is among them, then the places that do not lead
    back to a seen position, then those that do."""
    ahead = [m for m in first if m in choices]
    rest = [m for m in choices if m not in ahead]
    new = fresh(history, rest)
    return list(dict.fromkeys([*ahead, *new, *(m for m in rest if m not in new)]))


def card_words(card: int, lang: str) -> str:
    """``"7♥"``: a card as the table shows it."""
    return f"{index_text(card, lang)}{SUIT_SYMBOLS[suit(card)]}"


def say(game: Game[Any], state: Any, move: Move, lang: str, action: str = "") -> str:
    """A move in words: ``"7♥ на 8♥ (стопка 3)"``, ``"7♥ в дом"``, ``"взять карту"``;
    ``action`` is the words of the game's button, for its verb."""
    piles = game.piles(state)
    layout = game.layout()
    if move.kind != CARD_MOVE:
        if action:
            return action
        words = next((w for w in game.verb_words if w.verb == move.kind), None)
        return (words.en if lang == "en" else words.ru) if words else move.kind
    cards = piles[move.src]
    card = card_words(cards[len(cards) - move.count], lang)
    if move.count > 1:
        card = t("say_run", lang, card=card, n=move.count)
    slot = layout.slot(move.dst)
    target = piles[move.dst]
    if slot.kind == "foundation":
        return t("say_home", lang, card=card)
    if target:
        return t("say_onto", lang, card=card, top=card_words(target[-1], lang), pile=pile_name(slot, lang))
    return t("say_empty", lang, card=card, pile=pile_name(slot, lang))



Verdict = dict[str, Any]


def follow(table: Any, ask: Callable[[Any], Verdict] | None = None, moves: int = 300) -> list[Hashable]:
    """Play the first hint on ``table`` (a :class:`pasyansy_web.table.Table`) until there is
    none, for at most ``moves`` moves; the keys of the positions passed, the first included.

    With ``ask`` (the worker's answer for the table's position), the page's verdicts come
    along: a won verdict is carried along its line while the hints follow it, and a lost
    one to every position after it, as the page carries them; elsewhere ``ask`` is asked
    anew. For the tests and the benchmark that measure how far the hints lead."""
    game = table.game
    passed = [game.key(table.state)]
    known: Verdict | None = None
    done = 0  # how many moves of the known line the hints have followed
    for _ in range(moves):
        if ask is not None:
            if known is None:
                known, done = ask(table), 0
            table.know(known["result"], known["line"][done:done + 1])
        table.hint()
        hinted = table.hinted
        if hinted is None:
            break
        table.history.play(hinted)
        passed.append(game.key(table.state))
        if known is not None:
            carried = known["result"] == "lost" or known["line"][done:done + 1] == [str(hinted)]
            known, done = (known, done + 1) if carried else (None, 0)
    return passed
