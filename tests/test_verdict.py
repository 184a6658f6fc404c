"""The "still winnable?" indicator's Python: what the solver's worker answers, the
verdicts carried from one position to the next, and the hint the solver backs."""

from __future__ import annotations

import itertools
import json

import pytest
from pasyansy_web.verdict import SECONDS, carried, judge, name, position

from pygame_engine import History, registry
from pygame_engine.player import play_once
from pygame_engine.solver import solve
from tests.conftest import UNTIMED


def player_history(game_id: str, deal: int, moves: int) -> History:
    """The ordinary player's first game of ``deal``, its first ``moves`` moves played."""
    game = registry.get(game_id)
    trail: list[object] = []
    play_once(game, deal, 0, trail=trail)
    history = History(game, deal)
    for state, after in itertools.pairwise(trail[: moves + 1]):
        history.play(next(m for m in game.legal_moves(state) if game.apply(state, m) == after))
    return history


def rug_with_a_chain_move() -> History:
    """Сложный коврик at the first position of the ordinary player's game of deal 4 where
    the hints hold a move that extends a chain from an ace and other moves too (no deal's
    start has one: its gaps are the rows' last cells, and a chain starts from an ace in a
    first cell)."""
    game = registry.get("hard_rug")
    trail: list[object] = []
    play_once(game, 4, 0, trail=trail)
    for moves, state in enumerate(trail):
        leads = [game.player_rank(state, m) == 0 for m in game.hints(state)]
        if any(leads) and not all(leads):
            return player_history("hard_rug", 4, moves)
    raise AssertionError("the game of deal 4 never offers a chain move beside others")


def lost_history() -> History:
    """A game of Дамы кувырком that the ordinary player has already lost, with moves left:
    a twin foundation went ahead with a card its prisoner's foundation needed."""
    history = player_history("topsy_turvy_queens", 2, 156)
    assert history.game.status(history.state) == "playing"
    assert solve(history.game, history.state, max_nodes=100_000, max_seconds=UNTIMED).result == "lost"
    return history


def answer(history: History, seconds: float = SECONDS) -> dict[str, object]:
    reply = json.loads(judge(json.dumps(position(history)), seconds))
    assert isinstance(reply, dict)
    return reply


def test_a_winnable_deal_is_judged_won_with_a_line_that_wins() -> None:
    history = History(registry.get("hard_rug"), 3)
    reply = answer(history)
    assert reply["result"] == "won" and reply["position"] == position(history)
    line = reply["line"]
    assert isinstance(line, list) and line
    state = history.game.replay(3, line)
    assert history.game.is_won(state)


def test_a_lost_game_with_moves_left_is_judged_lost() -> None:
    history = lost_history()
    reply = answer(history)
    assert reply["result"] == "lost" and reply["line"] == []
    assert reply["position"]["moves"] == [str(m) for m in history.done_moves]  # type: ignore[index]


def test_a_request_may_ask_for_a_longer_search() -> None:
    """Камень преткновения deal 4: a win takes the solver some 6 s on CPython here."""
    history = History(registry.get("stumbling_block"), 4)
    request = position(history)
    assert json.loads(judge(json.dumps(request), seconds=0.1))["result"] == "unknown"
    reply = json.loads(judge(json.dumps({**request, "seconds": 40}), seconds=0.1))
    assert reply["result"] == "won" and reply["seconds"] > 0.1
    assert reply["position"] == request


def test_a_game_over_is_answered_without_a_search() -> None:
    history = History(registry.get("topsy_turvy_queens"), 7)
    for move in solve(history.game, history.state, max_seconds=UNTIMED).line:
        history.play(move)
    reply = answer(history)
    assert reply["result"] == "won" and reply["nodes"] == 0


@pytest.mark.parametrize(("request_text", "reason"), [
    ("not json", "Expecting value"),
    ("[1, 2]", "a JSON object"),
    ('{"game": "chess", "deal": 1, "moves": []}', "no game 'chess'"),
    ('{"game": "hard_rug", "deal": -4, "moves": []}', "whole number from 0 to 999999999999"),
    ('{"game": "hard_rug", "moves": []}', "names its deal"),
    ('{"game": "hard_rug", "deal": 1, "moves": "a1>a2"}', "a list of at most"),
    ('{"game": "hard_rug", "deal": 1, "options": [], "moves": []}', "options are a JSON object"),
    ('{"game": "hard_rug", "deal": 1, "options": {"passes": 3}, "moves": []}', "passes"),
    ('{"game": "hard_rug", "deal": 1, "moves": ["a1>a2"]}', "illegal move a1>a2"),
    ('{"game": "hard_rug", "deal": 1, "moves": [7]}', "a move must be a Move or its text"),
    ('{"game": "hard_rug", "deal": 1, "moves": [], "seconds": 0}', "seconds are a number over 0"),
    ('{"game": "hard_rug", "deal": 1, "moves": [], "seconds": 3600}', "at most 60"),
    ('{"game": "hard_rug", "deal": 1, "moves": [], "seconds": "2"}', "not '2'"),
])
def test_a_request_that_does_not_replay_gets_a_reason_not_a_verdict(request_text: str, reason: str) -> None:
    reply = json.loads(judge(request_text))
    assert reply["result"] == "error" and reason in reply["error"], reply


def test_verdicts_carry_over_the_line_and_after_a_loss_but_not_off_the_line() -> None:
    history = History(registry.get("hard_rug"), 3)
    start = position(history)
    line = answer(history)["line"]
    assert isinstance(line, list)
    verdicts = {name(start): {"result": "won", "line": line}}
    history.play(line[0])
    history.play(line[1])
    assert carried(verdicts, position(history)) == {"result": "won", "line": line[2:]}
    other = next(m for m in history.game.legal_moves(History(history.game, 3).state) if str(m) != line[0])
    off = History(history.game, 3)
    off.play(other)
    assert carried(verdicts, position(off)) is None
    lost = lost_history()
    verdicts = {name(position(lost)): {"result": "lost", "line": []}}
    lost.play(lost.game.legal_moves(lost.state)[0])
    assert carried(verdicts, position(lost)) == {"result": "lost", "line": []}
    assert carried({}, position(lost)) is None




def test_the_way_back_finds_the_latest_position_the_solver_proves_winnable() -> None:
    history = lost_history()
    request = {**position(history), "rewind": True}
    reply = json.loads(judge(json.dumps(request), float("inf"), 20_000))
    assert reply["result"] == "rewind" and reply["position"] == position(history)
    to = reply["to"]
    assert isinstance(to, int) and 0 <= to < history.position
    game = history.game
    state = history.states[to]
    for move in reply["line"]:
        state = game.play(state, move)
    assert game.is_won(state), "the line from there wins"
    after = solve(game, history.states[to + 1], max_nodes=20_000, max_seconds=UNTIMED)
    assert after.result != "won", "the position after it is not proved winnable"


def test_no_way_back_when_not_even_the_start_is_proved_winnable() -> None:
    history = History(registry.get("stumbling_block"), 1)
    history.play(history.game.hints(history.state)[0])
    reply = json.loads(judge(json.dumps({**position(history), "rewind": True}), float("inf"), 50))
    assert reply["result"] == "rewind" and reply["to"] is None and reply["line"] == []
