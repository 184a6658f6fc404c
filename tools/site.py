"""Build the static site into ``build/site`` and serve it on 127.0.0.1.

    python -m tools.site build [--out DIR]
    python -m tools.site serve [--port N] [--dir DIR]

The build copies ``web/`` and ``service-worker/``, the core files of Pyodide and
the files of PyScript from ``node_modules`` (never from a CDN), and zips the game
packages for PyScript's ``files``, each module beside its bytecode for Pyodide's Python.

The two steps Node takes (Pyodide's memory image, the bytecode) are pure functions of the
files they read; what they made is kept in ``build/cache`` under a digest of those files,
and a build that reads the same files copies it instead of running Node again.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tools.icons import write_icons

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PACKAGES = ("pygame_engine", "rules", "web/pasyansy_web")
CACHE = ROOT / "build" / "cache"
"""What Node made, by a digest of everything it read (``_cached``)."""

DEBIAN_CHROMIUM = "/usr/bin/chromium"
PLAYWRIGHT_CHROMIUM = ("chromium-*/chrome-linux*/chrome", "chromium-*/chrome-mac*/Chromium.app/Contents/MacOS/Chromium",
                       "chromium-*/chrome-win*/chrome.exe")


def find_chromium() -> str:
    """The browser the tests and benchmarks drive: the one ``PASYANSY_CHROMIUM`` names, else
    Playwright's own Chromium where ``playwright install`` put one, else Debian's (its path
    whether or not it is there: ``python -m tools.browser`` installs it or says what to do)."""
    named = os.environ.get("PASYANSY_CHROMIUM")
    if named:
        return named
    folder = Path(os.environ.get("PLAYWRIGHT_BROWSERS_PATH") or Path.home() / ".cache" / "ms-playwright")
    found = sorted(path for pattern in PLAYWRIGHT_CHROMIUM for path in folder.glob(pattern) if os.access(path, os.X_OK))
    return str(found[-1]) if found else DEBIAN_CHROMIUM


# --disable-dev-shm-usage keeps shared memory in the temporary folder, not /dev/shm, which can
# be small in a container (Debian's launcher checks that itself, but fails to read the size
# where /dev/shm is mounted twice).
CHROMIUM = find_chromium()
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run",
                  "--disable-dev-shm-usage"]


def _zip_entry(zf: zipfile.ZipFile, arcname: str, data: bytes) -> None:
    # A fixed timestamp keeps the zip identical between builds of the same code.
    info = zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    zf.writestr(info, data)


def _zip_packages(target: Path, games: Path = ROOT / "rules") -> None:
    """The packages into ``target``; ``games`` is the folder of the package ``rules``."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for package in PACKAGES:
            folder = games if package == "rules" else ROOT / package
            for path in sorted(folder.rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".typed", ".json"):
                    name = str(path.relative_to(folder).parent / path.name)
                    _zip_entry(zf, f"{Path(package).name}/{name}".replace("/./", "/"), path.read_bytes())


def _cached(target: Path, inputs: list[Path], make: Callable[[], object], cache: bool) -> None:
    """Write ``target`` with ``make``, which reads only ``inputs``; or, with ``cache``, copy
    what an earlier ``make`` wrote from the same inputs (``target`` itself among them, when
    ``make`` changes it) under the same Node, and keep what this one writes for the next."""
    if not cache:
        make()
        return
    digest = hashlib.sha256(_node())
    for path in inputs:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    kept = CACHE / f"{target.name}-{digest.hexdigest()[:24]}"
    if kept.exists():
        shutil.copyfile(kept, target)
        return
    make()
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=CACHE, delete=False) as part:  # whole, or not at all
        part.write(target.read_bytes())
    os.replace(part.name, kept)


@functools.cache
def _node() -> bytes:
    """Node's version, which the digest of what it made includes."""
    return subprocess.run(["node", "--version"], capture_output=True, check=True).stdout


def _add_bytecode(target: Path, pyodide: Path, cache: bool = True) -> None:
    """Each module of the zip compiled by Pyodide's own Python, beside its source (tools/bytecode.mjs)."""
    inputs = [target, ROOT / "tools" / "bytecode.mjs", *(pyodide / name for name in PYODIDE_CORE)]
    _cached(target, inputs, functools.partial(_compile_into, target, pyodide), cache)


def _compile_into(target: Path, pyodide: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["node", str(ROOT / "tools" / "bytecode.mjs"), str(pyodide), str(target), folder],
                       check=True, stdout=subprocess.DEVNULL)
        with zipfile.ZipFile(target, "a", zipfile.ZIP_DEFLATED) as zf:
            for path in sorted(Path(folder).rglob("*.pyc")):
                _zip_entry(zf, path.relative_to(folder).as_posix(), path.read_bytes())


