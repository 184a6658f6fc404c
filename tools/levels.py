"""Make the level catalogues from batch results.

    python -m tools.levels RESULTS.jsonl [...] [--size 250]

Reads the JSON lines of ``python -m tools.batch`` (default options only),
keeps the deals proved winnable and sorts them by the ordinary player's win rate,
highest first (deals the player wins equally often by the positions the solver
searched, fewer first). Where the source text gives the rates of its levels (a
game's ``source_level_rates``), each level is the run of ``--size`` deals in that
order whose mean rate is nearest the source's, easy first, then medium and hard
below it; a level the source gives no rate for aims at the geometric mean of its
neighbours. Other games, or too few deals, are cut into three equal parts.
Writes ``<game>.levels.json`` beside the game's rules (``rules/hard_rug.levels.json``) with the rates, bands and counts,
which the rules page quotes. A deal in several files counts once: a proof stands
against a rerun that left the deal open, and a rerun without the player's games
(``--plays 0``) is graded by an earlier run's. Results with other options (no
reshuffles, say) only add their counts; given without the default rules' results, they
replace those counts in the catalogue already written and leave its levels as they are.
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from pygame_engine import registry
from pygame_engine.levels import LEVELS, catalogue_path

OUT: Path | None = None
"""Where catalogues are written: ``None``, beside each game's module; a folder in the tests."""


def catalogue_file(game_id: str) -> Path:
    """The file the game's catalogue is written to (:data:`OUT`)."""
    return OUT / f"{game_id}.levels.json" if OUT is not None else catalogue_path(game_id)
SIZE = 250
"""Deals per level where a level aims at the source's rate."""


def counts(records: list[dict[str, Any]]) -> dict[str, Any]:
    """How many deals were searched, proved winnable and proved lost."""
    return {
        "decided_from": len(records),
        "proved_winnable": sum(r["verdict"] == "won" and r.get("verified", True) for r in records),
        "proved_lost": sum(r["verdict"] == "lost" for r in records),
    }


def rate(record: dict[str, Any]) -> float:
    return float(record["player_wins"]) / max(int(record["plays"]), 1)


def targets(game_id: str) -> dict[str, float] | None:
    """The three levels' target rates from the source text, or ``None`` when it gives none."""
    given: dict[str, float] = dict(registry.get(game_id).source_level_rates)
    if not given:
        return None
    if "medium" not in given:
        given["medium"] = math.sqrt(given["easy"] * given["hard"])
    return {level: given[level] for level in LEVELS}


def nearest_run(rates: list[float], first: int, size: int, target: float, room_after: int) -> int:
    """Where the run of ``size`` rates from ``first`` on, leaving ``room_after`` at the end,
    has the mean nearest ``target`` (the earliest of equals)."""
    last = len(rates) - room_after - size
    total = sum(rates[first : first + size])
    best, best_start = abs(total / size - target), first
    for start in range(first + 1, last + 1):
        total += rates[start + size - 1] - rates[start - 1]
        if abs(total / size - target) < best - 1e-12:
            best, best_start = abs(total / size - target), start
    return best_start


def cut(won: list[dict[str, Any]], aims: dict[str, float] | None, size: int) -> dict[str, list[dict[str, Any]]]:
    """The three levels of the sorted winnable deals: runs aimed at the source's rates, or thirds."""
    if aims is None:
        third = len(won) // 3
        return {"easy": won[:third], "medium": won[third : 2 * third], "hard": won[2 * third : 3 * third]}
    rates = [rate(r) for r in won]
    parts, first = {}, 0
    for i, level in enumerate(LEVELS):
        start = nearest_run(rates, first, size, aims[level], (len(LEVELS) - 1 - i) * size)
        parts[level], first = won[start : start + size], start + size
    return parts


