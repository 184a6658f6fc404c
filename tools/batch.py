"""Solve and play a range of deals: one JSON line per deal, and a summary table.

    python -m tools.batch GAME FIRST LAST [--options JSON] [--seconds S]
        [--nodes N] [--plays 32] [--workers W] [--out FILE] [--verify] [--retry RESULTS] [--calibrate]
        [--at-speed SECONDS [--part N]] [--resume]

Each deal is a pure function of (game, deal, options, budget), so a range can be
split over many machines and the lines joined. ``--verify`` replays every winning
line through the checked path; ``--retry`` runs only the deals an earlier run left
unknown (its records then replace theirs in ``python -m tools.levels``);
``--calibrate`` times a fixed search before and after the run, so that time budgets
spent on different days can be compared (:data:`YARDSTICK`); ``--at-speed`` runs the
range in parts, each only while the machine is at least that fast (:func:`run_paced`),
and ``--resume`` adds to ``--out`` the deals it does not hold yet, so a long run can be
stopped and taken up again.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame_engine
import rules
from pygame_engine import registry
from pygame_engine.player import win_count
from pygame_engine.solver import Verdict, solve

Job = tuple[str, int, dict[str, Any], float, int, int, bool]
"""Game, deal, options, seconds, positions, the player's games, whether to verify."""

YARDSTICK: tuple[str, int, dict[str, Any]] = ("hard_rug", 13, {"reshuffles": 0})
"""The machine's yardstick: Сложный коврик without reshuffles, deal 13, a lost deal whose
whole search makes the same 419,801 positions on every machine, in about a second. The
same code took 2.4 times as long on one afternoon as on that morning, so what a time
budget buys is worth noting beside what it decided."""


def whole_search(game_id: str, deal: int, options: dict[str, Any], max_nodes: int = 10**10) -> tuple[Verdict, float]:
    """A deal searched to the end (or to ``max_nodes`` positions; an hour at most), and
    the seconds it took: the yardstick here, and :mod:`benchmarks.whole_search`."""
    game = registry.get(game_id)
    began = time.perf_counter()
    verdict = solve(game, game.new(deal, options), max_nodes=max_nodes, max_seconds=3600)
    return verdict, time.perf_counter() - began


def yardstick() -> tuple[Verdict, float]:
    """The yardstick's whole search, run here and now: its verdict and its seconds."""
    return whole_search(*YARDSTICK)


def run_deal(job: Job) -> dict[str, Any]:
    """Solve one deal and let the ordinary player try it: one JSON-ready record."""
    game_id, deal, options, seconds, nodes, plays, verify = job
    game = registry.get(game_id)
    start = game.new(deal, options)
    verdict = solve(game, start, max_nodes=nodes, max_seconds=seconds)
    record: dict[str, Any] = {
        "game": game_id, "deal": deal, "options": options, "verdict": verdict.result,
        "nodes": verdict.nodes, "seconds": round(verdict.seconds, 4), "budget_seconds": seconds,
        "line": len(verdict.line),
        "player_wins": win_count(game, deal, plays, options) if plays else 0, "plays": plays,
    }
    if verify and verdict.result == "won":
        record["verified"] = game.is_won(game.replay(deal, verdict.line, options))
    return record


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def p95(ordered: list[float]) -> float:
    """The 95th percentile of sorted values (the nearest rank)."""
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def summary(records: list[dict[str, Any]]) -> str:
    """The table: won / lost / unknown with 95% intervals, positions per second, times."""
    n = len(records)
    lines = [f"deals: {n}"]
    for verdict in ("won", "lost", "unknown"):
        k = sum(r["verdict"] == verdict for r in records)
        lo, hi = wilson(k, n)
        lines.append(f"  {verdict:8} {k:6}  {100 * k / max(n, 1):6.2f}%  (95%: {100 * lo:.2f}–{100 * hi:.2f}%)")
    seconds = sorted(r["seconds"] for r in records)
    won = sorted(r["seconds"] for r in records if r["verdict"] == "won")
    nodes = sum(r["nodes"] for r in records)
    if seconds:
        lines.append(f"  time per deal: median {1000 * statistics.median(seconds):.1f} ms, "
                     f"p95 {1000 * p95(seconds):.1f} ms")
        lines.append(f"  positions per second: {nodes / max(sum(seconds), 1e-9):,.0f}")
    if won:
        lines.append(f"  time per won deal: median {1000 * statistics.median(won):.1f} ms")
        rates = [r["player_wins"] / r["plays"] for r in records if r["verdict"] == "won" and r["plays"]]
        if rates:
            lines.append(f"  ordinary player on won deals: mean win rate {statistics.mean(rates):.3f}")
    return "\n".join(lines)


