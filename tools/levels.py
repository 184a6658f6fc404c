"""Make the level catalogues from batch results.

    python -m tools.levels RESULTS.jsonl [...]

Reads the JSON lines of ``python -m pygame_engine.batch`` (default options only),
keeps the deals proved winnable, sorts them by the ordinary player's win rate and
cuts them into three equal parts: the third the player wins most often is Лёгкий,
the next Средний, the last Сложный. Deals the player wins equally often are ordered
by the positions the solver searched, fewer first. Writes ``pygame_engine/levels/<game>.json``
with the thresholds and counts, which the rules page quotes.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from pygame_engine import registry

OUT = Path(__file__).resolve().parent.parent / "pygame_engine" / "levels"


def counts(records: list[dict[str, Any]]) -> dict[str, Any]:
    """How many deals were searched, proved winnable and proved lost."""
    return {
        "decided_from": len(records),
        "proved_winnable": sum(r["verdict"] == "won" and r.get("verified", True) for r in records),
        "proved_lost": sum(r["verdict"] == "lost" for r in records),
    }


def make(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The catalogue of one game's records."""
    won = [r for r in records if r["verdict"] == "won" and r.get("verified", True)]
    # The player's wins decide; among equal wins (often none, in the hardest games) the
    # search's effort does: a deal the solver needed more positions for counts as harder.
    won.sort(key=lambda r: (-r["player_wins"], r["nodes"], r["deal"]))
    third = len(won) // 3
    parts = {"easy": won[:third], "medium": won[third : 2 * third], "hard": won[2 * third : 3 * third]}
    plays = records[0]["plays"] if records else 0

    def rate(r: dict[str, Any]) -> float:
        return round(float(r["player_wins"]) / max(int(plays), 1), 4)

    return {
        "game": records[0]["game"] if records else "",
        "plays": plays,
        **counts(records),
        "seconds": max((float(r.get("budget_seconds", 2.0)) for r in records), default=2.0),
        "thresholds": {
            "easy_at_least": rate(parts["easy"][-1]) if parts["easy"] else None,
            "hard_at_most": rate(parts["hard"][0]) if parts["hard"] else None,
        },
        "mean_player_rate": {k: round(sum(rate(r) for r in v) / max(len(v), 1), 4) for k, v in parts.items()},
        **{k: sorted(r["deal"] for r in v) for k, v in parts.items()},
    }


def main(argv: list[str] | None = None) -> None:
    # A deal found in several files (a rerun with a larger budget, say) counts once: its
    # last record, unless an earlier one proved it winnable. Runs with other options only
    # add their counts to the catalogue, for the rules page.
    by_rules: dict[tuple[str, str], dict[int, dict[str, Any]]] = defaultdict(dict)
    for name in argv if argv is not None else sys.argv[1:]:
        for line in Path(name).read_text().splitlines():
            record = json.loads(line)
            rules = json.dumps(registry.get(record["game"]).normalize_options(record["options"]), sort_keys=True)
            deals = by_rules[record["game"], rules]
            earlier = deals.get(record["deal"])
            if earlier is None or earlier["verdict"] != "won" or record["verdict"] == "won":
                deals[record["deal"]] = record
    for (game_id, rules), deals in by_rules.items():
        if json.loads(rules) != registry.get(game_id).normalize_options():
            continue
        records = [deals[d] for d in sorted(deals)]
        catalogue = make(records)
        catalogue["other_rules"] = [
            {"options": json.loads(other), **counts(list(found.values()))}
            for (other_game, other), found in sorted(by_rules.items()) if other_game == game_id and other != rules
        ]
        (OUT / f"{game_id}.json").write_text(json.dumps(catalogue, ensure_ascii=False, indent=1) + "\n")
        sizes = {k: len(catalogue[k]) for k in ("easy", "medium", "hard")}
        print(f"{game_id}: {catalogue['proved_winnable']} of {len(records)} proved winnable; {sizes}; "
              f"thresholds {catalogue['thresholds']}; mean player rate {catalogue['mean_player_rate']}")


if __name__ == "__main__":
    main()