def make(records: list[dict[str, Any]], size: int = SIZE) -> dict[str, Any]:
    """The catalogue of one game's records."""
    # Only deals the player tried can be graded (a run may skip the player: ``--plays 0``).
    won = [r for r in records if r["verdict"] == "won" and r.get("verified", True) and r["plays"]]
    # The player's wins decide; among equal wins (often none, in the hardest games) the
    # search's effort does: a deal the solver needed more positions for counts as harder.
    won.sort(key=lambda r: (-rate(r), r["nodes"], r["deal"]))
    game_id = records[0]["game"] if records else ""
    aims = targets(game_id) if game_id and len(won) >= 3 * size else None
    parts = cut(won, aims, size)

    def rounded(x: float) -> float:
        return round(x, 4)

    return {
        "game": game_id,
        "plays": max((int(r["plays"]) for r in records), default=0),
        **counts(records),
        "seconds": max((float(r.get("budget_seconds", 2.0)) for r in records), default=2.0),
        "source_rates": {k: rounded(v) for k, v in aims.items()} if aims else None,
        "bands": {k: [rounded(rate(v[-1])), rounded(rate(v[0]))] if v else None for k, v in parts.items()},
        "mean_player_rate": {k: rounded(sum(rate(r) for r in v) / max(len(v), 1)) for k, v in parts.items()},
        **{k: sorted(r["deal"] for r in v) for k, v in parts.items()},
    }


def merged(earlier: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """One deal's two records of the same rules as one: the later, unless it leaves open
    what the earlier decided. The player's games are a function of the deal alone, so a
    record without them (a rerun with ``--plays 0``) takes the other's. A deal proved
    winnable in one and lost in the other stops the run: one of the proofs is wrong."""
    verdicts = {earlier["verdict"], record["verdict"]}
    if verdicts == {"won", "lost"}:
        raise SystemExit(f"{record['game']} deal {record['deal']} {record['options']}: "
                         "proved winnable in one record and lost in another")
    keep = earlier if record["verdict"] == "unknown" else record
    other = record if keep is earlier else earlier
    if not keep["plays"] and other["plays"]:
        keep = {**keep, "player_wins": other["player_wins"], "plays": other["plays"]}
    return keep


def other_counts(rules: str, found: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """A catalogue's entry for the results with other options: the options and their counts."""
    return {"options": json.loads(rules), **counts(list(found.values()))}


def write(game_id: str, catalogue: dict[str, Any]) -> None:
    catalogue_file(game_id).write_text(json.dumps(catalogue, ensure_ascii=False, indent=1) + "\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.levels", description=__doc__.split("\n")[0])
    parser.add_argument("results", nargs="+", help="JSON lines of python -m tools.batch")
    parser.add_argument("--size", type=int, default=SIZE, help="deals per level where it aims at the source's rate")
    args = parser.parse_args(argv)
    # A deal found in several files (a rerun with a larger budget, say) counts once, its
    # records merged. Runs with other options only add their counts to the catalogue,
    # for the rules page.
    by_rules: dict[tuple[str, str], dict[int, dict[str, Any]]] = defaultdict(dict)
    for name in args.results:
        for line in Path(name).read_text().splitlines():
            record = json.loads(line)
            rules = json.dumps(registry.get(record["game"]).normalize_options(record["options"]), sort_keys=True)
            deals = by_rules[record["game"], rules]
            earlier = deals.get(record["deal"])
            deals[record["deal"]] = record if earlier is None else merged(earlier, record)
    made: set[str] = set()
    for (game_id, rules), deals in by_rules.items():
        if json.loads(rules) != registry.get(game_id).normalize_options():
            continue
        made.add(game_id)
        records = [deals[d] for d in sorted(deals)]
        catalogue = make(records, args.size)
        catalogue["other_rules"] = [
            other_counts(other, found)
            for (other_game, other), found in sorted(by_rules.items()) if other_game == game_id and other != rules
        ]
        write(game_id, catalogue)
        sizes = {k: len(catalogue[k]) for k in LEVELS}
        print(f"{game_id}: {catalogue['proved_winnable']} of {len(records)} proved winnable; {sizes}; "
              f"bands {catalogue['bands']}; mean player rate {catalogue['mean_player_rate']}")
    for (game_id, rules), found in sorted(by_rules.items()):
        if game_id in made:  # its catalogue was just made, these counts with it
            continue
        path = catalogue_file(game_id)
        if not path.exists():
            print(f"{game_id}: no catalogue yet for the counts of {rules}; give the default rules' results too")
            continue
        catalogue = json.loads(path.read_text())
        entry = other_counts(rules, found)
        others = [other for other in catalogue.get("other_rules", []) if other["options"] != entry["options"]]
        catalogue["other_rules"] = sorted([*others, entry], key=lambda o: json.dumps(o["options"], sort_keys=True))
        write(game_id, catalogue)
        print(f"{game_id} with {rules}: {entry['proved_winnable']} proved winnable, {entry['proved_lost']} proved lost "
              f"of {entry['decided_from']}; the levels are unchanged")


if __name__ == "__main__":
    main()
