"""The "still winnable?" indicator: a position put to the solver, and what it answers.

The page (``app.py``) sends each position it shows to the solver's worker
(``web/solver-worker.mjs``), which runs :func:`judge` in a Python of its own, so the
table never waits for a search. A position is named by its game, deal, options and the
moves played (:func:`position`): the worker replays them through the checked path, so
a request it cannot replay gets a message, never a verdict. The answer is "won" (with
the rest of a winning line, for a player who could see every card), "lost" (proved) or
"unknown" (the budget ran out). Some answers need no search (:func:`carried`): every
position after a lost one is lost, and a won one stays won while the player follows
its line. Pure Python, so it runs the same in the worker and in the tests.
"""

from __future__ import annotations

import json
from typing import Any

from pygame_engine import EngineError, History, Move, registry
from pygame_engine.save import MAX_MOVES
from pygame_engine.solver import solve

NODES = 10**9  # the page bounds its searches by seconds; the tests bound them by positions instead
SECONDS = 2.0
"""A search's budget: the indicator is to settle within 3 s, replay and wait included
(``../shared/spec/PRODUCT.md``)."""
LONGER = 20.0  # the budget of a search the player asks for when the first found no answer
MOST_SECONDS = 60.0  # no request may ask for more
CARRY_BACK = 10  # how many moves back a verdict is looked for (a move and the aces auto-move sent home)


def position(history: History) -> dict[str, Any]:
    """The position in effect, as the worker is asked about it."""
    return {"game": history.game.id, "deal": history.deal, "options": dict(history.options),
            "moves": [str(m) for m in history.done_moves]}


def name(pos: dict[str, Any]) -> str:
    """One text per position, to keep its verdict under."""
    return json.dumps(pos, sort_keys=True, separators=(",", ":"))


def _replay(request: object) -> History:
    if not isinstance(request, dict):
        raise EngineError("a request to the solver is a JSON object")
    moves = request.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise EngineError(f"a request's moves are a list of at most {MAX_MOVES} moves")
    options = request.get("options", {})
    if not isinstance(options, dict):
        raise EngineError("a request's options are a JSON object")
    if "deal" not in request:
        raise EngineError("a request names its deal")
    history = History(registry.get(str(request.get("game"))), request["deal"], options)
    for move in moves:
        history.play(move)  # the checked path: an illegal move raises with the rule it breaks
    return history


def _budget(request: dict[str, Any], seconds: float) -> float:
    if "seconds" not in request:
        return seconds
    asked = request["seconds"]
    if isinstance(asked, bool) or not isinstance(asked, (int, float)) or not 0 < asked <= MOST_SECONDS:
        raise EngineError(f"a request's seconds are a number over 0 and at most {MOST_SECONDS:g}, not {asked!r}"[:200])
    return float(asked)


def judge(text: str, seconds: float = SECONDS, nodes: int = NODES) -> str:
    """The worker's answer to one request (JSON text in, JSON text out), searched for the
    request's ``seconds`` if it names them (a longer search the player asked for), else
    ``seconds``, and at most ``nodes`` positions. A request with ``"rewind": true`` asks
    for the latest winnable position of its game (:func:`last_winnable`). It always
    answers: a request that does not replay gets ``result`` "error" and the reason."""
    try:
        request = json.loads(text)
        history = _replay(request)
        seconds = _budget(request, seconds)
    except (EngineError, ValueError, RecursionError, TypeError) as exc:
        return json.dumps({"result": "error", "error": str(exc)[:300], "line": []})
    game, state = history.game, history.state
    answer: dict[str, Any] = {"position": position(history), "line": [], "nodes": 0, "seconds": 0.0}
    if request.get("rewind") is True:
        found = last_winnable(history, seconds / 10, nodes)
        answer.update(result="rewind", to=None if found is None else found[0],
                      line=[] if found is None else [str(m) for m in found[1]])
        return json.dumps(answer)
    status = game.status(state)
    if status != "playing":
        answer["result"] = status
        return json.dumps(answer)
    verdict = solve(game, state, max_nodes=nodes, max_seconds=seconds)
    answer.update(result=verdict.result, line=[str(m) for m in verdict.line], nodes=verdict.nodes,
                  seconds=round(verdict.seconds, 3))
    return json.dumps(answer)


def last_winnable(history: History, seconds: float, nodes: int) -> tuple[int, tuple[Move, ...]] | None:
    """The latest position of the game so far that the solver proves winnable, with its
    winning line; each position is searched for ``seconds`` and ``nodes``.

    Every position before a winnable one is winnable too (its moves lead there), so the
    search steps back 1, 2, 4, … moves to a proved win and then halves the gap to the
    position after it that it could not prove. A position the solver cannot decide
    counts as not proved, so the answer is the latest it proves, not always the latest
    that is winnable. ``None`` when not even the deal's start is proved winnable.
    """
    game = history.game

    def won(at: int) -> tuple[Move, ...] | None:
        state = history.states[at]
        if game.is_won(state):
            return ()
        verdict = solve(game, state, max_nodes=nodes, max_seconds=seconds)
        return verdict.line if verdict.result == "won" else None

    unproved, step = history.position, 1
    while True:
        at = max(0, unproved - step)
        line = won(at)
        if line is not None:
            break
        if at == 0:
            return None
        unproved, step = at, step * 2
    best = (at, line)
    while unproved - best[0] > 1:
        middle = (best[0] + unproved) // 2
        line = won(middle)
        if line is None:
            unproved = middle
        else:
            best = (middle, line)
    return best


def carried(verdicts: dict[str, dict[str, Any]], pos: dict[str, Any]) -> dict[str, Any] | None:
    """A verdict for ``pos`` that follows from one of the positions a few moves before it:
    after a lost position everything is lost; after a won one, the moves that follow its
    line keep it won, with the rest of the line. ``None`` when none follows."""
    moves = pos["moves"]
    for back in range(1, min(CARRY_BACK, len(moves)) + 1):
        before = verdicts.get(name({**pos, "moves": moves[:-back]}))
        if before is None:
            continue
        if before["result"] == "lost":
            return {"result": "lost", "line": []}
        line = before.get("line") or []
        if before["result"] == "won" and line[:back] == moves[-back:]:
            return {"result": "won", "line": line[back:]}
        return None
    return None
