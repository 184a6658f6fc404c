"""The front end's pure-Python side: taps, drops, buttons, links and the HTML drawn."""

from __future__ import annotations

import itertools
import re
from typing import Any
from urllib.parse import parse_qs

import pytest
from pasyansy_web.links import LinkError, _fields, parse_link
from pasyansy_web.render import FAN_STEPS, READABLE, card_name, cards_word, fan, pile_name, table_html
from pasyansy_web.stored import clean_stats, clean_times
from pasyansy_web.table import Table

from pygame_engine import SaveError, registry
from pygame_engine.cards import card_text
from pygame_engine.layout import Slot


def find_card_with_two_places(game_id: str) -> tuple[int, str, int]:
    for deal in range(1, 400):
        table = Table.new(game_id, deal)
        game, state = table.game, table.state
        for pile, cards in game.piles(state).items():
            for i in range(game.hidden(state, pile), len(cards)):
                if len(game.destinations(state, pile, len(cards) - i)) >= 2:
                    return deal, pile, i
    raise AssertionError("no card with two places")


def test_tapping_the_same_card_again_cycles_through_its_places() -> None:
    deal, pile, index = find_card_with_two_places("topsy_turvy_queens")
    table = Table.new("topsy_turvy_queens", deal)
    start = table.state
    choices = table.game.destinations(start, pile, len(table.game.piles(start)[pile]) - index)
    seen = []
    first = table.tap(pile, index)
    seen.append(first.move)
    for _ in range(len(choices)):
        landed = table._last_tap
        assert landed is not None
        outcome = table.tap(*landed.landed)
        seen.append(outcome.move)
        assert table.history.position == 1, "cycling replaces the move, it does not add one"
    assert seen[: len(choices)] == [str(m) for m in choices]
    assert seen[len(choices)] == seen[0], "after the last place the card comes back to the first"


def test_a_card_that_cannot_move_shakes() -> None:
    table = Table.new("topsy_turvy_queens", 1)
    game, state = table.game, table.state
    stuck = next((p, len(c) - 1) for p, c in game.piles(state).items()
                 if p.startswith("t") and not game.destinations(state, p, 1))
    outcome = table.tap(*stuck)
    assert outcome.move is None and outcome.shake == stuck and outcome.message == "Этой карте некуда идти."
    assert table.history.position == 0


def test_a_gap_that_takes_nothing_says_why_in_the_players_language() -> None:
    table = Table.new("hard_rug", 1)
    game = table.game
    # Play until some gap has a king on its left.
    for _ in range(200):
        state = table.state
        gaps = [c for c, cards in game.piles(state).items() if not cards]
        king_gaps = [c for c in gaps if game.gap_reason(state, c) == "king_left"]
        if king_gaps:
            break
        table.history.play(game.legal_moves(state)[0])
    assert king_gaps
    outcome = table.tap(king_gaps[0], -1)
    assert outcome.message == "Слева король — после короля продолжения нет." and outcome.move is None
    table.lang = "en"
    assert table.tap(king_gaps[0], -1).message == "A king on the left: nothing follows a king."


def test_a_gap_that_takes_a_card_is_filled_by_a_tap() -> None:
    table = Table.new("hard_rug", 1)
    gap = next(m.dst for m in table.game.legal_moves(table.state))
    outcome = table.tap(gap, -1)
    assert outcome.move is not None and outcome.move.endswith(f">{gap}")
    assert table.game.piles(table.state)[gap] != ()


def test_drops_and_the_stock() -> None:
    table = Table.new("topsy_turvy_queens", 1)
    outcome = table.drop("t2", 3, "f3")
    assert outcome.move is None and outcome.message == "Сюда нельзя." and table.history.position == 0
    assert table.stock().move == "draw"
    assert table.drop("t1", 3, "f1").move == "t1>f1"
    assert table.history.position == 2


def test_buttons_name_what_they_do() -> None:
    block = Table.new("stumbling_block", 1)
    warning = "Обычные ходы ещё есть. Начать просмотр сейчас?"
    assert block.actions() == [{"verb": "review", "label": "Начать просмотр: стопка 13", "enabled": True,
                                "warn": warning}]
    rug = Table.new("hard_rug", 1)
    assert rug.actions() == [{"verb": "reshuffle", "label": "Перемешать (5)", "enabled": False, "warn": ""}]
    assert rug.action("reshuffle").move is None
    assert Table.new("hard_rug", 1, {"reshuffles": 0}).actions() == []


