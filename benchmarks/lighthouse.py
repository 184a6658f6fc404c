"""Lighthouse on the built site, mobile preset: the start page, a game page and the bare
Pyodide page, in one run.

    python -m benchmarks.lighthouse [--runs N] [--out DIR] [--before REV]

Builds the site, serves it on 127.0.0.1 and runs Lighthouse (``node_modules/.bin/lighthouse``,
pinned in ``package.json``: 12.2.3 runs under Node 20) against Debian's Chromium
(``CHROME_PATH``), with its mobile defaults: a simulated slow 4G and the CPU slowed 4×.
Each page is a fresh profile, so each load is a first visit. Prints, per page, the median
over N runs (1 unless told) of the performance score, the largest contentful paint, the
total blocking time, the main thread's work and the accessibility score. The goals: 0.90
performance and at most 300 ms of blocking time on the start page and on a game page, and
accessibility 1.0. The reports are written to ``--out`` (``build/lighthouse`` unless told).
``--before REV`` measures the site as the commit REV builds it too, in the same run: its
rows come first, marked "before".
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.startup import BARE, Server
from tools import site

PAGES = {"the start page": "", "#game=hard_rug&deal=7": "#game=hard_rug&deal=7", "the bare Pyodide page": "bare.html"}
LIGHTHOUSE = site.ROOT / "node_modules" / ".bin" / "lighthouse"


def measure(url: str, report: Path) -> dict[str, float]:
    """One Lighthouse run of ``url``, its report written to ``report``."""
    flags = " ".join(site.CHROMIUM_FLAGS)
    subprocess.run([str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={report}",
                    "--only-categories=performance,accessibility", f"--chrome-flags={flags}"],
                   check=True, env={**os.environ, "CHROME_PATH": site.CHROMIUM})
    data = json.loads(report.read_text())
    audits, categories = data["audits"], data["categories"]
    return {
        "performance": categories["performance"]["score"],
        "lcp": audits["largest-contentful-paint"]["numericValue"] / 1000,
        "tbt": audits["total-blocking-time"]["numericValue"] / 1000,
        "main": audits["mainthread-work-breakdown"]["numericValue"] / 1000,
        "accessibility": categories["accessibility"]["score"],
    }


def build_at(rev: str, folder: Path) -> Path:
    """The site as the commit ``rev`` builds it, built in a worktree in ``folder`` with this
    checkout's npm packages."""
    tree = folder / "tree"
    subprocess.run(["git", "-C", str(site.ROOT), "worktree", "add", "--detach", str(tree), rev],
                   check=True, capture_output=True)
    try:
        (tree / "node_modules").symlink_to(site.ROOT / "node_modules")
        subprocess.run([sys.executable, "-m", "tools.site", "build", "--out", str(folder / "site")],
                       cwd=tree, check=True, capture_output=True)
    finally:
        subprocess.run(["git", "-C", str(site.ROOT), "worktree", "remove", "--force", str(tree)], check=True)
    return folder / "site"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=site.ROOT / "build" / "lighthouse")
    parser.add_argument("--before", metavar="REV", help="measure the site as this commit builds it too")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("node_modules/.bin/lighthouse is missing: run `npm ci` (make does it for you)")
    sites = {"": site.build(Path(tempfile.mkdtemp()) / "site")}
    if args.before:
        sites = {"before: ": build_at(args.before, Path(tempfile.mkdtemp())), **sites}
    args.out.mkdir(parents=True, exist_ok=True)
    print("| page | performance | LCP | total blocking time | main-thread work | accessibility |")
    print("|---|---|---|---|---|---|")
    for label, built in sites.items():
        # The bare page says one word, or Lighthouse finds no paint to time.
        (built / "bare.html").write_text(BARE.replace("<title>bare</title>", "<title>bare</title><p>Pyodide</p>"))
        server = Server(built)
        try:
            for name, path in PAGES.items():
                runs = [measure(server.origin + path, args.out / (
                    f"{label[:6]}{i}-{path.replace('#', '').replace('&', '-') or 'start'}.json"))
                    for i in range(args.runs)]
                med = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
                print(f"| {label}{name} | {med['performance']:.2f} | {med['lcp']:.1f} s | {med['tbt']:.1f} s "
                      f"| {med['main']:.1f} s | {med['accessibility']:.2f} |", flush=True)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
