"""The front end's Python: a table controller and an HTML renderer (both pure Python,
tested on CPython), and the glue that ties them to the page in the browser."""

import rules  # noqa: F401 - registers the games the page plays
