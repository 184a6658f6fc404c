"""The solver's verdicts on a range of deals, bounded by positions, and two runs compared.

    python -m tools.verdicts run --out FILE [--deals 1-200] [--nodes 20000] [--workers 2]
    python -m tools.verdicts compare BEFORE AFTER

``run`` solves every deal of every registered game under every rule set (each value of
each option, the others at their defaults), with a budget of positions and no limit of
time, so a run is a pure function of the code: the same code gives the same file on any
machine. ``compare`` says, per game and rule set, how many verdicts, positions counted
and winning lines are the same in both files, and lists the first deals that differ; it
exits 1 if any differs. A change that should not change the search is checked by running
``run`` before and after it.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import rules  # noqa: F401  (registers the games)
from pygame_engine import registry
from pygame_engine.solver import solve

UNTIMED = 1e9
"""Seconds no run reaches: the budget of positions alone ends a search."""


def rule_sets(game_id: str) -> Iterator[dict[str, Any]]:
    """The game's defaults, then each other value of each option with the rest at default."""
    yield {}
    for spec in registry.get(game_id).options:
        for value in spec.values[1:]:
            yield {spec.name: value}


def _one(job: tuple[str, dict[str, Any], int, int]) -> dict[str, Any]:
    game_id, options, deal, nodes = job
    game = registry.get(game_id)
    verdict = solve(game, game.new(deal, options), max_nodes=nodes, max_seconds=UNTIMED)
    return {"game": game_id, "options": options, "deal": deal, "result": verdict.result,
            "nodes": verdict.nodes, "line": " ".join(str(move) for move in verdict.line)}


def run(first: int, last: int, nodes: int, workers: int, out: Path) -> None:
    jobs = [(game.id, options, deal, nodes)
            for game in registry.games() for options in rule_sets(game.id)
            for deal in range(first, last + 1)]
    with multiprocessing.Pool(workers) as pool, out.open("w", encoding="utf-8") as sink:
        for record in pool.imap(_one, jobs, chunksize=4):
            sink.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")


def _read(path: Path) -> dict[tuple[str, str, int], dict[str, Any]]:
    records = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line)
    return {(r["game"], json.dumps(r["options"], sort_keys=True), r["deal"]): r for r in records}


def compare(before: Path, after: Path) -> int:
    """Print one line per game and rule set; 0 when both runs agree on everything."""
    old, new = _read(before), _read(after)
    differ = 0
    groups: dict[tuple[str, str], list[tuple[str, str, int]]] = {}
    for key in sorted(old.keys() | new.keys(), key=lambda k: (k[0], k[1], k[2])):
        groups.setdefault(key[:2], []).append(key)
    for (game_id, options), keys in groups.items():
        same = {"result": 0, "nodes": 0, "line": 0}
        wrong: list[int] = []
        for key in keys:
            a, b = old.get(key), new.get(key)
            for field in same:
                same[field] += bool(a and b and a[field] == b[field])
            if not (a and b and all(a[field] == b[field] for field in same)):
                wrong.append(key[2])
        results = [new[k]["result"] for k in keys if k in new]
        tally = "/".join(str(results.count(r)) for r in ("won", "lost", "unknown"))
        print(f"{game_id:20} {options:22} deals {len(keys):4}  won/lost/unknown {tally:12} "
              f"same verdict {same['result']}, positions {same['nodes']}, line {same['line']}"
              + (f"  differ: {wrong[:10]}" if wrong else ""))
        differ += len(wrong)
    print("identical" if not differ else f"{differ} deals differ")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run")
    go.add_argument("--out", type=Path, required=True)
    go.add_argument("--deals", default="1-200", help="FIRST-LAST")
    go.add_argument("--nodes", type=int, default=20_000)
    go.add_argument("--workers", type=int, default=2)
    check = sub.add_parser("compare")
    check.add_argument("before", type=Path)
    check.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    if args.command == "compare":
        return compare(args.before, args.after)
    first, _, last = args.deals.partition("-")
    run(int(first), int(last or first), args.nodes, args.workers, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
