"""The game's controls as HTML: the bar at the bottom, within the thumb's reach, and the menu.

The bar holds what a player presses often: undo, redo, the hint, the game's own action
(with its count) and the menu. The menu holds the rest: all games, a new game (a level, a
deal by number, the same deal again), the rules, the statistics and the settings of the
table. Every button carries ``data-call`` (and ``data-verb``), which ``table.js`` sends.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from pasyansy_web.i18n import t
from pasyansy_web.pages import anim_button
from pasyansy_web.stored import LEVEL_CHOICES
from pasyansy_web.view import TableView

ICONS = {"undo": "↶", "redo": "↷", "hint": "✦", "action": "▶", "menu": "☰"}


def _bar_button(call: str, label: str, enabled: bool = True, verb: str = "", extra: str = "") -> str:
    verb_attr = f' data-verb="{escape(verb)}"' if verb else ""
    disabled = "" if enabled else " disabled"
    return (f'<button data-call="{call}"{verb_attr}{disabled}{extra}><span class="icon" aria-hidden="true">'
            f'{ICONS[call]}</span><span class="word">{escape(label)}</span></button>')


def bar_html(view: TableView, lang: str, menu_open: bool) -> str:
    """The bottom bar: undo, redo, hint, the game's own buttons, the menu."""
    buttons = [
        _bar_button("undo", t("undo", lang), bool(view["can_undo"])),
        _bar_button("redo", t("redo", lang), bool(view["can_redo"])),
        _bar_button("hint", t("hint_button", lang)),
    ]
    for action in view["actions"]:
        if action["label"]:
            buttons.append(_bar_button("action", str(action["label"]), bool(action["enabled"]), str(action["verb"])))
    buttons.append(_bar_button("menu", t("menu", lang), extra=f' aria-expanded="{str(menu_open).lower()}"'
                                                               ' aria-controls="menu"'))
    return "".join(buttons)


def menu_html(view: TableView, lang: str, choosing: bool, levels: Sequence[str], large: bool,
              speed: str) -> str:
    """The menu; ``choosing`` shows the choice of a new deal in it, ``levels`` those that can be chosen."""
    if choosing:
        buttons = "".join(
            f'<button data-call="level" data-verb="{lv}"{"" if lv in levels else " disabled"}>'
            f'{t("level_" + lv, lang)}</button>' for lv in LEVEL_CHOICES)
        return (f'<p class="choose">{t("choose_level", lang)}</p><div class="row">{buttons}</div>'
                f'<div class="row"><label class="deal-input">{t("open_deal", lang)}<input id="deal-number" '
                f'inputmode="numeric" size="7" aria-label="{t("open_deal", lang)}"></label>'
                f'<button data-call="deal">OK</button></div>'
                f'<div class="row"><button data-call="replay">{t("replay", lang)}</button>'
                f'<button data-call="cancel">{t("back_to_game", lang)}</button></div>')
    items = [
        f'<a class="button" href="#">{t("back", lang)}</a>',
        f'<button data-call="new">{t("new_game", lang)}</button>',
        f'<a class="button" href="#rules={view["game"]}">{t("rules", lang)}</a>',
        f'<a class="button" href="#stats">{t("stats", lang)}</a>',
        f'<button data-call="toggle" data-verb="large" aria-pressed="{str(large).lower()}">{t("large", lang)}</button>',
        anim_button(speed, lang),
    ]
    return "".join(items)
