"""The interface every rules module implements.

A game turns a deal number into an immutable state and answers questions about
states. There are two ways to apply a move:

* :meth:`Game.apply` is the **unchecked** fast path for search: it trusts that the
  move came from :meth:`Game.legal_moves` and may produce nonsense otherwise;
* :meth:`Game.play` is the **checked** path for people: it accepts text or a
  :class:`Move`, and raises :class:`MalformedMoveError` or :class:`IllegalMoveError`
  naming the broken rule.

The rules of legality live once, in :meth:`Game.explain`; :meth:`Game.legal_moves`
is its fast enumeration, and the conformance tests hold the two to agreement.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Generic, Literal, TypeVar

from pygame_engine.errors import IllegalMoveError, MalformedMoveError, OptionsError
from pygame_engine.layout import Layout
from pygame_engine.moves import CARD_MOVE, Move

if TYPE_CHECKING:
    from pygame_engine.solver.plans import Board, QuickStep

S = TypeVar("S", bound=Hashable)

OptionValue = bool | int
Options = Mapping[str, OptionValue]
Status = Literal["playing", "won", "lost"]

MAX_DEAL = 10**12 - 1
"""The largest deal number: twelve digits, as links, saves and the deal box all take them."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: its allowed values, the first being the default."""

    name: str
    values: tuple[OptionValue, ...]
    label_ru: str
    label_en: str

    @property
    def default(self) -> OptionValue:
        return self.values[0]


@dataclass(frozen=True, slots=True)
class Action:
    """One of the game's own buttons (a verb move), as the table shows it: its words with
    any count in them, whether it can be pressed now, and, when pressing it now deserves a
    second thought, the warning that asks the player to confirm it first."""

    verb: str
    ru: str
    en: str
    enabled: bool = True
    warn_ru: str = ""
    warn_en: str = ""


@dataclass(frozen=True, slots=True)
class Verb:
    """How the page speaks of one of the game's verbs: as a hint or a key's help says it
    (``ru``/``en``: "взять карту из колоды"), and once it is played, for a screen reader
    (``done_ru``/``done_en``: "карта из колоды")."""

    verb: str
    ru: str
    en: str
    done_ru: str
    done_en: str


@dataclass(frozen=True, slots=True)
class Step:
    """One automatic step a move sets off (a refill, a penalty): ``cards`` from ``src`` to
    ``dst``; ``what`` names the rule, for the tests and the animation."""

    what: str
    cards: tuple[int, ...]
    src: str
    dst: str


@dataclass(frozen=True, slots=True)
class Counter:
    """A count the rules limit, shown beside its pile (passes through the stock, say)."""

    pile: str
    ru: str
    en: str


