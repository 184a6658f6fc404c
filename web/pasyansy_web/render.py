"""The table as HTML: absolutely placed cards drawn with CSS, from a view of
:meth:`pasyansy_web.table.Table.view`. Positions are in card units (CSS variables
``--x`` and ``--y``), so a resize only changes the card size on the table.
"""

from __future__ import annotations

from html import escape
from typing import Any

from pasyansy_web.view import TableView
from pygame_engine.cards import RANKS_RU, SUIT_SYMBOLS, card_text, is_red, rank, suit
from pygame_engine.layout import Layout, Slot
from pygame_engine.moves import CARD_MOVE

RANKS_EN = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_NAMES = {"ru": ("пик", "червей", "бубен", "треф"), "en": ("spades", "hearts", "diamonds", "clubs")}
RANK_NAMES = {
    "ru": ("туз", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка", "девятка",
           "десятка", "валет", "дама", "король"),
    "en": ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"),
}
KIND_NAMES = {
    "ru": {"foundation": "дом", "tableau": "стопка", "stock": "колода", "waste": "сброс", "reserve": "резерв",
           "aux": "вспомогательная стопка", "prisoner": "пленник", "cell": "клетка"},
    "en": {"foundation": "foundation", "tableau": "pile", "stock": "stock", "waste": "waste", "reserve": "reserve",
           "aux": "auxiliary pile", "prisoner": "prisoner", "cell": "cell"},
}


def card_name(card: int, lang: str) -> str:
    """``"дама червей"`` / ``"queen of hearts"``, for screen readers."""
    r, s = RANK_NAMES[lang][rank(card) - 1], SUIT_NAMES[lang][suit(card)]
    return f"{r} {s}" if lang == "ru" else f"{r} of {s}"


def card_label(card: int, lang: str) -> str:
    """``"Д♥, дама червей"``: the index as the card shows it, then the card in words (a name
    that begins with the text in sight, so that a player who says what they see reaches it)."""
    return f"{index_text(card, lang)}{SUIT_SYMBOLS[suit(card)]}, {card_name(card, lang)}"


CAPTIONS = {
    # What a named pile (``Slot.named``) shows on the table; soft hyphens let the long
    # word break, in three lines if need be, on a narrow card.
    "ru": {"stock": "колода", "aux": "вспо\u00adмо\u00adга\u00adтель\u00adная", "reserve": "резерв"},
    "en": {"stock": "stock", "aux": "aux\u00adil\u00adia\u00adry", "reserve": "reserve"},
}


ONE_OF_A_KIND = frozenset({"stock", "waste", "reserve", "aux"})  # no game has two of these


def pile_name(slot: Slot, lang: str) -> str:
    """``"дом f1"`` / ``"foundation f1"``, ``"колода"`` / ``"stock"``: a pile as a screen reader names it."""
    kind = KIND_NAMES[lang][slot.kind]
    return kind if slot.kind in ONE_OF_A_KIND else f"{kind} {slot.label or slot.pile}"


def cards_word(n: int, lang: str) -> str:
    """``"5 карт"``, ``"1 карта"``, ``"3 карты"`` / ``"5 cards"``."""
    if lang == "en":
        return f"{n} card" if n == 1 else f"{n} cards"
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} карта"
    return f"{n} карты" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else f"{n} карт"


def pile_label(slot: Slot, cards: list[int], hidden: int, counter: str, lang: str) -> str:
    """A pile as a screen reader reads it: its name, how many cards, the card on top when it
    shows, and its counter: ``"стопка 3: 5 карт, открыта дама пик"``, ``"колода: 65 карт"``."""
    if not cards and slot.kind != "stock":  # an empty stock shows its count, 0, and says it
        said = f"{pile_name(slot, lang)}: {'пусто' if lang == 'ru' else 'empty'}"
    else:
        said = f"{pile_name(slot, lang)}: {cards_word(len(cards), lang)}"
        if hidden < len(cards):
            top = card_name(cards[-1], lang)
            said += f", открыта {top}" if lang == "ru" else f", {top} on top"
    return f"{said}, {counter}" if counter else said


def index_text(card: int, lang: str) -> str:
    return (RANKS_RU if lang == "ru" else RANKS_EN)[rank(card) - 1]


