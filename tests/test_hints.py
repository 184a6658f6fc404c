"""The hint: it never leads back to a seen position, it follows the solver's winning line
when the page has one, it says the move in words, and a tap goes where it points."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from pasyansy_web import hints
from pasyansy_web.table import Table
from pasyansy_web.verdict import judge, position

from pygame_engine import History, Move, registry

GAMES = [game.id for game in registry.games()]
DEALS = range(1, 21)
MOVES = 300
POSITIONS = 20_000
"""The solver's budget here, bounded by positions so that no verdict depends on the
machine's speed: about what the page's 2 s buy Строптивые дамы in the browser."""


def ask(table: Table) -> dict[str, Any]:
    """The worker's verdict on the position on the table, at ``POSITIONS``."""
    answer: dict[str, Any] = json.loads(judge(json.dumps(position(table.history)), float("inf"), POSITIONS))
    return answer


@pytest.mark.parametrize("game_id", GAMES)
def test_following_the_hint_alone_never_comes_back_to_a_position(game_id: str) -> None:
    for deal in DEALS:
        passed = hints.follow(Table.new(game_id, deal), moves=MOVES)
        assert len(set(passed)) == len(passed), f"deal {deal}: a position came back"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hints_win_every_deal_the_solver_wins(game_id: str) -> None:
    won = 0
    for deal in DEALS:
        table = Table.new(game_id, deal)
        if ask(table)["result"] != "won":
            continue
        passed = hints.follow(table, ask, moves=5_000)
        assert len(set(passed)) == len(passed), f"deal {deal}: a position came back"
        assert table.game.status(table.state) == "won", f"deal {deal}: the hints did not win"
        won += 1
    assert won >= 5, "too few deals won at this budget to show anything"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_move_that_undoes_the_last_is_never_hinted(game_id: str) -> None:
    game = registry.get(game_id)
    rng = random.Random(game_id)
    undoable = 0
    for deal in range(1, 6):
        history = History(game, deal)
        for _ in range(200):
            legal = game.legal_moves(history.state)
            if not legal:
                break
            last = rng.choice(legal)
            history.play(last)
            back = Move.cards(last.dst, last.src, last.count)
            if (last.kind == "move" and back in game.legal_moves(history.state)
                    and game.key(game.apply(history.state, back)) == game.key(history.states[-2])):
                undoable += 1
                assert back not in hints.choose(history).moves
    if game_id != "hard_rug":  # a card moved into a gap there never goes back
        assert undoable > 0, "no move was ever undone by its reverse: the test saw nothing"


def test_where_only_moves_back_remain_the_hint_is_the_games_own_action() -> None:
    table = Table.new("thirteen_piles", 1)
    game = table.game
    for _ in range(MOVES):
        found = hints.choose(table.history)
        cards = [m for m in game.legal_moves(table.state) if m.kind == "move"]
        if cards and found.moves and all(m.kind != "move" for m in found.moves):
            outcome = table.hint()
            assert table.hinted == found.moves[0] and table.hinted.kind == "step"
            words = next(a["label"] for a in table.actions() if a["verb"] == "step")
            assert outcome.message is not None and f": {words} — " in outcome.message
            return
        table.hint()
        assert table.hinted is not None
        table.history.play(table.hinted)
    raise AssertionError("no position where only card moves back remain beside the next step")


def test_the_solvers_move_comes_first_said_as_leading_to_a_win_and_the_rest_are_guesses() -> None:
    table = Table.new("hard_rug", 3)
    answer = ask(table)
    assert answer["result"] == "won"
    table.know("won", answer["line"])
    first = table.hint()
    assert str(table.hinted) == answer["line"][0]
    assert first.message is not None and first.message.endswith("ведёт к победе.")
    second = table.hint()
    assert str(table.hinted) != answer["line"][0]
    assert second.message is not None and "догадка" in second.message


def test_a_lost_position_is_said_lost_with_no_move_shown() -> None:
    table = Table.new("topsy_turvy_queens", 1)
    table.know("lost")
    outcome = table.hint()
    assert table.hinted is None
    assert outcome.message is not None and outcome.message.startswith("Пасьянс уже не сойдётся")


def test_a_line_whose_move_is_not_legal_here_is_not_shown() -> None:
    table = Table.new("hard_rug", 3)
    table.know("won", ["a1>a2"])
    table.hint()
    assert table.hinted == hints.choose(table.history).moves[0]


def test_the_hint_in_words() -> None:
    table = Table.new("hard_rug", 3)
    game = table.game
    move = game.hints(table.state)[0]
    piles = game.piles(table.state)
    card = hints.card_words(piles[move.src][-1], "ru")
    words = hints.say(game, table.state, move, "ru")
    target = piles[move.dst]
    slot = game.layout().slot(move.dst)
    if target:
        assert words == f"{card} на {hints.card_words(target[-1], 'ru')} (клетка {slot.label or slot.pile})"
    else:
        assert words == f"{card} на пустое место (клетка {slot.label or slot.pile})"
    topsy = registry.get("topsy_turvy_queens")
    state = topsy.new(1)
    home = next(m for m in topsy.legal_moves(state) if m.dst.startswith("f"))
    assert hints.say(topsy, state, home, "en") == f"{hints.card_words(topsy.piles(state)[home.src][-1], 'en')} home"
    assert hints.say(topsy, state, registry.get("topsy_turvy_queens").legal_moves(state)[-1], "ru") in (
        "взять карту из колоды", hints.say(topsy, state, topsy.legal_moves(state)[-1], "ru"))


def test_a_tap_on_the_hinted_card_plays_the_hinted_move() -> None:
    for deal in range(1, 200):
        table = Table.new("topsy_turvy_queens", deal)
        game, state = table.game, table.state
        for move in game.legal_moves(state):
            if move.kind != "move":
                continue
            places = game.destinations(state, move.src, move.count)
            if len(places) > 1 and places[0] != move:
                table.hinted = move
                pile = game.piles(state)[move.src]
                outcome = table.tap(move.src, len(pile) - move.count)
                assert outcome.move == str(move), "the hinted place first, not the tap's usual first"
                return
    raise AssertionError("no card with two places whose hinted place is not the first")


def test_the_solution_plays_the_line_and_a_rewind_is_one_undoable_step() -> None:
    table = Table.new("hard_rug", 3)
    line = ask(table)["line"]
    table.know("won", line)
    outcome = table.solution_step()
    assert outcome.move == line[0]
    table.know("won", line[1:])
    table.solution_step()
    assert [str(m) for m in table.history.done_moves] == line[:2]
    assert table.rewind(0).move == "rewind" and table.history.position == 0
    table.undo()
    assert table.history.position == 2, "an undo takes the rewind back whole"
    table.know("")
    assert table.solution_step().move is None, "no line known, nothing played"
