"""Pages around the table, as HTML: the start page, a game's rules, statistics.

Pure functions of their inputs (no browser), so they are tested on CPython.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from pasyansy_web.i18n import t
from pasyansy_web.stored import LEVEL_CHOICES, SETTINGS
from pygame_engine import Game, registry
from pygame_engine.levels import LEVELS, catalogue


def setting_label(name: str, lang: str) -> str:
    return {"large": t("large", lang), "auto": t("auto_home", lang),
            "solver": t("solver", lang), "keys": t("letter_keys", lang),
            "say_verdict": t("say_verdict", lang)}[name]


def anim_button(speed: str, lang: str) -> str:
    """The button that says the slide's speed and, pressed, takes the next."""
    return (f'<button data-call="anim" aria-pressed="{str(speed != "off").lower()}">'
            f'{t("animation", lang)}: {t("anim_" + speed, lang)}</button>')


def options_html(options: dict[str, dict[str, bool | int]], lang: str) -> str:
    """Each game's options (its ``OptionSpec``), a button each that says the value and, pressed,
    takes the next; they apply from the game's next new deal."""
    rows = []
    for game in registry.games():
        for spec in game.options:
            value = options.get(game.id, {}).get(spec.name, spec.default)
            shown = t("yes" if value else "no", lang) if isinstance(value, bool) else str(value)
            name = game.name_en if lang == "en" else game.name_ru
            label = spec.label_en if lang == "en" else spec.label_ru
            rows.append(f'<button data-call="option" data-verb="{game.id}:{spec.name}">'
                        f"{escape(name)} — {escape(label)}: {shown}</button>")
    if not rows:
        return ""
    return f'<section class="settings"><h2>{t("game_options", lang)}</h2><p>{t("game_options_note", lang)}</p>' \
        f'{"".join(rows)}</section>'


def settings_html(settings: dict[str, bool], speed: str, lang: str) -> str:
    """Switches for every setting, each a button that says whether it is on; the slide's speed."""
    rows = []
    for name in SETTINGS:
        state = t("on", lang) if settings[name] else t("off", lang)
        rows.append(f'<button data-call="toggle" data-verb="{name}" aria-pressed="{str(settings[name]).lower()}">'
                    f"{escape(setting_label(name, lang))}: {state}</button>")
        if name == "large":
            rows.append(anim_button(speed, lang))
    rows.append(f'<button data-call="lang">{t("language", lang)}</button>')
    return f'<section class="settings"><h2>{t("settings", lang)}</h2>{"".join(rows)}</section>'


def start_html(lang: str, in_progress: set[str], settings: dict[str, bool], speed: str, message: str | None,
               options: dict[str, dict[str, bool | int]] | None = None) -> str:
    items = []
    for game in registry.games():
        name = game.name_en if lang == "en" else game.name_ru
        summary = game.summary_en if lang == "en" else game.summary_ru
        mark = f' <span class="mark">{t("in_progress", lang)}</span>' if game.id in in_progress else ""
        items.append(
            f'<li><a href="#game={game.id}" data-game="{game.id}"><strong>{escape(name)}</strong>{mark}'
            f'<span>{escape(summary)}</span></a>'
            f'<a class="rules-link" href="#rules={game.id}">{t("rules", lang)}</a></li>'
        )
    note = f'<p class="note" role="alert">{escape(message)}</p>' if message else ""
    return (f"<h1>{t('title', lang)}</h1><p>{t('tagline', lang)}</p>{note}"
            f'<ul class="games">{"".join(items)}</ul>'
            f'<p><a class="button" href="#stats">{t("stats", lang)}</a></p>'
            f"{settings_html(settings, speed, lang)}{options_html(options or {}, lang)}")


def _markdown(text: str) -> str:
    """The rules texts' small Markdown: paragraphs and "- " lists."""
    out: list[str] = []
    items: list[str] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            out.append(f"<p>{escape(' '.join(para))}</p>")
            para.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{escape(i)}</li>" for i in items) + "</ul>")
            items.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            flush()
        elif stripped.startswith("- "):
            if para:
                flush()
            items.append(stripped[2:])
        elif items and line.startswith("  "):
            items[-1] += " " + stripped
        else:
            if items:
                flush()
            para.append(stripped)
    flush()
    return "".join(out)


