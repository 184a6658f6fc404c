"""The front end's Python, run in the table's worker (``web/main.py``): a table controller
and an HTML renderer, and the glue (:mod:`pasyansy_web.app`) that answers the page's calls
with edits to it. All of it is pure Python, tested on CPython."""

import rules  # noqa: F401 - registers the games the page plays