def test_a_review_begun_early_waits_for_a_confirm_and_its_pile_stands_out() -> None:
    block = Table.new("stumbling_block", 1)
    assert block.game.ordinary_moves(block.state)  # ordinary moves remain at the start of deal 1
    asked = block.action("review")
    assert (asked.move, asked.confirm, asked.message) == (None, "review", block.actions()[0]["warn"])
    assert block.history.position == 0 and block.view()["in_hand"] == []
    assert block.action("review", sure=True).move == "review"
    assert block.view()["in_hand"] == ["t13"]
    assert block.actions() == [{"verb": "review", "label": "Следующая стопка: 12", "enabled": True, "warn": ""}]
    assert block.action("review").move == "review" and block.view()["in_hand"] == ["t12"]


def test_undo_and_redo_through_the_table() -> None:
    table = Table.new("hard_rug", 2)
    table.tap(*next((m.src, 0) for m in table.game.legal_moves(table.state)))
    after = table.state
    assert table.undo().move == "undo" and table.history.position == 0
    assert table.undo().move is None
    assert table.redo().move == "redo" and table.state == after
    assert Table.from_save(table.save()).state == after
    assert Table.from_save(table.save(), game_id="hard_rug").state == after


def test_a_save_stored_under_another_games_name_is_refused() -> None:
    text = Table.new("topsy_turvy_queens", 3).save()
    with pytest.raises(SaveError, match="the save is of topsy_turvy_queens, not of hard_rug"):
        Table.from_save(text, game_id="hard_rug")


@pytest.mark.parametrize("game_id", [g.id for g in registry.games()])
def test_the_html_draws_every_card_face_up_or_down(game_id: str) -> None:
    table = Table.new(game_id, 4)
    html = table_html(table.view())
    game, state = table.game, table.state
    for pile, cards in game.piles(state).items():
        hidden = game.hidden(state, pile)
        pattern = rf'<div class="card ([a-z]+)" data-pile="{pile}" data-index="\d+"(?: data-card="(\w\w)")?'
        drawn = re.findall(pattern, html)
        assert [c for _, c in drawn] == [""] * hidden + [card_text(c) for c in cards[hidden:]]
        assert all(colour == "back" for colour, _ in drawn[:hidden])
        assert f'data-pile="{pile}" data-index="-1"' in html, "every pile has a slot to tap and drop on"


def test_russian_and_english_indices() -> None:
    table = Table.new("hard_rug", 1)
    ru = table_html(table.view())
    assert ">Д<b>" in ru and ">К<b>" in ru and ">Т<b>" in ru and ">В<b>" in ru and "дама" in ru
    table.lang = "en"
    en = table_html(table.view())
    assert ">Q<b>" in en and ">K<b>" in en and ">A<b>" in en and ">J<b>" in en and "queen of" in en


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_pile_has_a_name_of_its_own_in_the_players_language(lang: str) -> None:
    other = "[A-Za-z]{2,}" if lang == "ru" else "[А-Яа-яЁё]"
    for game in registry.games():
        for layout in {game.layout(), game.layout(portrait=True)}:
            names = [pile_name(slot, lang) for slot in layout.slots]
            assert len(set(names)) == len(names), (game.id, names)
            assert not [name for name in names if re.search(other, name)], (game.id, names)
    stock = registry.get("shrewish_queens").layout().slot("s")
    assert (pile_name(stock, "ru"), pile_name(stock, "en")) == ("колода", "stock")


def captions(html: str) -> list[str]:
    """The captions drawn on the table: across a pile's backs, or as a named slot's label."""
    on_backs = re.findall(r'<div class="caption"[^>]*>([^<]*)</div>', html)
    in_slots = re.findall(r'class="slot [^"]* named"[^>]*><span class="label">([^<]*)</span>', html)
    return [text.replace("\u00ad", "") for text in on_backs + in_slots]


def test_the_two_piles_face_down_and_the_reserve_are_named_on_the_table() -> None:
    table = Table.new("shrewish_queens", 7)
    for portrait in (False, True):
        assert captions(table_html(table.view(portrait))) == ["колода", "вспомогательная", "резерв"]
    table.lang = "en"
    assert captions(table_html(table.view())) == ["stock", "auxiliary", "reserve"]
    table.lang = "ru"
    table.tap("s", -1)  # a draw: the reserve shows its cards, not a caption over them
    assert table.game.piles(table.state)["r"]
    assert captions(table_html(table.view())) == ["колода", "вспомогательная"]
    for game in registry.games():
        if game.id != "shrewish_queens":
            assert captions(table_html(Table.new(game.id, 7).view())) == [], game.id


