"""Each run of a game's quick pass alone on a set of deals, and the pass played back from
those runs: what an order of its steps wins.

    python -m benchmarks.quick_pass GAME --results FILE [--first 1] [--last 200]
        [--slower 0.5] [--seconds 10] [--workers 2] --out RUNS
    python -m benchmarks.quick_pass --replay RUNS

The deals are those of FILE (a batch run of GAME with the same options) in FIRST … LAST
that it left open or won after more than SLOWER seconds: the ones an order could change.
Each run of each quick step goes alone (the short searches; each beam of a ``Beam``, one
per width, score and set of moves, in the order of ``Beam.runs``; each best-first
search; a ``Narrowed`` search), cut where its step's share of the budget ends, since no
order could give it more time than that. The replay plays the runs back in the game's
order: a run starts when the one before it ends, is cut where its step ends, and decides
the deal when it ends before that. It does not skip the beams a narrowed search spares,
nor hand the full search the rest when that search runs out (``then_full``, and the
sets of ``then`` searched before it). It prints
how many deals the order decides and how many any run decides alone, and for each run
the deals it decides alone, their seconds, and the deals it decides first.
Verdicts after the quick pass (the full search) are not counted.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

from pygame_engine import registry
from pygame_engine.solver import Beam, Narrowed, Verdict, _collector_paused
from pygame_engine.solver.depth import narrowed
from pygame_engine.solver.quick import best_first, one_beam, quick_steps, restarts

Job = tuple[str, int, dict[str, Any], float]


def _name(thing: Any) -> str:
    return getattr(thing, "__name__", None) or "search_moves"


def _one_verdict(*args: Any) -> Verdict:
    """One beam alone (:func:`pygame_engine.solver.quick.one_beam`), its verdict only."""
    return one_beam(*args)[0]


def runs_of(job: Job) -> list[dict[str, Any]]:
    """Every run of the deal's quick pass alone: its step's end, verdict and seconds."""
    game_id, deal, options, seconds = job
    game = registry.get(game_id)
    start = game.new(deal, options)
    clock, nodes = time.perf_counter, 10**9  # the time budget governs, as in the batch
    records: list[dict[str, Any]] = []
    for until, step in quick_steps(game, start):
        cap = until * seconds
        found: list[tuple[str, Callable[[], Verdict]]]
        if step is None:
            found = [("restarts", partial(restarts, game, start, nodes, cap, clock,
                                              game.restart_moves))]
        elif isinstance(step, Beam):
            found = [(f"beam {width} {_name(score)} {_name(moves)}",
                      partial(_one_verdict, game, start, nodes, cap, clock, score, width, step.advances, moves))
                     for width, score, moves in step.runs()]
        elif isinstance(step, Narrowed):
            found = [(f"narrowed {_name(step.moves)}",
                      partial(narrowed, game, start, nodes, cap, clock, step.moves, []))]
        else:
            found = [(f"best-first {_name(step)}", partial(best_first, game, start, nodes, cap, clock, step))]
        for name, run in found:
            began = clock()
            with _collector_paused():  # as in the batch's searches
                verdict = run()
            records.append({"game": game_id, "deal": deal, "run": name, "until": until,
                            "result": verdict.result, "seconds": round(clock() - began, 4), "budget_seconds": seconds})
    return records


def replay(records: list[dict[str, Any]]) -> str:
    """The game's order played back over the runs (see the module's text)."""
    by_deal: dict[int, list[dict[str, Any]]] = {}
    for record in records:
        by_deal.setdefault(record["deal"], []).append(record)
    order = list(dict.fromkeys(r["run"] for r in records))
    alone: Counter[str] = Counter()
    spent: Counter[str] = Counter()
    first: Counter[str] = Counter()
    decided, any_run = 0, 0
    for runs in by_deal.values():
        any_run += any(r["result"] != "unknown" for r in runs)
        t = 0.0
        for r in runs:
            alone[r["run"]] += r["result"] != "unknown"
            spent[r["run"]] += r["seconds"]
        for r in runs:
            end = r["until"] * r["budget_seconds"]
            if t >= end:
                continue
            if r["result"] != "unknown" and t + r["seconds"] <= end:
                decided += 1
                first[r["run"]] += 1
                break
            t = min(t + r["seconds"], end)
    lines = [f"{len(by_deal)} deals: the order decides {decided}, some run alone {any_run}",
             f"{'run':44} {'alone':>5} {'seconds':>8} {'first':>5}"]
    lines += [f"{name:44} {alone[name]:5} {spent[name]:8.1f} {first[name]:5}" for name in order]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.quick_pass", description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--results", help="a batch run of the game, to pick the deals")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=200)
    parser.add_argument("--slower", type=float, default=0.5, help="seconds: deals won faster are left out")
    parser.add_argument("--seconds", type=float, default=10.0, help="the budget per deal the pass is cut to")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="JSON lines, one per run")
    parser.add_argument("--replay", metavar="RUNS", help="play back the runs of an earlier --out")
    args = parser.parse_args()
    if args.replay:
        with open(args.replay) as runs:
            print(replay([json.loads(line) for line in runs]))
        return
    if not (args.game and args.results and args.out):
        parser.error("GAME, --results and --out are needed unless --replay is given")
    with open(args.results) as results:
        found = [json.loads(line) for line in results]
    jobs: list[Job] = [(args.game, r["deal"], r["options"], args.seconds) for r in found
                       if r["game"] == args.game and args.first <= r["deal"] <= args.last
                       and (r["verdict"] == "unknown" or r["seconds"] > args.slower)]
    records: list[dict[str, Any]] = []
    with open(args.out, "w") as out, multiprocessing.Pool(args.workers) as pool:
        for done, deal_runs in enumerate(pool.imap(runs_of, jobs), 1):
            for record in deal_runs:
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
            records += deal_runs
            sys.stderr.write(f"\r{done}/{len(jobs)} deals")
    sys.stderr.write("\n")
    print(replay(records))


if __name__ == "__main__":
    main()