def run_jobs(jobs: list[Job], workers: int, each: Callable[[dict[str, Any]], None] | None = None
             ) -> list[dict[str, Any]]:
    """Run the jobs on ``workers`` processes, in order, with a progress bar on standard error."""
    records: list[dict[str, Any]] = []
    began = time.monotonic()
    with multiprocessing.Pool(workers) as pool:
        for record in pool.imap(run_deal, jobs):
            records.append(record)
            if each is not None:
                each(record)
            bar = "#" * (30 * len(records) // len(jobs))
            sys.stderr.write(f"\r[{bar:30}] {len(records)}/{len(jobs)}  {time.monotonic() - began:.0f} s")
    sys.stderr.write("\n")
    return records


def run_paced(jobs: list[Job], workers: int, limit: float, part: int,
              each: Callable[[dict[str, Any]], None] | None = None, wait: float = 120.0,
              sleep: Callable[[float], None] = time.sleep) -> list[dict[str, Any]]:
    """Run the jobs ``part`` at a time, each part only while the machine is fast: the
    yardstick is timed before a part (again every ``wait`` seconds until it takes at most
    ``limit`` seconds) and after it; the time after one part serves as the time before
    the next. A part after which the yardstick took longer is set aside and run again, so
    every record kept was made at the speed asked for; each carries the yardstick's two
    times (``"yardstick": [before, after]``). Records reach ``each`` a part at a time,
    once the part has passed."""
    records: list[dict[str, Any]] = []
    parts = [jobs[i : i + part] for i in range(0, len(jobs), part)]
    last: float | None = None  # the yardstick's time after the part just run
    while parts:
        before = yardstick()[1] if last is None else last
        last = None
        if before > limit:
            sys.stderr.write(f"machine, {time.strftime('%H:%M:%S')}: the yardstick took {before:.2f} s "
                             f"(at most {limit:g} s asked); waiting {wait:g} s\n")
            sleep(wait)
            continue
        got = run_jobs(parts[0], workers)
        last = after = yardstick()[1]
        if after > limit:
            sys.stderr.write(f"machine, {time.strftime('%H:%M:%S')}: the yardstick took {after:.2f} s after "
                             f"the part; its {len(got)} deals are set aside to run again\n")
            continue
        for record in got:
            record["yardstick"] = [round(before, 3), round(after, 3)]
            if each is not None:
                each(record)
        records += got
        parts.pop(0)
    return records


def code_version() -> str:
    """A fingerprint of the engine's and the rules' source (``pygame_engine/*.py`` and
    ``rules/*.py``), kept in each line the batch writes: ``--resume`` adds only to a file
    made by the same code, so that one run's lines all come from one search."""
    digest = hashlib.sha256()
    for package in (pygame_engine, rules):
        for path in sorted(Path(str(package.__file__)).parent.glob("*.py")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def compiled_modules() -> list[str]:
    """The games' modules this process runs compiled (``PASYANSY_COMPILED``, ``make
    compiled``), not from their source: kept in each line the batch writes, and part of
    the code it names, so that one run's lines all come from one build."""
    return sorted(name for name, module in sys.modules.items()
                  if name.startswith("rules.") and not str(getattr(module, "__file__", "")).endswith(".py"))


def stale_builds() -> list[str]:
    """The compiled modules whose source has changed since they were built (``make
    compiled`` keeps each one's source beside it as ``<module>.py.built-from``)."""
    stale = []
    for name in compiled_modules():
        module = name.rsplit(".", 1)[1]
        built = Path(str(sys.modules[name].__file__)).parent / f"{module}.py.built-from"
        if built.exists() and built.read_bytes() != (Path(str(rules.__file__)).parent / f"{module}.py").read_bytes():
            stale.append(name)
    return stale


def _same_run(record: dict[str, Any], game_id: str, options: dict[str, Any]) -> bool:
    return bool(record["game"] == game_id and registry.get(game_id).normalize_options(record["options"]) == options)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.batch", description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int, help="inclusive")
    parser.add_argument("--options", default="{}", help="game options as JSON")
    parser.add_argument("--seconds", type=float, default=2.0, help="time budget per deal")
    parser.add_argument("--nodes", type=int, default=50_000_000,
                        help="position budget per deal (the time budget is meant to govern; this one bounds memory)")
    parser.add_argument("--plays", type=int, default=32, help="ordinary player's games per deal")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", help="JSON lines file (default: standard output)")
    parser.add_argument("--verify", action="store_true", help="replay winning lines through the checked path")
    parser.add_argument("--retry", metavar="RESULTS", help="only the deals of the range left unknown in this file "
                        "of an earlier run (with the same game and options), say with a larger budget")
    parser.add_argument("--calibrate", action="store_true", help="time a fixed whole search before and after the run, "
                        "to tell how fast the machine was")
    parser.add_argument("--at-speed", type=float, metavar="SECONDS", help="run in parts, each only while "
                        "the fixed search of --calibrate takes at most SECONDS, timed before and after the part "
                        "(a part that ends slower runs again)")
    parser.add_argument("--part", type=int, default=50, help="deals in a part with --at-speed")
    parser.add_argument("--resume", action="store_true", help="keep the deals already in --out (same game and "
                        "options, made by the same code) and add the others of the range")
    args = parser.parse_args(argv)
    if args.at_speed is not None and (args.at_speed <= 0 or args.part < 1):
        sys.exit("--at-speed wants a positive number of seconds and --part at least one deal")
    game = registry.get(args.game)
    options = game.normalize_options(json.loads(args.options))
    deals = list(range(args.first, args.last + 1))
    if args.retry:
        with open(args.retry) as earlier:
            found = [json.loads(line) for line in earlier]
        open_deals = {r["deal"] for r in found if r["verdict"] == "unknown" and _same_run(r, args.game, options)}
        deals = [d for d in deals if d in open_deals]
        if not deals:
            sys.exit(f"{args.retry} leaves no deal of {args.first}–{args.last} unknown")
    compiled = compiled_modules()
    if stale := stale_builds():
        sys.exit(f"{', '.join(stale)}: the compiled build is older than its source; run make compiled again")
    version = code_version() + ("+compiled" if compiled else "")
    kept: list[dict[str, Any]] = []
    if args.resume:
        if not args.out:
            sys.exit("--resume adds to the file of --out; give one")
        with contextlib.suppress(FileNotFoundError), open(args.out) as earlier:
            kept = [r for r in map(json.loads, earlier) if _same_run(r, args.game, options)
                    and args.first <= r["deal"] <= args.last]
        others = sorted({str(r.get("code")) for r in kept} - {version})
        if others:
            sys.exit(f"{args.out} holds deals made by other code ({', '.join(others)}; this code is {version}): "
                     "start a new file")
        done = {r["deal"] for r in kept}
        deals = [d for d in deals if d not in done]
        if not deals:
            sys.exit(f"{args.out} already holds every deal of {args.first}–{args.last}")
    jobs = [(args.game, d, options, args.seconds, args.nodes, args.plays, args.verify) for d in deals]
    out = open(args.out, "a" if args.resume else "w") if args.out else sys.stdout  # noqa: SIM115 - closed below

    def write(record: dict[str, Any]) -> None:
        out.write(json.dumps({**record, "code": version, **({"compiled": compiled} if compiled else {})}) + "\n")
        out.flush()

    before = yardstick() if args.calibrate else None
    if args.at_speed is None:
        records = run_jobs(jobs, args.workers, write)
    else:
        records = run_paced(jobs, args.workers, args.at_speed, args.part, write)
    if args.out:
        out.close()
    print(summary(kept + records), file=sys.stderr)
    if before is not None:
        after = yardstick()
        game_id, deal, options = YARDSTICK
        print(f"  machine: {game_id} {json.dumps(options)} deal {deal} searched whole, {before[0].nodes:,} positions "
              f"in {before[1]:.2f} s before the run and {after[1]:.2f} s after", file=sys.stderr)
    if args.verify and not all(r.get("verified", True) for r in records):
        sys.exit("a winning line did not replay")


if __name__ == "__main__":
    main()