@pytest.mark.parametrize("direction", ["down", "right"])
def test_a_long_fan_shows_its_top_cards_readable_and_squares_the_rest(direction: str) -> None:
    slot = Slot("r", "reserve", 1.0, 2.0, fan=direction, room=3.2)  # type: ignore[arg-type]
    along = 1 if direction == "down" else 0
    step = FAN_STEPS[direction][0]
    short, squared = fan(slot, int(slot.room / step) + 1, 0)  # as many as the room holds at the full step
    assert squared == 0 and all(abs(b[along] - a[along] - step) < 1e-9 for a, b in itertools.pairwise(short))
    for count in (14, 20, 45, 60):
        spots, squared = fan(slot, count, 0)
        ends = [p[along] for p in spots]
        assert ends[-1] - ends[0] <= slot.room + 1e-9, "the fan keeps to its room"
        assert ends[: squared + 1] == [ends[0]] * (squared + 1), "the deepest cards lie squared at the pile's place"
        gaps = [b - a for a, b in itertools.pairwise(ends[squared:])]
        assert min(gaps) >= READABLE[direction] - 1e-9, (count, min(gaps))
        assert squared == 0 or len(gaps) > slot.room / READABLE[direction] - 1, "no more squared than need be"
    assert fan(slot, 45, 0)[1] > 0
    _, squared = fan(slot, 40, 36)
    assert 0 < squared < 36, "face-down cards are squared first, and only as many as need be"


def test_a_squared_pile_says_how_many_cards_it_holds() -> None:
    table = Table.new("shrewish_queens", 7)
    while len(table.game.piles(table.state)["r"]) < 45:
        table.tap("s", -1)
    count = len(table.game.piles(table.state)["r"])
    html = table_html(table.view(True))
    assert f'<div class="badge down" style="--x:4.5;--y:2.8">{count}</div>' in html
    squared = fan(table.game.layout(True).slot("r"), count, 0)[1]
    marked = re.findall(r'class="card (?:red|black) squared" data-pile="r" data-index="(\d+)"', html)
    assert squared > 0 and marked == [str(i) for i in range(squared)], "the squared cards, for the style sheet"
    assert '<div class="badge right"' in table_html(table.view(False))


@pytest.mark.parametrize(
    ("link", "words"),
    [("#game=chess", "no game 'chess'"), ("#deal=4", "names no game"), ("#game=hard_rug&deal=-3", "'-3'"),
     ("#game=hard_rug&deal=1e5", "'1e5'"), ("#game=hard_rug&deal=" + "9" * 13, "at most 12 digits"),
     ("#game=hard_rug&game=topsy_turvy_queens", "more than one game")],
)
def test_bad_links_are_refused_with_a_reason(link: str, words: str) -> None:
    with pytest.raises(LinkError, match=re.escape(words)):
        parse_link(link)


@pytest.mark.parametrize(
    ("link", "ru", "en"),
    [("#game=chess", "Ссылка неверна: пасьянса «chess» здесь нет.", "The link is not valid: there is no game 'chess'"),
     ("#deal=4", "Ссылка неверна: в ней не назван пасьянс.", "The link is not valid: it names no game."),
     ("#game=hard_rug&deal=1e5", "Ссылка неверна: «1e5» не номер расклада", "The link is not valid: '1e5' is not a")],
)
def test_a_bad_link_is_explained_in_the_players_language(link: str, ru: str, en: str) -> None:
    with pytest.raises(LinkError) as caught:
        parse_link(link)
    assert caught.value.said("ru").startswith(ru)
    assert caught.value.said("en").startswith(en)
    assert not re.search("[a-z]{3}", caught.value.said("ru").replace("chess", "").replace("e5", "")), "no English"


def test_good_links() -> None:
    assert parse_link("#game=topsy_turvy_queens") == ("topsy_turvy_queens", None)
    assert parse_link("game=hard_rug&deal=0") == ("hard_rug", 0)


def test_links_are_split_as_the_standard_library_splits_them() -> None:
    pieces = ("game", "=", "&", "deal", "7", "", "a=b", "%41", "+", ";", "&&", "=v", "х")
    for count in range(1, 5):
        for parts in itertools.product(pieces, repeat=count):
            raw = "".join(parts)
            assert _fields(raw) == parse_qs(raw, keep_blank_values=True), raw
    assert parse_link("#game=hard%5Frug&deal=7") == ("hard_rug", 7)