def figures_html(game: Game[Any], lang: str) -> str:
    """What the solver measured, from the shipped level catalogue, and the source's own words."""
    parts = [f"<h2>{t('figures', lang)}</h2>"]
    source = game.source_figures_en if lang == "en" else game.source_figures_ru
    if source:
        parts.append(f"<p>{escape(source)}</p>")
    data = catalogue(game.id)
    if data:
        seconds = f"{data.get('seconds', 2):g}"
        ours = t("figures_ours", lang, n=data["decided_from"], s=seconds, w=data["proved_winnable"])
        lost = data.get("proved_lost", 0)
        if data["proved_winnable"] + lost < data["decided_from"]:
            ours += " " + (t("figures_lost", lang, l=lost) if lost else t("figures_open", lang))
        parts.append(f"<p>{escape(ours)}</p>")
        for other in data.get("other_rules", []):
            for spec in game.options:
                value = other["options"].get(spec.name, spec.default)
                if value == spec.default:
                    continue
                shown = t("yes" if value else "no", lang) if isinstance(value, bool) else str(value)
                label = spec.label_en if lang == "en" else spec.label_ru
                parts.append("<p>" + escape(t("figures_other", lang, o=label, v=shown, n=other["decided_from"],
                                                w=other["proved_winnable"], l=other["proved_lost"])) + "</p>")
        parts.append(f"<p>{escape(levels_line(data, lang))}</p>")
    return "".join(parts)


def levels_line(data: dict[str, Any], lang: str) -> str:
    """What each level means, in the figures measured for it: by the player who looks
    ahead, or the one who plans, where the catalogue is graded by that
    (``tools/lookahead.py``), else by the ordinary player."""
    if "ahead" in data:
        ahead = data["ahead"]
        rates = [f"{data['ahead_rate'][level]:.0%}" for level in LEVELS]
        if "ladder" in ahead:  # graded by the least lookahead that wins a deal
            return t("figures_ahead", lang, a=ahead["easy_up_to"], top=ahead["ladder"][-1], r=ahead["reference"],
                     e=rates[0], m=rates[1], h=rates[2])
        n = ahead["plays"]
        said = "figures_plans_rate" if ahead.get("player") == "plans" else "figures_ahead_rate"
        return t(said, lang, r=ahead["reference"], n=n, e_won=math.ceil(ahead["easy_share"] * n),
                 h_won=math.floor(ahead["hard_share"] * n), e=rates[0], m=rates[1], h=rates[2])
    shown_rates = [f"{data['mean_player_rate'][level]:.0%}" for level in LEVELS]
    line = t("figures_levels", lang, e=shown_rates[0], m=shown_rates[1], h=shown_rates[2])
    if len(set(shown_rates)) < len(shown_rates):
        # The catalogue sorts deals the player wins equally often by the solver's effort.
        line += " " + t("figures_effort", lang)
    return line


def rules_html(game: Game[Any], lang: str) -> str:
    name = game.name_en if lang == "en" else game.name_ru
    text = game.rules_en if lang == "en" else game.rules_ru
    return (f'<p><a class="button" href="#">{t("back", lang)}</a> '
            f'<a class="button" href="#game={game.id}">{escape(name)}</a></p>'
            f"<h1>{escape(name)}</h1>{_markdown(text)}{figures_html(game, lang)}")


def stats_html(stats: dict[str, Any], damaged: bool, lang: str) -> str:
    """A table per game: every level with its counts; with ``damaged``, a word that the
    stored statistics held something unreadable, which was set aside."""
    head = "".join(f"<th>{t(k, lang)}</th>" for k in
                   ("level", "played", "won_count", "win_rate", "streak", "best_streak", "best_time"))
    blocks = []
    for game in registry.games():
        rows = []
        for level in LEVEL_CHOICES:
            s = stats.get(game.id, {}).get(level)
            if not s:
                continue
            rate = f"{s['won'] / s['played']:.0%}" if s["played"] else "—"
            best = s.get("best_time")
            best_text = f"{int(best) // 60}:{int(best) % 60:02d}" if best is not None else "—"
            rows.append(f"<tr><td>{t('level_' + level, lang)}</td><td>{s['played']}</td><td>{s['won']}</td>"
                        f"<td>{rate}</td><td>{s['streak']}</td><td>{s['best_streak']}</td><td>{best_text}</td></tr>")
        if rows:
            name = game.name_en if lang == "en" else game.name_ru
            blocks.append(f'<h2>{escape(name)}</h2><table class="stats" data-game="{game.id}">'
                          f"<tr>{head}</tr>{''.join(rows)}</table>")
    body = "".join(blocks) or f"<p>{t('played', lang)}: 0</p>"
    if damaged:
        body = f'<p class="note" role="alert">{escape(t("stats_broken", lang))}</p>' + body
    return (f'<p><a class="button" href="#">{t("back", lang)}</a></p><h1>{t("stats", lang)}</h1>{body}'
            f'<p><button data-call="reset_stats" data-confirm="{escape(t("reset_confirm", lang))}">'
            f'{t("reset", lang)}</button></p>')


def record(stats: dict[str, Any], game_id: str, level: str, won: bool, seconds: float) -> None:
    """Count one finished (won) or abandoned game."""
    s = stats.setdefault(game_id, {}).setdefault(level, {"played": 0, "won": 0, "streak": 0, "best_streak": 0,
                                                          "best_time": None})
    s["played"] += 1
    if won:
        s["won"] += 1
        s["streak"] += 1
        s["best_streak"] = max(s["best_streak"], s["streak"])
        s["best_time"] = seconds if s["best_time"] is None else min(s["best_time"], seconds)
    else:
        s["streak"] = 0
