"""Every text of the interface, in Russian (first) and English."""

from __future__ import annotations

from typing import Final

LANGS: Final = ("ru", "en")

TEXTS: Final[dict[str, tuple[str, str]]] = {
    "title": ("Пасьянсы", "Patience"),
    "table": ("стол", "table"),
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
    "no_move": ("Этой карте некуда идти.", "That card has nowhere to go."),
    "illegal_drop": ("Сюда нельзя.", "Not there."),
    "stock_empty": ("Колода пуста.", "The stock is empty."),
    "save_broken": ("Сохранённую партию не удалось открыть — она отложена, начата новая игра.",
                    "The saved game could not be opened — it was set aside and a new game started."),
    "save_broken_kept": ("Сохранённую партию не удалось открыть, а для её копии нет места: она оставлена как есть."
                         " Новая партия хранится отдельно.",
                         "The saved game could not be opened, and there is no room to copy it aside: it is left as it"
                         " is. The new game is kept apart from it."),
    "drop_broken": ("Удалить повреждённую партию", "Delete the damaged game"),
    "broken_dropped": ("Повреждённая партия удалена.", "The damaged game was deleted."),
    "synced": ("Партия обновлена из другой вкладки.", "The game was brought up to date from another tab."),
    "not_saved": ("Ход сделан, но не сохранён: браузер не даёт записать партию (память переполнена или отключена).",
                  "The move is made but not saved: the browser refuses to store the game (storage full or off)."),
    "no_storage": ("Браузер не даёт ничего хранить: партии не сохранятся, играть можно.",
                   "The browser keeps no data here: games will not be saved, but you can play."),
    "stats_broken": ("Часть сохранённой статистики не удалось прочесть — она отложена, остальное показано.",
                     "Part of the saved statistics could not be read — it was set aside; the rest is shown."),
    "bad_link": ("Ссылка неверна: {reason}", "The link is not valid: {reason}"),
    "link_no_game": ("в ней не назван пасьянс.", "it names no game."),
    "link_two_games": ("в ней назван не один пасьянс.", "it names more than one game."),
    "link_unknown_game": ("пасьянса «{game}» здесь нет.", "there is no game '{game}' here."),
    "link_bad_deal": ("«{text}» не номер расклада (номер — целое число от 0, не длиннее {digits} цифр).",
                      "'{text}' is not a deal number (a whole number from 0 up, at most {digits} digits)."),
    "loading": ("Загрузка…", "Loading…"),
    "stock": ("Колода: {n}", "Stock: {n}"),
    "aux": ("Вспомогательная: {n}", "Auxiliary: {n}"),
    "not_now": ("Не сейчас", "Not now"),
    "language": ("По-английски", "In Russian"),
    "hint_win": ("Подсказка {n} из {m}: {move} — ведёт к победе.", "Hint {n} of {m}: {move} — leads to a win."),
    "hint_guess": ("Подсказка {n} из {m}: {move} — догадка, решатель пока не знает, сойдётся ли.",
                   "Hint {n} of {m}: {move} — a guess: the solver does not know yet."),
    "hint_lost": ("Пасьянс уже не сойдётся: решатель проверил все продолжения, выигрышного нет."
                  " Можно вернуться к последней позиции, откуда он сходится.",
                  "This deal can no longer be won: the solver tried every way on and none wins."
                  " You can go back to the last position it can be won from."),
    "hint_back_only": ("Новых ходов нет: любой ход вернёт к позиции, которая уже была.",
                       "No new move: every move leads back to a position already seen."),
    "say_onto": ("{card} на {top} ({pile})", "{card} onto {top} ({pile})"),
    "say_empty": ("{card} на пустое место ({pile})", "{card} to the empty {pile}"),
    "say_home": ("{card} в дом", "{card} home"),
    "say_run": ("{card} с картами на ней ({n})", "{card} with the cards on it ({n})"),
    "rewind": ("вернуться", "go back"),
    "rewind_offer": ("Вернуться к выигрышной позиции", "Back to a winnable position"),
    "rewind_done": ("Вернулись к последней позиции, откуда пасьянс сходится.",
                    "Back at the last position the deal can be won from."),
    "rewind_searching": ("Решатель ищет последнюю выигрышную позицию…",
                         "The solver is looking for the last winnable position…"),
    "rewind_none": ("Позиции, откуда пасьянс наверняка сходится, решатель не нашёл.",
                    "The solver found no position that it could prove winnable."),
    "solution": ("решение", "solution"),
    "solution_on": ("Решение: ход за ходом. Нажмите на стол, чтобы остановить.",
                    "The solution, move by move. Tap the table to stop."),
    "menu": ("Меню", "Menu"),
    "stats_line": ("Уровень «{level}»: побед {rate}%, серия {streak}.", "Level {level}: {rate}% won, streak {streak}."),
    "next_deal": ("Следующий расклад", "Next deal"),
    "deal_short": ("№{n}", "#{n}"),
    "short_pending": ("думает…", "thinking…"),
    "short_won": ("✓ сойдётся", "✓ winnable"),
    "short_lost": ("✗ не сойдётся", "✗ lost"),
    "short_unknown": ("? не знает", "? unknown"),
    "short_longer": ("ищет дольше…", "searching…"),
    "short_error": ("решатель недоступен", "no solver"),
    "verdict_pending": ("Решатель думает…", "The solver is thinking…"),
    "verdict_won": ("Пасьянс ещё может сойтись", "Still winnable"),
    "verdict_lost": ("Пасьянс уже не сойдётся", "Can no longer be won"),
    "verdict_unknown": ("Решатель не нашёл ответа", "The solver found no answer in time"),
    "verdict_note": ("Так судит решатель, который видит все карты, и закрытые тоже.",
                     "As judged by a solver that sees every card, face-down ones included."),
    "verdict_again": ("искать дольше", "search longer"),
    "verdict_longer": ("Решатель ищет дольше…", "The solver is searching longer…"),
    "verdict_error": ("Решатель недоступен", "The solver is unavailable"),
    "solver": ("Решатель: сойдётся ли пасьянс", "Solver: still winnable?"),
    "say_verdict": ("Говорить, когда решатель меняет ответ", "Say when the solver's answer changes"),
    "moved": ("Ход: {card} — {to}.", "Moved: {card} to {to}."),
    "moved_many": ("Ход: {card} и карты на ней (всего {n}) — {to}.",
                   "Moved: {card} with the cards on it ({n} in all) to {to}."),
    "verb_done": ("Ход: {verb}.", "Move: {verb}."),
    "picked": ("Взята: {card}. Можно положить: {to}. Стрелки выбирают, Enter кладёт, Escape — отмена.",
               "Picked up: {card}. It may go to: {to}. Arrows choose, Enter puts it down, Escape cancels."),
    "picked_many": ("Взята: {card} и карты на ней (всего {n}). Можно положить: {to}. Стрелки выбирают, "
                    "Enter кладёт, Escape — отмена.",
                    "Picked up: {card} with the cards on it ({n} in all). They may go to: {to}. Arrows choose, "
                    "Enter puts them down, Escape cancels."),
    "picked_none": ("{card}: ходить некуда.", "{card}: nowhere to go."),
    "then": ("Затем: {steps}.", "Then: {steps}."),
    "undo_done": ("Ход отменён.", "Move undone."),
    "redo_done": ("Ход возвращён.", "Move redone."),
    "no_hint": ("Полезных ходов не видно.", "No useful move in sight."),
    "hint_button": ("Подсказка", "Hint"),
    "settings": ("Настройки", "Settings"),
    "large": ("Крупно", "Large cards"),
    "letter_keys": ("Клавиши-буквы: H — подсказка, ? — все клавиши", "Letter keys: H for a hint, ? for every key"),
    "to_table": ("К столу", "To the table"),
    "auto_home": ("Тузы в дом сами", "Aces go home by themselves"),
    "game_options": ("Правила игр", "Rules of the games"),
    "game_options_note": ("Действуют с новой раздачи.", "They apply from the next new deal."),
    "rules": ("Правила", "Rules"),
    "stats": ("Статистика", "Statistics"),
    "level": ("Уровень", "Level"),
    "level_easy": ("Лёгкий", "Easy"),
    "level_medium": ("Средний", "Medium"),
    "level_hard": ("Сложный", "Hard"),
    "level_any": ("Любой", "Any"),
    "choose_level": ("Какой расклад?", "Which deal?"),
    "bad_deal": ("Номер расклада — целое число от 0, не длиннее 12 цифр.",
                 "A deal number is a whole number from 0 up, at most 12 digits."),
    "open_deal": ("Открыть расклад №", "Open deal #"),
    "replay": ("Сыграть заново", "Replay deal"),
    "back_to_game": ("Вернуться к партии", "Back to the game"),
    "link_other_deal": ("Ссылка ведёт к раскладу №{linked}, а здесь идёт партия №{playing}. Открыть новый расклад"
                        " — значит закончить эту партию (она будет засчитана как проигранная).",
                        "The link is to deal #{linked}, and deal #{playing} is in progress here. Opening the new deal"
                        " ends this game (it counts as lost)."),
    "open_linked": ("Открыть расклад №{n}", "Open deal #{n}"),
    "played": ("Сыграно", "Played"),
    "won_count": ("Выиграно", "Won"),
    "win_rate": ("Процент побед", "Win rate"),
    "streak": ("Серия", "Streak"),
    "best_streak": ("Лучшая серия", "Best streak"),
    "best_time": ("Лучшее время", "Best time"),
    "reset": ("Сбросить статистику", "Reset statistics"),
    "reset_confirm": ("Точно сбросить всю статистику?", "Really reset all statistics?"),
    "on": ("вкл.", "on"),
    "off": ("выкл.", "off"),
    "figures": ("Сколько раскладов сходится", "How many deals come out"),
    "figures_ours": ("Наш решатель проверил {n} раскладов (до {s} с на расклад) и доказал, что {w} из них сходятся"
                     " — для игрока, который видит все карты, включая закрытые.",
                     "Our solver checked {n} deals (up to {s} s per deal) and proved {w} of them winnable — for a"
                     " player who could see every card, face-down ones included."),
    "figures_lost": ("Доказанно не сходятся, как ни играй: {l}; об остальных решатель за это время ответа"
                     " не нашёл.",
                     "Another {l} deals are proved lost however one plays; for the rest the solver found no answer"
                     " in that time."),
    "figures_open": ("Об остальных решатель за это время ответа не нашёл.",
                     "For the rest the solver found no answer in that time."),
    "figures_other": ("В варианте «{o}: {v}» из {n} раскладов доказанно сходятся {w}, доказанно не сходятся {l}.",
                      "In the variant “{o}: {v}”, of {n} deals {w} are proved winnable and {l} proved lost."),
    "yes": ("да", "yes"),
    "no": ("нет", "no"),
    "figures_levels": ("Уровни «Лёгкий», «Средний» и «Сложный» составлены только из доказанно сходящихся раскладов;"
                       " обычный игрок без отмены выигрывает их в среднем в {e}, {m} и {h} партий.",
                       "The Easy, Medium and Hard levels hold proved-winnable deals only; an ordinary player"
                       " without undo wins them on average in {e}, {m} and {h} of games."),
    "figures_ahead": ("Уровни составлены только из доказанно сходящихся раскладов, по тому, как далеко вперёд"
                      " нужно просчитывать, чтобы выиграть без отмены: «Лёгкий» выигрывает игрок, который перед"
                      " каждым ходом перебирает до {a} позиций вперёд, «Средний» — до {top}, для «Сложного» не"
                      " хватает и {top}. Игрок, перебирающий {r} позиций, выигрывает их в {e}, {m} и {h} партий.",
                      "The levels hold proved-winnable deals only, graded by how far ahead one must reckon to win"
                      " without undo: a player who tries up to {a} positions ahead before each move wins an Easy"
                      " deal, up to {top} a Medium one, and not even {top} are enough for a Hard one. A player who"
                      " tries {r} positions wins them in {e}, {m} and {h} of games."),
    "figures_ahead_rate": ("Уровни составлены только из доказанно сходящихся раскладов, по тому, как часто их"
                           " выигрывает без отмены игрок, который перед каждым ходом перебирает {r} позиций"
                           " вперёд: «Лёгкий» он выиграл хотя бы в {e_won} партиях из {n}, «Сложный» — не больше"
                           " чем в {h_won}. Заново он выигрывает их в {e}, {m} и {h} партий.",
                           "The levels hold proved-winnable deals only, graded by how often a player who tries"
                           " {r} positions ahead before each move wins them without undo: he won an Easy deal in"
                           " at least {e_won} games of {n}, a Hard one in at most {h_won}. Played again, he wins"
                           " them in {e}, {m} and {h} of games."),
    "figures_plans_rate": ("Уровни составлены только из доказанно сходящихся раскладов, по тому, как часто их"
                           " выигрывает без отмены игрок, который перед каждым ходом перебирает {r} позиций"
                           " вперёд и ведёт игру к той, где в домах больше всего карт: «Лёгкий» он выиграл хотя"
                           " бы в {e_won} партиях из {n}, «Сложный» — не больше чем в {h_won}. Заново он"
                           " выигрывает их в {e}, {m} и {h} партий.",
                           "The levels hold proved-winnable deals only, graded by how often a player wins them"
                           " without undo who tries {r} positions ahead before each move and steers toward the one"
                           " with the most cards home: he won an Easy deal in at least {e_won} games of {n}, a Hard"
                           " one in at most {h_won}. Played again, he wins them in {e}, {m} and {h} of games."),
    "figures_effort": ("Где обычный игрок выигрывает одинаково часто, уровни разделены по тому, сколько перебора"
                       " понадобилось решателю: чем легче уровень, тем меньше.",
                       "Where the ordinary player wins equally often, the levels are told apart by how much search"
                       " the solver needed: the easier the level, the less."),
    "animation": ("Анимация", "Animation"),
    "anim_fast": ("быстро", "fast"),
    "anim_on": ("обычно", "normal"),
    "anim_slow": ("медленно", "slow"),
    "anim_off": ("выкл.", "off"),
}


def t(key: str, lang: str, **values: object) -> str:
    """The text ``key`` in ``lang``, with ``{name}`` fields filled in."""
    ru, en = TEXTS[key]
    text = en if lang == "en" else ru
    return text.format(**values) if values else text