def test_a_pile_says_its_count_and_its_top_card() -> None:
    assert [cards_word(n, "ru") for n in (1, 2, 5, 11, 12, 21, 22, 25, 104)] == [
        "1 карта", "2 карты", "5 карт", "11 карт", "12 карт", "21 карта", "22 карты", "25 карт", "104 карты"]
    html = table_html(Table.new("topsy_turvy_queens", 1).view())
    assert 'aria-label="колода: 65 карт"' in html and 'aria-label="сброс: пусто"' in html
    assert re.search(r'aria-label="стопка t1: 4 карты, открыта [а-яё]+ [а-яё]+"', html)


def test_the_pass_counter_stands_at_the_stock_where_the_stock_has_a_limit() -> None:
    book = Table.new("topsy_turvy_queens", 1, {"book_rules": True})
    assert book.counters() == {"s": "Проход 1 из 3"}
    assert Table.new("topsy_turvy_queens", 1).counters() == {}
    piles = Table.new("thirteen_piles", 1, {"passes": 2})
    assert piles.counters() == {}  # no stock until the steps are done
    while piles.actions():
        piles.action("step")
    assert piles.counters() == {"s": "Проход 1 из 2"}
    stock = cards_word(len(piles.state.stock), "ru")
    assert f'aria-label="колода: {stock}, Проход 1 из 2"' in table_html(piles.view())


def test_auto_move_sends_aces_home_and_undo_takes_them_back_with_the_move() -> None:
    for deal in range(1, 300):
        table = Table.new("stumbling_block", deal)
        table.auto_home = True
        game = table.game
        # A move after which an ace lies on top of a pile, ready to go home.
        for move in game.legal_moves(table.state):
            if move.kind != "move" or move.dst.startswith("f"):
                continue
            after = game.apply(table.state, move)
            if any(p and p[-1] % 13 == 0 for p in after.piles):
                break
        else:
            continue
        start = table.state
        table.drop(move.src, len(game.piles(start)[move.src]) - move.count, move.dst)
        assert table.history.position >= 2, "the move and at least one ace home"
        assert all(not (p and p[-1] % 13 == 0) for p in table.state.piles)
        table.undo()
        assert table.state == start, "one undo takes back the move and its aces"
        table.redo()
        assert table.history.position == len(table.history.moves)
        return
    raise AssertionError("no deal with an ace to uncover")


def test_the_rules_page_quotes_the_measured_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    from pasyansy_web import pages

    data = {"game": "hard_rug", "plays": 32, "decided_from": 1000, "proved_winnable": 990, "proved_lost": 4,
            "seconds": 2, "mean_player_rate": {"easy": 0.2, "medium": 0.1, "hard": 0.03},
            "other_rules": [{"options": {"reshuffles": 0}, "decided_from": 300, "proved_winnable": 40,
                             "proved_lost": 9}]}
    monkeypatch.setattr(pages, "catalogue", lambda game_id: data)
    game = registry.get("hard_rug")
    ru, en = pages.figures_html(game, "ru"), pages.figures_html(game, "en")
    assert "проверил 1000 раскладов" in ru and "сходятся 990" not in ru and "990 из них сходятся" in ru
    assert "Доказанно не сходятся, как ни играй: 4" in ru
    assert "«Перемешиваний: 0» из 300 раскладов доказанно сходятся 40, доказанно не сходятся 9" in ru
    assert "proved 990 of them winnable" in en and "Another 4 deals are proved lost" in en
    assert "“Reshuffles: 0”, of 300 deals 40 are proved winnable and 9 proved lost" in en
    assert "в среднем в 20%, 10% и 3% партий." in ru and "перебора" not in ru and "how much search" not in en
    assert not re.search("[а-яё]", en, re.IGNORECASE)