class Game(ABC, Generic[S]):
    """A patience game: metadata as class attributes, rules as methods."""

    id: ClassVar[str]
    name_ru: ClassVar[str]
    name_en: ClassVar[str]
    summary_ru: ClassVar[str]
    summary_en: ClassVar[str]
    decks: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    verbs: ClassVar[tuple[str, ...]] = ()
    """The game's moves other than card moves, such as ``"draw"``."""
    verb_words: ClassVar[tuple[Verb, ...]] = ()
    """The words for the verbs that have no button of their own (those of :meth:`actions`
    say themselves)."""
    stock_verbs: ClassVar[tuple[str, ...]] = ()
    """The verbs a tap on the stock plays: the first of them that is legal."""
    rules_ru: ClassVar[str]
    rules_en: ClassVar[str]
    source_figures_ru: ClassVar[str] = ""
    source_figures_en: ClassVar[str] = ""
    """What the source text says of how often the game comes out, for the rules page."""
    source_level_rates: ClassVar[dict[str, float]] = {}
    """The win rates the source text gives for its levels (``"easy"``, ``"medium"``,
    ``"hard"``), which the level catalogue aims at; none where it gives none."""

    # --- options -------------------------------------------------------------

    def normalize_options(self, given: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        """Every option with its value, defaults filled in; :class:`OptionsError` on bad input."""
        if given is not None and not isinstance(given, Mapping):
            raise OptionsError(f"{self.id}: options are given by name, as a mapping, not {given!r}"[:200])
        given = dict(given or {})
        result: dict[str, OptionValue] = {}
        for spec in self.options:
            value = given.pop(spec.name, spec.default)
            # bool is an int in Python: keep the two apart so that True is not a pass count.
            if not any(type(value) is type(v) and value == v for v in spec.values):
                allowed = ", ".join(repr(v) for v in spec.values)
                raise OptionsError(f"{self.id}: option {spec.name!r} cannot be {value!r} (allowed: {allowed})")
            result[spec.name] = value  # type: ignore[assignment]
        if given:
            raise OptionsError(f"{self.id} has no option {sorted(map(repr, given))[0]}"[:200])
        return result

    def new(self, deal: int, options: Mapping[str, object] | None = None) -> S:
        """The starting state of deal ``deal``, options checked."""
        if type(deal) is not int or not 0 <= deal <= MAX_DEAL:
            # repr of a number of over 4,300 digits raises: such a number is said by its size.
            big = type(deal) is int and abs(deal) >= 10**20
            shown = f"a number of {deal.bit_length()} bits" if big else repr(deal)
            raise OptionsError(f"a deal number is a whole number from 0 to {MAX_DEAL}, not {shown}"[:200])
        return self.deal(deal, self.normalize_options(options))

    # --- what each game writes -----------------------------------------------

    @abstractmethod
    def deal(self, number: int, options: Mapping[str, OptionValue]) -> S:
        """The starting state; ``options`` are already normalized."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[Move]:
        """Every legal move, in a stable order."""

    @abstractmethod
    def apply(self, state: S, move: Move) -> S:
        """Unchecked: the state after a move taken from :meth:`legal_moves`."""

    @abstractmethod
    def explain(self, state: S, move: Move) -> str | None:
        """``None`` if the move is legal, else the sentence naming the rule it breaks."""

    @abstractmethod
    def is_won(self, state: S) -> bool:
        """All cards home."""

    @abstractmethod
    def key(self, state: S) -> Hashable:
        """A canonical hashable key: equal for positions that play the same."""

    @abstractmethod
    def piles(self, state: S) -> dict[str, tuple[int, ...]]:
        """Every pile by id, bottom card first; together they hold every card of the game."""

    @abstractmethod
    def layout(self, portrait: bool = False) -> Layout:
        """Where the piles lie on the table; ``portrait`` asks for a tall, narrow table."""

    def hidden(self, state: S, pile: str) -> int:
        """How many cards of ``pile``, from its bottom, lie face down.

        By default the stock and the auxiliary pile are face down and all else face up.
        """
        kind = self.layout().slot(pile).kind
        return len(self.piles(state)[pile]) if kind in ("stock", "aux") else 0

    # --- what a table shows -----------------------------------------------------
    # The page draws these and knows no game: a game without buttons, counters or a pile in
    # hand keeps the defaults.

    def actions(self, state: S) -> list[Action]:
        """The game's own buttons, in the order they are shown."""
        return []

    def counters(self, state: S) -> list[Counter]:
        """The counts to show at their piles."""
        return []

    def in_hand(self, state: S) -> tuple[str, ...]:
        """The piles the game has in hand now (a pile under review), to stand out on the table."""
        return ()

    def steps(self, state: S, move: Move) -> list[Step]:
        """The automatic steps the legal ``move`` sets off from ``state``, in order."""
        return []

    def stuck(self, state: S) -> tuple[str, str] | None:
        """Why no card can move while a verb still can, in Russian and in English, when the
        page should say so (the verbs left are offered beside it); ``None`` otherwise."""
        return None

    def empty_reason(self, state: S, pile: str) -> tuple[str, str] | None:
        """Why no card can go into the empty ``pile`` now, in Russian and in English, for a
        tap on it; ``None`` where the page's own "no move" says enough."""
        return None

    # --- what a search may ask ------------------------------------------------
    # The solver (pygame_engine.solver) needs only legal_moves, apply, is_won and key.
    # A game may add the hooks below to make its searches faster or surer; ``None`` (or
    # the default) is the plain game. A hook must keep the search sound: every position
    # reachable by legal moves stays reachable, up to ``search_key``, by ``search_moves``,
    # but that a move may be left out where a move kept is at least as good.

    search_moves: Callable[[S], list[tuple[Move, ...]]] | None = None
    """The moves to try, best first, each a tuple played in a row (a *macro*, such as
    "draw until the seven of hearts shows, then play it"); ``None``: each legal move alone."""

    search_key: Callable[[S], Hashable] | None = None
    """A coarser key under which positions that reach each other freely, or that the rules
    cannot tell apart, count as one; ``None``: :meth:`key`."""

    apply_macro: Callable[[S, tuple[Move, ...]], S] | None = None
    """The state after a whole macro, faster than its moves one by one and equal to it."""

    search_dead: Callable[[S], bool] | None = None
    """A sound proof that no win is left, costing a few positions at most: the full search
    and the beams expand no position it proves."""

    search_rank: Callable[[S], float] | None = None
    """A number for a position, higher nearer a win: the full search then goes into a
    position's children highest first, over the same positions."""

    restart_moves: Callable[[S, random.Random], list[tuple[Move, ...]]] | None = None
    """A pruned, shuffled set of macros for the quick pass's short searches (need not be
    sound: only their wins count); ``None``: no short searches."""

    quick_steps: Callable[[S], list[QuickStep]] | None = None
    """The quick pass in the game's own steps (best-first scores, beams, narrowed searches;
    :mod:`pygame_engine.solver.plans`); ``None``: the short searches alone."""

    search_board: Callable[[S], Board | None] | None = None
    """One mutable position the claiming full search plays forward and back instead of a
    new state per move (``None`` from it where the game cannot offer one)."""

    search_claims: ClassVar[bool | Literal["best first"]] = False
    """The full search claims every child as it expands a position and goes into the last
    first (``"best first"``: the first of ``search_moves`` first)."""

    search_split: ClassVar[tuple[int, int]] = (0, 0)
    """``(depth, share)``: the claiming search makes the positions ``depth`` moves deep and
    then searches under each in turn, ``share`` new positions at a time."""

    search_spread: ClassVar[bool] = False
    """With a split: each search hands the last move of its shallowest level to a new
    search after each round, so a bad choice deeper down costs only its share."""

    def restart_nodes(self, start: S) -> int:
        """The positions of each short search of the quick pass."""
        return 3000

    def quick_share(self, start: S) -> float | None:
        """The share of both budgets the short searches get; ``None``: the caller's."""
        return None

    # --- shared behaviour ------------------------------------------------------

    def play(self, state: S, move: Move | str) -> S:
        """Checked: the state after ``move``, or a precise error."""
        if isinstance(move, str):
            move = Move.parse(move)
        elif not isinstance(move, Move):
            raise MalformedMoveError(f"a move must be a Move or its text, not {type(move).__name__}")
        reason = self.explain(state, move)
        if reason is not None:
            raise IllegalMoveError(str(move), reason, self.where(state))
        return self.apply(state, move)

    def where(self, state: S) -> str:
        """A few words naming the position, for error messages."""
        deal = getattr(state, "deal", None)
        return f"{self.id} deal {deal}" if deal is not None else self.id

    def status(self, state: S) -> Status:
        """Won, lost (no move left) or still playing."""
        if self.is_won(state):
            return "won"
        return "lost" if not self.legal_moves(state) else "playing"

    def destinations(self, state: S, src: str, count: int = 1) -> list[Move]:
        """The legal moves of ``count`` cards from ``src``, in the order a tap tries them.

        Foundations come first, then the other piles in their order, so that tapping the
        same card again cycles through the places it may go.
        """
        found = [m for m in self.legal_moves(state) if m.kind == CARD_MOVE and m.src == src and m.count == count]
        return sorted(found, key=lambda m: 0 if self.is_foundation(m.dst) else 1)

    def is_foundation(self, pile: str) -> bool:
        """Whether ``pile`` is a foundation, as the layout says."""
        return pile in self.layout().foundations

    def player_rank(self, state: S, move: Move) -> float:
        """How obvious ``move`` is to a hasty player, lower first: by default a card home,
        then onto a card, then into an empty pile, and the game's buttons last. The
        ordinary player (:mod:`pygame_engine.player`) and the hints rank moves by it."""
        if move.kind != CARD_MOVE:
            return 3.0
        if self.is_foundation(move.dst):
            return 0.0
        return 1.0 if self.piles(state)[move.dst] else 2.0

    def hints(self, state: S) -> list[Move]:
        """Useful moves, most useful first, for the hint button: as the ordinary player
        ranks them (:meth:`player_rank`)."""
        return sorted(self.legal_moves(state), key=lambda move: float(self.player_rank(state, move)))

    def replay(self, deal: int, moves: Sequence[Move | str], options: Mapping[str, object] | None = None) -> S:
        """The state after playing ``moves`` from the deal's start, every move checked."""
        state = self.new(deal, options)
        for move in moves:
            state = self.play(state, move)
        return state
