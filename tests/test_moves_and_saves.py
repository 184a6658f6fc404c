"""Move text, options and saves: bad input always gets a precise error."""

from __future__ import annotations

import json

import pytest
from pasyansy_web.links import deal_number

from pygame_engine import History, MalformedMoveError, Move, OptionsError, SaveError, UnknownGameError, registry
from pygame_engine.game import MAX_DEAL
from pygame_engine.save import dumps, loads, to_dict

GAME = registry.get("hard_rug")


@pytest.mark.parametrize("text", ["a1>a2", "t3:12>f1", "draw", "reshuffle", "step t4", "w>f8"])
def test_move_text_round_trips(text: str) -> None:
    assert str(Move.parse(text)) == text


@pytest.mark.parametrize(
    ("bad", "words"),
    [("", "not a move"), ("a1>a1", "same pile"), ("a1:0>a2", "not a move"), ("A1>a2", "not a move"),
     ("x" * 50, "too long"), (3, "must be text"), ("move", "not a move"), ("a1>", "not a move")],
)
def test_malformed_moves(bad: object, words: str) -> None:
    with pytest.raises(MalformedMoveError, match=words):
        Move.parse(bad)


def test_play_refuses_a_non_move() -> None:
    with pytest.raises(MalformedMoveError):
        GAME.play(GAME.new(1), 42)  # type: ignore[arg-type]


def test_unknown_game_and_bad_deal_numbers() -> None:
    with pytest.raises(UnknownGameError, match="no game 'chess'"):
        registry.get("chess")
    for bad in (-1, 1.5, "7", True):
        with pytest.raises(OptionsError, match="whole number"):
            GAME.new(bad)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="has no option"):
        GAME.new(1, {"passes": 3})


def test_options_that_are_not_a_mapping_get_a_message() -> None:
    for bad in ("reshuffles", [("reshuffles", 0)], [1], 5):
        with pytest.raises(OptionsError, match="as a mapping"):
            GAME.new(1, bad)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="has no option 'x'"):  # names of mixed kinds, no TypeError
        GAME.new(1, {1: 2, "x": 3})  # type: ignore[dict-item]


def saved(moves: int = 6) -> dict[str, object]:
    history = History(GAME, 3)
    for _ in range(moves):
        history.play(GAME.legal_moves(history.state)[0])
    history.undo()
    return to_dict(history)


def test_a_save_round_trips_with_its_redo() -> None:
    data = saved()
    history = loads(json.dumps(data))
    assert history.position == 5 and len(history.moves) == 6 and history.can_redo()
    assert to_dict(history) == data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(version=2), "version 2"),
        (lambda d: d.update(format="other"), "not a saved game"),
        (lambda d: d.update(game="chess"), "cannot start its game"),
        (lambda d: d.update(deal=-4), "cannot start its game"),
        (lambda d: d.update(deal="3"), "'deal' must be a whole number"),
        (lambda d: d.pop("moves"), "no 'moves' field"),
        (lambda d: d.update(moves="a1>a2"), "must be a list"),
        (lambda d: d["moves"].__setitem__(2, "zz>a1"), "move 3 of the save cannot be played"),
        (lambda d: d["moves"].__setitem__(2, 17), "move 3 of the save cannot be played: a move must be text"),
        (lambda d: d.update(position=99), "position 99 is outside"),
        (lambda d: d.update(check="0" * 16), "changed after it was written"),
        (lambda d: d.update(options={"x": 1}), "has no option 'x'"),
        (lambda d: d.update(extra=1), "unknown field 'extra'"),
    ],
)
def test_a_damaged_save_is_refused_with_its_reason(change: object, words: str) -> None:
    data = saved()
    change(data)  # type: ignore[operator]
    with pytest.raises(SaveError, match=words):
        loads(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", 5])
def test_not_json_or_not_an_object(text: object) -> None:
    with pytest.raises(SaveError):
        loads(text)


def test_a_legal_but_changed_move_list_fails_the_check() -> None:
    data = saved()
    moves = data["moves"]
    assert isinstance(moves, list)
    del moves[-1]
    data["position"] = 5
    with pytest.raises(SaveError, match="changed after it was written"):
        loads(json.dumps(data))


def test_save_text_is_compact_json() -> None:
    text = dumps(History(GAME, 3))
    assert json.loads(text)["format"] == "pasyansy-save"


def test_a_save_with_a_number_too_long_to_read_is_refused_with_a_reason() -> None:
    history = History(registry.get("hard_rug"), 7)
    text = dumps(history).replace('"deal":7', '"deal":' + "9" * 5000)
    with pytest.raises(SaveError, match="not valid JSON"):
        loads(text)


@pytest.mark.parametrize("deal", [10**12, 10**13, 10**4000, -1])
def test_links_and_saves_share_one_range_of_deal_numbers(deal: int) -> None:
    text = dumps(History(GAME, 7)).replace('"deal":7', f'"deal":{deal}')
    with pytest.raises(SaveError, match="a deal number is a whole number from 0 to 999999999999"):
        loads(text)
    assert deal_number(str(deal)) is None
    assert deal_number(str(MAX_DEAL)) == MAX_DEAL and History(GAME, MAX_DEAL).deal == MAX_DEAL
