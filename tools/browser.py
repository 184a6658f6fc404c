"""Make sure the tests have a browser: ``python -m tools.browser`` (``make test`` runs it).

In this order: the executable ``PASYANSY_CHROMIUM`` names; a Chromium that Playwright
installed; Playwright's own Chromium, downloaded now where that works; Debian's
``chromium``, installed with apt-get where this is Debian and we are root. Otherwise it
stops and says what to install. The tests then drive ``tools.site.find_chromium()``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tools import site


def _debian() -> bool:
    try:
        fields = dict(line.split("=", 1) for line in Path("/etc/os-release").read_text().splitlines() if "=" in line)
    except OSError:
        return False
    # Ubuntu's chromium package installs a snap, which does not run in a container or a CI runner.
    return fields.get("ID", "").strip('"') == "debian"


def _runs(path: str) -> bool:
    return os.access(path, os.X_OK)


def main() -> None:
    named = os.environ.get("PASYANSY_CHROMIUM")
    if named:
        if not _runs(named):
            sys.exit(f"PASYANSY_CHROMIUM names {named}, which is not an executable file")
        return
    if site.find_chromium() != site.DEBIAN_CHROMIUM:
        return  # Playwright's own, installed before
    playwright = shutil.which("playwright", path=str(Path(sys.executable).parent)) or "playwright"
    if subprocess.run([playwright, "install", "chromium"], capture_output=True).returncode == 0:
        return
    if _runs(site.DEBIAN_CHROMIUM):
        return
    if _debian() and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "chromium"], check=True, env=env)
        return
    sys.exit("No browser for the tests, and Playwright could not download one. Install Chromium or Chrome and "
             "set PASYANSY_CHROMIUM to its executable (on Debian, as root: apt-get install chromium).")


if __name__ == "__main__":
    main()
