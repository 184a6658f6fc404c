"""The table controller: turns a person's taps, drops and buttons into engine moves.

It decides nothing about legality: it asks the engine for the places a card may go
(``destinations``), plays moves through the checked path, and reports what happened.
Pure Python, so it runs the same in the browser and in the tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pasyansy_web import hints
from pasyansy_web.i18n import t
from pasyansy_web.render import card_name, cards_word, pile_name
from pasyansy_web.view import ActionView, TableView
from pygame_engine import Game, History, Move, SaveError, registry
from pygame_engine.cards import ACE, rank
from pygame_engine.layout import Layout
from pygame_engine.moves import CARD_MOVE
from pygame_engine.save import dumps, loads


@dataclass(slots=True)
class Outcome:
    """What a person's action did: the move played, or why nothing happened."""

    move: str | None = None
    message: str | None = None
    shake: tuple[str, int] | None = None
    steps: list[dict[str, Any]] = field(default_factory=list)
    confirm: str = ""  # a button's verb that waits for the player to confirm it

    def as_dict(self) -> dict[str, Any]:
        return {"move": self.move, "message": self.message, "shake": self.shake, "steps": self.steps}


@dataclass(slots=True)
class _LastTap:
    """The destinations of the last tapped card, so that tapping it again cycles."""

    choices: list[Move]
    chosen: int
    landed: tuple[str, int]
    position: int