FAN_STEPS = {"down": (0.24, 0.1), "right": (0.7, 0.12)}
"""A fan's step after a face-up card and after a face-down one, in card heights down or
card widths across: down, the index's height (0.32 of a card's width, on a card 1.4 times
as tall as wide) and a little; across, the width of "10♦" from the card's edge (0.66 of
a card's width)."""
READABLE = {"down": 0.24, "right": 0.68}
"""The least step after a face-up card that leaves its index whole and readable."""
LARGE = 1.3
"""How much larger «Крупно» makes the indices, and so the fans' face-up steps."""


def fan(slot: Slot, count: int, hidden: int, scale: float = 1.0) -> tuple[list[tuple[float, float]], int]:
    """Where each card of a pile lies, in card units, and how many of its cards lie squared
    under the first one fanned.

    A fan that outgrows its room is squeezed, face-down cards tighter. Squeezed so far that
    the face-up cards' indices would overlap, it fans only the cards nearest its top and
    squares the deepest under them: a few cards read whole rather than every card as a
    sliver (a late reserve of Строптивые дамы holds some fifty). ``scale`` is «Крупно»'s
    (``LARGE``): its larger indices need as much larger a step."""
    if slot.fan == "none" or count < 2:
        return [(slot.x, slot.y)] * count, 0
    face_up_step, back_step = FAN_STEPS[slot.fan]
    face_up_step *= scale
    steps = [back_step if i < hidden else face_up_step for i in range(count - 1)]
    for first in range(count):  # the cards squared under the fan: as few as leave it readable
        wanted = sum(steps[first:])
        squeeze = min(1.0, slot.room / wanted) if wanted else 1.0
        if face_up_step * squeeze >= READABLE[slot.fan] * scale - 1e-9:
            break
    spots, pos = [], 0.0
    for i in range(count):
        spots.append((slot.x, slot.y + pos) if slot.fan == "down" else (slot.x + pos, slot.y))
        if first <= i < count - 1:
            pos += steps[i] * squeeze
    return spots, first


def _card(card: int, pile: str, i: int, x: float, y: float, face_up: bool, lang: str, z: int,
          squared: bool = False) -> str:
    style = f"--x:{x:.3f};--y:{y:.3f};z-index:{z}"
    if not face_up:
        return f'<div class="card back" data-pile="{pile}" data-index="{i}" style="{style}"></div>'
    colour = "red" if is_red(card) else "black"
    # A card under a fan's first card: the style sheet lifts it into sight while it has the focus.
    # The centre pip and the corner upside down are drawn by the style sheet: the only text in the
    # page is the index, which the card's name begins with.
    classes = f"{colour} squared" if squared else colour
    ix, pip = index_text(card, lang), SUIT_SYMBOLS[suit(card)]
    return (
        f'<div class="card {classes}" data-pile="{pile}" data-index="{i}" data-card="{card_text(card)}" '
        f'role="button" tabindex="-1" aria-label="{escape(card_label(card, lang))}" style="{style}">'
        f'<span class="ix">{ix}<b>{pip}</b></span><span class="pip" data-s="{pip}"></span>'
        f'<span class="ix ix2" data-s="{ix}" data-p="{pip}"></span></div>'
    )


def _uncovered(layout: Layout, slot: Slot, piles: dict[str, Any]) -> float:
    """How much of an empty slot's height, in card heights, no card of the slots below it in
    the same column covers: all of it, unless a later slot's cards (drawn over it) lie over
    its lower part."""
    later = layout.slots[layout.slots.index(slot) + 1:]
    below = [s.y - slot.y for s in later if s.x == slot.x and slot.y < s.y < slot.y + 1 and piles[s.pile]["cards"]]
    return round(min([1.0, *below]), 3)