def test_the_rules_page_says_how_levels_the_player_cannot_tell_apart_differ(monkeypatch: pytest.MonkeyPatch) -> None:
    from pasyansy_web import pages

    data = {"game": "stumbling_block", "plays": 32, "decided_from": 1200, "proved_winnable": 1008, "proved_lost": 0,
            "seconds": 10, "mean_player_rate": {"easy": 0.004, "medium": 0.0, "hard": 0.0}, "other_rules": []}
    monkeypatch.setattr(pages, "catalogue", lambda game_id: data)
    game = registry.get("stumbling_block")
    ru, en = pages.figures_html(game, "ru"), pages.figures_html(game, "en")
    assert "в среднем в 0%, 0% и 0% партий. Где обычный игрок выигрывает одинаково часто" in ru
    assert "сколько перебора понадобилось решателю: чем легче уровень, тем меньше." in ru
    assert "in 0%, 0% and 0% of games. Where the ordinary player wins equally often" in en
    assert not re.search("[а-яё]", en, re.IGNORECASE)


def test_the_rules_page_says_how_far_ahead_each_level_asks_one_to_look(monkeypatch: pytest.MonkeyPatch) -> None:
    from pasyansy_web import pages

    data = {"game": "thirteen_piles", "decided_from": 1000, "proved_winnable": 1000, "proved_lost": 0, "seconds": 10,
            "ahead": {"ladder": [10, 40, 160, 640], "easy_up_to": 40, "reference": 40},
            "ahead_rate": {"easy": 0.81, "medium": 0.3, "hard": 0.05},
            "mean_player_rate": {"easy": 0.0, "medium": 0.0, "hard": 0.0}, "other_rules": []}
    monkeypatch.setattr(pages, "catalogue", lambda game_id: data)
    game = registry.get("thirteen_piles")
    ru, en = pages.figures_html(game, "ru"), pages.figures_html(game, "en")
    assert "перебирает до 40 позиций вперёд, «Средний» — до 640, для «Сложного» не хватает и 640" in ru
    assert "Игрок, перебирающий 40 позиций, выигрывает их в 81%, 30% и 5% партий." in ru
    assert "перебора понадобилось решателю" not in ru, "the solver's effort grades nothing here"
    assert "tries 40 positions wins them in 81%, 30% and 5% of games." in en
    assert not re.search("[а-яё]", en, re.IGNORECASE)


RATE_LINES = [
    ({"game": "thirteen_piles", "ahead": {"plays": 8, "reference": 10, "easy_share": 0.75, "hard_share": 0.125},
      "ahead_rate": {"easy": 0.6, "medium": 0.25, "hard": 0.07}},
     ["перебирает 10 позиций вперёд: «Лёгкий» он выиграл хотя бы в 6 партиях из 8, «Сложный» — не больше"
      " чем в 1. Заново он выигрывает их в 60%, 25% и 7% партий."],
     ["tries 10 positions ahead", "in at least 6 games of 8, a Hard one in at most 1.",
      "Played again, he wins them in 60%, 25% and 7% of games."]),
    ({"game": "stumbling_block",
      "ahead": {"player": "plans", "plays": 24, "reference": 1000, "easy_share": 0.29, "hard_share": 0.09},
      "ahead_rate": {"easy": 0.3, "medium": 0.2, "hard": 0.1}},
     ["перебирает 1000 позиций вперёд и ведёт игру к той, где в домах больше всего карт: «Лёгкий» он"
      " выиграл хотя бы в 7 партиях из 24, «Сложный» — не больше чем в 2.",
      "Заново он выигрывает их в 30%, 20% и 10% партий."],
     ["steers toward the one with the most cards home: he won an Easy deal in at least 7 games of 24"]),
]
"""Catalogues graded by how often a player who looks ahead, or plans, wins a deal, and what
their rules pages say of the levels."""


@pytest.mark.parametrize(("graded", "ru_says", "en_says"), RATE_LINES, ids=["looks ahead", "plans"])
def test_the_rules_page_says_how_often_the_grading_player_wins_each_level(
        monkeypatch: pytest.MonkeyPatch, graded: dict[str, Any], ru_says: list[str], en_says: list[str]) -> None:
    from pasyansy_web import pages

    data = {"decided_from": 1000, "proved_winnable": 1000, "proved_lost": 0, "seconds": 10,
            "mean_player_rate": {"easy": 0.0, "medium": 0.0, "hard": 0.0}, "other_rules": [], **graded}
    monkeypatch.setattr(pages, "catalogue", lambda game_id: data)
    game = registry.get(graded["game"])
    ru, en = pages.figures_html(game, "ru"), pages.figures_html(game, "en")
    assert all(said in ru for said in ru_says), ru
    assert all(said in en for said in en_says), en
    assert not re.search("[а-яё]", en, re.IGNORECASE)