def build(out: Path, stamp: str = "", cache: bool = True) -> Path:
    """Build the site into ``out`` (emptied first) and return it.

    ``stamp`` is written to ``version.txt``: two builds with different stamps differ,
    as two releases do. Without ``cache``, Node makes everything afresh.
    """
    modules = ROOT / "node_modules"
    if not (modules / "pyodide" / "pyodide.mjs").exists():
        sys.exit("node_modules/pyodide is missing: run `npm ci` (make does it for you)")
    if out.exists():
        shutil.rmtree(out)
    # The front end's Python goes into the zip, not beside the page.
    shutil.copytree(ROOT / "web", out, ignore=shutil.ignore_patterns("pasyansy_web", "__pycache__"))
    for path in (ROOT / "service-worker").iterdir():
        if path.is_file():
            shutil.copy2(path, out / path.name)
    (out / "pyodide").mkdir()
    for name in PYODIDE_CORE:
        shutil.copy2(modules / "pyodide" / name, out / "pyodide" / name)
    # Pyodide's memory once started, for web/start-pyodide.mjs (made by Node, as npm is).
    # Gzipped, but not named .gz: a server that marks .gz files as gzip-encoded would have
    # the browser unpack it before the page does.
    image = out / "pyodide" / "snapshot.gzip"
    _cached(image, [ROOT / "tools" / "snapshot.mjs", *(out / "pyodide" / name for name in PYODIDE_CORE)],
            functools.partial(subprocess.run, ["node", str(ROOT / "tools" / "snapshot.mjs"), str(out / "pyodide"),
                                               str(image)], check=True), cache)
    shutil.copytree(
        modules / "@pyscript" / "core" / "dist",
        out / "pyscript",
        ignore=shutil.ignore_patterns("*.map"),
    )
    _write_start_page(out / "index.html")
    _zip_packages(out / "pasyansy.zip")
    _add_bytecode(out / "pasyansy.zip", out / "pyodide", cache)
    write_icons(out / "icons")
    (out / "version.txt").write_text(stamp or _source_digest())
    _write_precache(out)
    return out


def ship_games(out: Path, games: Path) -> None:
    """A built site in ``out`` made to ship the games of the folder ``games`` (a package
    ``rules`` of its own, such as a test's with a game added) in place of the project's.
    The start page is drawn from the games registered in this process, as ``build`` draws
    it: the caller registers the same games."""
    shutil.copy2(ROOT / "web" / "index.html", out / "index.html")
    _write_start_page(out / "index.html")
    _zip_packages(out / "pasyansy.zip", games)
    _add_bytecode(out / "pasyansy.zip", out / "pyodide")
    shutil.copy2(ROOT / "service-worker" / "service-worker.js", out / "service-worker.js")
    _write_precache(out)


def _write_start_page(index: Path) -> None:
    """The start page in both languages, drawn here from the games' declarations into
    ``<template>`` elements of the page, so that ``boot.js`` shows the five games at once,
    before Python has started (which then draws the same page again, live)."""
    sys.path.insert(0, str(ROOT / "web"))
    from pasyansy_web.i18n import t
    from pasyansy_web.pages import start_html
    from pasyansy_web.stored import SETTINGS, SETTINGS_ON

    from pygame_engine import registry

    settings = {name: name in SETTINGS_ON for name in SETTINGS}
    options = {game.id: {spec.name: spec.default for spec in game.options} for game in registry.games()}
    blocks = "".join(
        f'<template id="start-{lang}" data-title="{t("title", lang)}" data-mark="{t("in_progress", lang)}">'
        f"{start_html(lang, set(), settings, 'on', None, options)}</template>"
        for lang in ("ru", "en"))
    page = index.read_text(encoding="utf-8")
    marker = '<main id="start" hidden></main>'
    if marker not in page:
        raise SystemExit(f"{index}: no {marker} to put the start page beside")
    index.write_text(page.replace(marker, marker + "\n  " + blocks), encoding="utf-8")


def _source_digest() -> str:
    """A digest of the sources the site is built from, for version.txt."""
    digest = hashlib.sha256()
    for folder in ("web", "service-worker", *PACKAGES):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(ROOT).as_posix().encode() + path.read_bytes())
    return digest.hexdigest()[:12]


def _write_precache(out: Path) -> None:
    """Put the list of every file, with content hashes, into the service worker."""
    worker = out / "service-worker.js"
    files = []
    for path in sorted(p for p in out.rglob("*") if p.is_file() and p != worker):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
        url = path.relative_to(out).as_posix()
        files.append((url, digest))
    files.append(("./", dict(files)["index.html"]))
    version = hashlib.sha256(json.dumps(files).encode()).hexdigest()[:12]
    text = worker.read_text()
    marker = '/* PRECACHE */ { version: "dev", files: [] }'
    if marker not in text:
        raise SystemExit("service-worker.js has lost its PRECACHE marker")
    worker.write_text(text.replace(marker, json.dumps({"version": version, "files": files})))


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the base class declares it as an instance variable
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".json": "application/json",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


class _HTTPServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that drops a connection while a file is sent (a page left or closed while
        # it loads) is no error of the server's: nothing to print.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class Server:
    """The built site served on 127.0.0.1 in a thread, on a free port (``origin``), until
    ``stop``: for the tests and the benchmarks, which stop it to take the network away."""

    def __init__(self, root: Path) -> None:
        handler = functools.partial(_Handler, directory=str(root))
        self.httpd = _HTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def serve(directory: Path, port: int, host: str = "127.0.0.1") -> None:
    """Serve ``directory`` until interrupted, printing the address first."""
    handler = functools.partial(_Handler, directory=str(directory))
    with _HTTPServer((host, port), handler) as server:
        print(f"Serving the site at http://{host}:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.site", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the site")
    b.add_argument("--out", type=Path, default=ROOT / "build" / "site")
    s = sub.add_parser("serve", help="serve the built site")
    s.add_argument("--dir", type=Path, default=ROOT / "build" / "site")
    s.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if args.command == "build":
        print(f"Built the site in {build(args.out)}")
    else:
        serve(args.dir, args.port)


if __name__ == "__main__":
    main()