class Table:
    """One game on the table."""

    def __init__(self, history: History, lang: str = "ru") -> None:
        self.history = history
        self.game: Game[Any] = history.game
        self.lang = lang
        self._last_tap: _LastTap | None = None
        self._hint: tuple[int, int] | None = None  # (history position, index of the hint shown)
        self.hinted: Move | None = None
        self.verdict = ""  # the solver's on the position on the table: "won", "lost", or "" (not known)
        self.winning: Move | None = None  # with "won", the next move of the winning line from here
        self.auto_home = False
        self._auto: set[int] = set()  # indices in the history of moves made by auto-move
        self._rewound: tuple[int, int] | None = None  # (from, to): the last step back to a winnable position
        self._played_at = 0  # the position the last move played led to, before any auto-move
        self._button_words = ""  # the words of the game's button that played it, as they were then
        self._steps: list[dict[str, Any]] = []  # the automatic steps the last move set off

    @classmethod
    def new(cls, game_id: str, deal: int, options: dict[str, Any] | None = None, lang: str = "ru") -> Table:
        return cls(History(registry.get(game_id), deal, options), lang)

    @classmethod
    def from_save(cls, text: str, lang: str = "ru", game_id: str | None = None) -> Table:
        """Raises :class:`pygame_engine.SaveError` with the reason when the save is damaged,
        or is not of ``game_id`` (the game it was stored for): opened, it would be stored
        again over that other game's own save."""
        history = loads(text)
        if game_id is not None and history.game.id != game_id:
            raise SaveError(f"the save is of {history.game.id}, not of {game_id}, under whose name it was stored")
        return cls(history, lang)

    def save(self) -> str:
        return dumps(self.history)

    @property
    def state(self) -> Any:
        return self.history.state

    def know(self, result: str, line: list[str] | tuple[str, ...] = ()) -> None:
        """What the solver says of the position on the table (``result`` "won" with its
        ``line``, "lost", or anything else for not known)."""
        self.verdict = result if result in ("won", "lost") else ""
        self.winning = Move.parse(line[0]) if self.verdict == "won" and line else None

    # --- actions -------------------------------------------------------------------------

    def _play(self, move: Move) -> Outcome:
        before = self.state
        steps = [{"what": s.what, "cards": list(s.cards), "src": s.src, "dst": s.dst}
                 for s in self.game.steps(before, move)]
        self._button_words = self._action_words(move.kind) if move.kind != CARD_MOVE else ""
        self.history.play(move)
        self._played_at = self.history.position
        self.hinted = None
        self._rewound = None  # the moves it stepped back over are gone
        auto = self.play_safe_home()
        self._steps = steps
        return Outcome(move=str(move), steps=steps + [{"what": "auto home", "move": m} for m in auto])

    def tap(self, pile: str, index: int) -> Outcome:
        """A tap on card ``index`` of ``pile`` (-1: on the empty place itself)."""
        piles = self.game.piles(self.state)
        if pile not in piles:
            return Outcome(message=t("no_move", self.lang))
        kind = self.game.layout().slot(pile).kind
        if kind == "stock":
            return self.stock()
        cards = piles[pile]
        if kind == "cell" and not cards:
            return self._fill_gap(pile)
        if not 0 <= index < len(cards) or index < self.game.hidden(self.state, pile):
            return Outcome(shake=(pile, index))
        last = self._last_tap
        if last and last.position == self.history.position and last.landed == (pile, index) and len(last.choices) > 1:
            self.history.undo()
            chosen = (last.chosen + 1) % len(last.choices)
            return self._tap_move(last.choices, chosen)
        count = len(cards) - index
        choices = self._places(pile, count)
        if not choices:
            return Outcome(message=t("no_move", self.lang), shake=(pile, index))
        return self._tap_move(choices, 0)

    def _places(self, pile: str, count: int) -> list[Move]:
        """The moves of the top ``count`` cards of ``pile``, in the order a tap tries them:
        the hinted or winning move first, then those that do not lead back."""
        first = [m for m in (self.hinted, self.winning) if m is not None]
        return hints.tap_order(self.history, self.game.destinations(self.state, pile, count), first)

    def choices(self, pile: str, index: int) -> dict[str, Any]:
        """Where the cards from ``index`` of ``pile`` may go, in the order a tap tries them, and
        that in words: what the keyboard's pick-and-place offers (``targets``, ``say``)."""
        cards = self.game.piles(self.state).get(pile, ())
        lang = self.lang
        if not 0 <= index < len(cards) or index < self.game.hidden(self.state, pile):
            return {"targets": [], "say": t("no_move", lang)}
        count = len(cards) - index
        moves = self._places(pile, count)
        card = card_name(cards[index], lang)
        if not moves:
            return {"targets": [], "say": t("picked_none", lang, card=card)}
        places = ", ".join(pile_name(self.game.layout().slot(m.dst), lang) for m in moves)
        return {"targets": [m.dst for m in moves],
                "say": t("picked_many" if count > 1 else "picked", lang, card=card, n=count, to=places)}

    def _tap_move(self, choices: list[Move], chosen: int) -> Outcome:
        move = choices[chosen]
        outcome = self._play(move)
        landed_pile = self.game.piles(self.state)[move.dst]
        self._last_tap = _LastTap(choices, chosen, (move.dst, len(landed_pile) - move.count), self.history.position)
        return outcome

    def _fill_gap(self, gap: str) -> Outcome:
        moves = [m for m in self.game.legal_moves(self.state) if m.kind == CARD_MOVE and m.dst == gap]
        if moves:
            return self._play(moves[0])
        reason = self.game.empty_reason(self.state, gap)
        message = reason[1 if self.lang == "en" else 0] if reason else t("no_move", self.lang)
        return Outcome(message=message, shake=(gap, -1))

    def drop(self, pile: str, index: int, target: str) -> Outcome:
        """Cards from ``index`` of ``pile`` dropped on ``target``."""
        cards = self.game.piles(self.state).get(pile, ())
        if not 0 <= index < len(cards) or target == pile:
            return Outcome(shake=(pile, index))
        move = Move.cards(pile, target, len(cards) - index)
        if self.game.explain(self.state, move) is not None:
            return Outcome(message=t("illegal_drop", self.lang), shake=(pile, index))
        self._last_tap = None
        return self._play(move)

    def stock(self) -> Outcome:
        """A tap on the stock: draw, or turn the waste back."""
        for verb in self.game.stock_verbs:
            move = Move(verb)
            if self.game.explain(self.state, move) is None:
                return self._play(move)
        return Outcome(message=t("stock_empty", self.lang), shake=("s", -1))

    def action(self, verb: str, sure: bool = False) -> Outcome:
        """One of the game's buttons (its verb). A button that warns plays only once ``sure``:
        until then its warning comes back, with ``confirm`` set to the verb."""
        move = Move(verb)
        reason = self.game.explain(self.state, move) if verb in self.game.verbs else "unknown"
        if reason is not None:
            return Outcome(message=reason)
        warning = next((a["warn"] for a in self.actions() if a["verb"] == verb and a["warn"]), "")
        if warning and not sure:
            return Outcome(message=warning, confirm=verb)
        return self._play(move)

    def hint(self) -> Outcome:
        """The next useful move, to mark on the table and say in words; pressing again shows
        the one after. The solver's winning line comes first when the page has one; no hint
        leads back to a position this game has been in (:mod:`pasyansy_web.hints`)."""
        lang = self.lang
        if self.verdict == "lost":
            self.hinted = None
            return Outcome(message=t("hint_lost", lang))
        found = hints.choose(self.history, self.winning)
        if not found.moves:
            self.hinted = None
            return Outcome(message=t("hint_back_only" if found.back_only else "no_hint", lang))
        shown = self._hint[1] + 1 if self._hint and self._hint[0] == self.history.position else 0
        shown %= len(found.moves)
        self._hint = (self.history.position, shown)
        self.hinted = found.moves[shown]
        words = hints.say(self.game, self.state, self.hinted, lang, self._action_words(self.hinted.kind))
        why = "hint_win" if found.why[shown] == "win" else "hint_guess"
        return Outcome(message=t(why, lang, n=shown + 1, m=len(found.moves), move=words))

    def _action_words(self, verb: str) -> str:
        return next((str(a["label"]) for a in self.actions() if a["verb"] == verb and a["label"]), "")

    def solution_step(self) -> Outcome:
        """The next move of the solver's winning line, played (auto-move waits: the line
        sends its aces home itself); nothing when no line is known."""
        move = self.winning
        if move is None or self.game.explain(self.state, move) is not None:
            return Outcome()
        auto, self.auto_home = self.auto_home, False
        try:
            return self._play(move)
        finally:
            self.auto_home = auto

    def rewind(self, to: int) -> Outcome:
        """Back to position ``to`` of this game, as one step that an undo takes back."""
        if not 0 <= to < self.history.position:
            return Outcome()
        self._rewound = (self.history.position, to)
        self.history.go(to)
        self.hinted = None
        return Outcome(move="rewind")

    def play_safe_home(self) -> list[str]:
        """With auto-move on: aces go home by themselves (nothing is ever built on an ace)."""
        played = []
        while self.auto_home:
            for move in self.game.legal_moves(self.state):
                if move.kind == CARD_MOVE and self.game.is_foundation(move.dst) and move.count == 1:
                    card = self.game.piles(self.state)[move.src][-1]
                    if rank(card) == ACE:
                        self.history.play(move)
                        self._auto.add(self.history.position - 1)
                        played.append(str(move))
                        break
            else:
                break
        return played

    def undo(self) -> Outcome:
        """Take back the last move, and the aces that auto-move sent home after it."""
        if self._rewound and self._rewound[1] == self.history.position:
            self.history.go(self._rewound[0])
            self._rewound = None
            return Outcome(move="undo")
        if not self.history.can_undo():
            return Outcome()
        while self.history.can_undo():
            self.history.undo()
            if self.history.position not in self._auto:
                break
        return Outcome(move="undo")

    def redo(self) -> Outcome:
        """Bring back a move, with the aces auto-move sent home after it."""
        if not self.history.can_redo():
            return Outcome()
        self.history.redo()
        while self.history.can_redo() and self.history.position in self._auto:
            self.history.redo()
        return Outcome(move="redo")

    # --- what the page shows -----------------------------------------------------------------

    def actions(self) -> list[ActionView]:
        """The game's own buttons, with their words (and the warning of one that asks to be confirmed)."""
        en = self.lang == "en"
        return [{"verb": a.verb, "label": a.en if en else a.ru, "enabled": a.enabled,
                 "warn": a.warn_en if en else a.warn_ru} for a in self.game.actions(self.state)]

    def announce(self, move: str) -> str:
        """The move just played, in words, for a screen reader: the card that went and
        where it went to, or what a button did."""
        lang = self.lang
        if move in ("undo", "redo", "rewind"):
            return t(move + "_done", lang)
        played = Move.parse(move)
        if played.kind != CARD_MOVE:
            words = next((w for w in self.game.verb_words if w.verb == played.kind), None)
            done = (words.done_en if lang == "en" else words.done_ru) if words else played.kind
            verb = self._button_words or done
            shown = self._shown_by(self._played_at)
            said = t("verb_done", lang, verb=f"{verb}; {shown}" if shown else verb)
            return f"{said} {self._said_steps()}" if self._steps else said
        after = self.history.states[self._played_at] if 0 < self._played_at <= self.history.position else self.state
        landed = self.game.piles(after)[played.dst]
        card = card_name(landed[len(landed) - played.count], lang)
        to = pile_name(self.game.layout().slot(played.dst), lang)
        said = t("moved_many" if played.count > 1 else "moved", lang, card=card, n=played.count, to=to)
        return f"{said} {self._said_steps()}" if self._steps else said

    def _said_steps(self) -> str:
        """The automatic steps the last move set off, in words: what went where."""
        lang, layout = self.lang, self.game.layout()
        parts = []
        for step in self._steps:
            cards = step["cards"]
            what = card_name(cards[0], lang) if len(cards) == 1 else cards_word(len(cards), lang)
            parts.append(f"{what} — {pile_name(layout.slot(step['dst']), lang)}")
        return t("then", lang, steps="; ".join(parts))

    def _shown_by(self, at: int, most: int = 3) -> str:
        """What the move that led to position ``at`` turned up, in words: each pile whose top
        card it changed, with that card when it lies face up (``"сброс: дама пик"``); none when
        it changed more than ``most`` piles (a reshuffle), which would be too long to hear."""
        if not 0 < at <= self.history.position:
            return ""
        game, lang = self.game, self.lang
        before, after = game.piles(self.history.states[at - 1]), game.piles(self.history.states[at])
        changed = [p for p in after if after[p] != before.get(p)]
        if len(changed) > most:
            return ""
        said = []
        for pile in changed:
            cards, hidden = after[pile], game.hidden(self.history.states[at], pile)
            name = pile_name(game.layout().slot(pile), lang)
            if not cards:
                said.append(f"{name}: {'пусто' if lang == 'ru' else 'empty'}")
            elif hidden < len(cards):
                said.append(f"{name}: {card_name(cards[-1], lang)}")
        return "; ".join(said)

    def counters(self) -> dict[str, str]:
        """The counts the rules limit, in words, by the pile they are shown at."""
        en = self.lang == "en"
        return {c.pile: c.en if en else c.ru for c in self.game.counters(self.state)}

    def view(self, portrait: bool = False) -> TableView:
        """Everything the renderer needs, as plain data."""
        game, state = self.game, self.state
        layout = game.layout(portrait)
        piles = game.piles(state)
        return {
            "game": game.id,
            "deal": self.history.deal,
            "name": game.name_en if self.lang == "en" else game.name_ru,
            "lang": self.lang,
            "layout": layout,
            "piles": {p: {"cards": list(c), "hidden": game.hidden(state, p)} for p, c in piles.items()},
            "moves": self.history.position,
            "can_undo": self.history.can_undo(),
            "can_redo": self.history.can_redo(),
            "status": game.status(state),
            "actions": self.actions(),
            "counters": self.counters(),
            "in_hand": list(game.in_hand(state)),
            "hint": None if self.hinted is None else {"src": self.hinted.src or self._stock(layout),
                                                      "dst": self.hinted.dst, "count": self.hinted.count,
                                                      "kind": self.hinted.kind},
        }

    @staticmethod
    def _stock(layout: Layout) -> str:
        """Where a hinted button's move (a draw, say) shows: the stock, if the game has one."""
        return next((slot.pile for slot in layout.slots if slot.kind == "stock"), "")


__all__ = ["Outcome", "Table"]
