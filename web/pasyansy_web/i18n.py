"""Every text of the interface, in Russian (first) and English."""

from __future__ import annotations

from typing import Final

LANGS: Final = ("ru", "en")

TEXTS: Final[dict[str, tuple[str, str]]] = {
    "title": ("Пасьянсы", "Patience"),
    "tagline": ("Старинные пасьянсы на две колоды — играйте где угодно, даже без сети.",
                "Old two-deck patience games — play anywhere, even offline."),
    "in_progress": ("партия идёт", "in progress"),
    "back": ("← Все пасьянсы", "← All games"),
    "deal": ("Расклад №{n}", "Deal #{n}"),
    "new_game": ("Новая игра", "New game"),
    "undo": ("Отменить", "Undo"),
    "redo": ("Вернуть", "Redo"),
    "moves": ("Ходов: {n}", "Moves: {n}"),
    "won": ("Пасьянс сошёлся! Ходов: {moves}, время {time}.", "Solved! Moves: {moves}, time {time}."),
    "lost": ("Ходов больше нет. Можно отменить ход или начать новую игру.",
             "No moves left. Undo a move or start a new game."),
    "lost_reshuffle": ("Ходов нет — можно перемешать.", "No moves left — you may reshuffle."),
    "no_move": ("Этой карте некуда идти.", "That card has nowhere to go."),
    "illegal_drop": ("Сюда нельзя.", "Not there."),
    "stock_empty": ("Колода пуста.", "The stock is empty."),
    "save_broken": ("Сохранённую партию не удалось открыть — она отложена, начата новая игра.",
                    "The saved game could not be opened — it was set aside and a new game started."),
    "bad_link": ("Ссылка неверна: {reason}", "The link is not valid: {reason}"),
    "loading": ("Загрузка…", "Loading…"),
    "reshuffle": ("Перемешать ({n})", "Reshuffle ({n})"),
    "stock": ("Колода: {n}", "Stock: {n}"),
    "passes": ("Проход {n} из {m}", "Pass {n} of {m}"),
    "aux": ("Вспомогательная: {n}", "Auxiliary: {n}"),
    "review_early": ("Обычные ходы ещё есть — просмотр можно начать и позже.",
                     "Ordinary moves remain — the review can wait."),
    "language": ("English", "Русский"),
    "animation_on": ("Анимация: вкл.", "Animation: on"),
    "animation_off": ("Анимация: выкл.", "Animation: off"),
}


def t(key: str, lang: str, **values: object) -> str:
    """The text ``key`` in ``lang``, with ``{name}`` fields filled in."""
    ru, en = TEXTS[key]
    text = en if lang == "en" else ru
    return text.format(**values) if values else text