GOOD_COUNTS = {"played": 3, "won": 1, "streak": 0, "best_streak": 1, "best_time": 95.5}


def test_stored_statistics_keep_what_reads_and_say_when_something_did_not() -> None:
    good = {"hard_rug": {"any": dict(GOOD_COUNTS), "easy": {**GOOD_COUNTS, "best_time": None}}}
    assert clean_stats(good) == (good, False)
    assert clean_stats({}) == ({}, False)
    for bad in (None, [], "x", 5):  # not statistics at all (None: not JSON)
        assert clean_stats(bad) == ({}, True)
    strangers = {"chess": {"any": dict(GOOD_COUNTS)}, "hard_rug": {**good["hard_rug"], "expert": dict(GOOD_COUNTS)}}
    assert clean_stats(strangers) == (good, True)  # no such game, no such level
    for change in ({"played": "3"}, {"won": -1}, {"streak": True}, {"won": 4},  # more won than played
                   {"best_time": float("nan")}, {"best_time": "1:35"}, {"extra": 1}):
        stored = {"hard_rug": {**good["hard_rug"], "any": {**GOOD_COUNTS, **change}}}
        assert clean_stats(stored) == ({"hard_rug": {"easy": good["hard_rug"]["easy"]}}, True), change
    missing = {k: v for k, v in GOOD_COUNTS.items() if k != "streak"}
    assert clean_stats({"hard_rug": {"any": missing}, "topsy_turvy_queens": 1}) == ({}, True)


def test_a_stored_clock_is_used_only_when_it_reads_as_one() -> None:
    clock = {"deal": 12, "seconds": 61, "level": "easy"}
    assert clean_times(clock) == {"deal": 12, "seconds": 61.0, "level": "easy"}
    for bad in (None, [], {"deal": 12, "seconds": 61}, {**clock, "deal": -1}, {**clock, "seconds": "61"},
                {**clock, "seconds": float("inf")}, {**clock, "level": 3}, {**clock, "deal": True}):
        assert clean_times(bad) == {}, bad


def test_each_move_is_put_in_words_for_a_screen_reader() -> None:
    table = Table.new("topsy_turvy_queens", 23)
    run = next(m for m in table.game.legal_moves(table.state) if m.count == 2)
    moved = table.game.piles(table.state)[run.src][-2]
    table.history.play(run)
    assert table.announce(str(run)) == f"Ход: {card_name(moved, 'ru')} и карты на ней (всего 2) — стопка {run.dst}."
    table.lang = "en"
    said = f"Moved: {card_name(moved, 'en')} with the cards on it (2 in all) to pile {run.dst}."
    assert table.announce(str(run)) == said
    table.history.play("draw")
    assert table.announce("draw") == "Move: a card drawn."
    assert table.announce("undo") == "Move undone."
    rug = Table.new("hard_rug", 3)
    move = rug.game.hints(rug.state)[0]
    card = rug.game.piles(rug.state)[move.src][-1]
    rug.history.play(move)
    assert rug.announce(str(move)) == f"Ход: {card_name(card, 'ru')} — клетка {move.dst}."


def test_a_button_or_the_stock_is_said_with_the_cards_it_turned_up() -> None:
    topsy = Table.new("topsy_turvy_queens", 1)
    topsy.stock()
    drawn = topsy.game.piles(topsy.state)["w"][-1]
    assert topsy.announce("draw") == f"Ход: карта из колоды; сброс: {card_name(drawn, 'ru')}."
    piles = Table.new("thirteen_piles", 1)
    piles.action("step")
    top = piles.game.piles(piles.state)["t1"][-1]
    assert piles.announce("step") == f"Ход: Перевернуть стопку 1; стопка 1: {card_name(top, 'ru')}."
    block = Table.new("stumbling_block", 1)
    block.action("review", sure=True)
    assert block.announce("review") == "Ход: Начать просмотр: стопка 13."


def test_the_steps_a_move_sets_off_are_said_with_their_cards() -> None:
    table = Table.new("shrewish_queens", 7)
    for _ in range(100):
        move = table.game.hints(table.state)[0]
        steps = table.game.steps(table.state, move)
        outcome = table._play(move)
        if steps:
            break
    assert steps, "no move of deal 7 set off a step"
    said = table.announce(str(outcome.move))
    step = steps[0]
    what = card_name(step.cards[0], "ru") if len(step.cards) == 1 else cards_word(len(step.cards), "ru")
    assert f"Затем: {what} — " in said, said