def table_html(view: TableView) -> str:
    """The table's inner HTML: a slot for every pile, then its cards; a hinted move's
    cards carry the classes ``hint hint-src``, and its target ``hint hint-dst``."""
    lang = view["lang"]
    layout = view["layout"]
    hint = view["hint"]
    hint_src, hint_dst = (hint["src"], hint["dst"]) if hint else ("", "")
    hint_moves = hint is not None and hint["kind"] == CARD_MOVE  # a card move, not a verb's
    parts = []
    for order, slot in enumerate(layout.slots):
        # Later slots lie above earlier ones, so overlapping rows and cells show their indices; an
        # empty slot lies above the cards of the slot before it, so a gap in a column shows.
        z = 10 + order * 60
        pile = view["piles"][slot.pile]
        cards, hidden = pile["cards"], pile["hidden"]
        caption = CAPTIONS[lang][slot.kind] if slot.named else ""
        in_slot = "" if cards else caption  # an empty named pile's slot says what lies there
        label = escape(in_slot or (slot.label if slot.kind != "stock" else str(len(cards))))
        aimed = hint_dst == slot.pile or (hint is not None and not hint_moves and hint_src == slot.pile)
        target = (" hint hint-dst" if hint_dst == slot.pile else " hint hint-src") if aimed else ""
        named = " named" if in_slot else ""
        spots, squared = fan(slot, len(cards), hidden, LARGE if view.get("large") else 1.0)
        shown = "" if cards else f";--h:{_uncovered(layout, slot, view['piles'])};z-index:{z}"
        held = slot.pile in view.get("in_hand", ())
        if held and cards:  # the pile in hand is ringed round the whole of its fan
            shown = f";--h:{round(spots[-1][1] - slot.y + 1, 3)};--w:{round(spots[-1][0] - slot.x + 1, 3)}"
        named += " in-hand" if held else ""
        counter = view.get("counters", {}).get(slot.pile, "")
        name = escape(pile_label(slot, cards, hidden, counter, lang))
        # One tab stop for the table (the first pile; table.js moves it to the pile last played);
        # a numbered pile is reached by its number's key.
        numbered = f' data-no="{escape(slot.label)}"' if slot.numbered else ""
        parts.append(
            f'<div class="slot kind-{slot.kind}{target}{named}" data-pile="{slot.pile}" data-index="-1" role="button" '
            f'tabindex="{0 if order == 0 else -1}"{numbered} aria-label="{name}" '
            f'style="--x:{slot.x};--y:{slot.y}{shown}">'
            f'<span class="label">{label}</span></div>'
        )
        if slot.numbered:
            parts.append(f'<div class="pile-no{" in-hand" if held else ""}" aria-hidden="true" '
                         f'style="--x:{slot.x};--y:{slot.y}">{escape(slot.label)}</div>')
        if counter:
            parts.append(f'<div class="counter" aria-hidden="true" style="--x:{slot.x};--y:{slot.y}">'
                         f'{escape(counter)}</div>')
        moving = hint is not None and hint_moves and hint_src == slot.pile
        hinted_from = len(cards) - hint["count"] if hint is not None and moving else None
        mark = "hint hint-src"
        if hint_dst == slot.pile and cards:
            hinted_from, mark = len(cards) - 1, "hint hint-dst"
        for i, ((x, y), card) in enumerate(zip(spots, cards, strict=True)):
            html = _card(card, slot.pile, i, x, y, i >= hidden, lang, z + i, i < squared)
            if hinted_from is not None and i >= hinted_from:
                html = html.replace('<div class="card ', f'<div class="{mark} card ', 1)
            parts.append(html)
        if (slot.kind in ("stock", "aux") and cards) or squared:  # how many, where the pile does not show it
            corner = f" {slot.fan}" if squared else ""  # clear of the index that a fan leaves in sight
            parts.append(f'<div class="badge{corner}" style="--x:{slot.x};--y:{slot.y}">{len(cards)}</div>')
        if caption and cards and hidden == len(cards):
            # On the backs, which hide nothing; an empty slot shows it as its label, and a face-up pile shows its cards.
            style = f"--x:{slot.x};--y:{slot.y}"
            parts.append(f'<div class="caption" aria-hidden="true" style="{style}">{escape(caption)}</div>')
    for note in layout.notes:
        words = note.en if lang == "en" else note.ru
        style = f"--x:{note.x};--y:{note.y}"
        parts.append(f'<div class="row-note" aria-hidden="true" style="{style}">{escape(words)}</div>')
    return "".join(parts)
