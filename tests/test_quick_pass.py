"""The quick pass played back from its runs alone (``benchmarks/quick_pass.py``)."""

from __future__ import annotations

from typing import Any

from benchmarks.quick_pass import replay


def _run(deal: int, run: str, until: float, result: str, seconds: float) -> dict[str, Any]:
    return {"game": "g", "deal": deal, "run": run, "until": until, "result": result,
            "seconds": seconds, "budget_seconds": 10.0}


def test_a_run_starts_when_the_one_before_ends_and_is_cut_where_its_step_ends() -> None:
    records = [
        # deal 1: the wide beam ends past the step's 6 s; best-first then starts at 6 s
        _run(1, "restarts", 0.05, "unknown", 0.5), _run(1, "narrow", 0.6, "unknown", 5.0),
        _run(1, "wide", 0.6, "won", 1.0), _run(1, "best-first", 0.95, "won", 3.0),
        # deal 2: the wide beam wins in time; best-first would have won too
        _run(2, "restarts", 0.05, "unknown", 0.5), _run(2, "narrow", 0.6, "unknown", 0.2),
        _run(2, "wide", 0.6, "won", 1.0), _run(2, "best-first", 0.95, "won", 3.0),
        # deal 3: best-first proves the loss, but only after 9.5 s
        _run(3, "restarts", 0.05, "unknown", 0.5), _run(3, "narrow", 0.6, "unknown", 5.5),
        _run(3, "wide", 0.6, "unknown", 6.0), _run(3, "best-first", 0.95, "lost", 3.6),
        # deal 4: nothing decides it
        _run(4, "restarts", 0.05, "unknown", 0.5), _run(4, "narrow", 0.6, "unknown", 0.1),
        _run(4, "wide", 0.6, "unknown", 0.1), _run(4, "best-first", 0.95, "unknown", 9.5),
    ]
    lines = replay(records).splitlines()
    assert lines[0] == "4 deals: the order decides 2, some run alone 3"
    table = {line.split()[0]: line.split()[1:] for line in lines[2:]}
    assert list(table) == ["restarts", "narrow", "wide", "best-first"]
    assert table["wide"] == ["2", "8.1", "1"]  # decides 1 and 2 alone, 2 first
    assert table["best-first"] == ["3", "19.1", "1"]  # decides 1, 2 and 3 alone, 1 first
    assert table["narrow"][2] == "0"
