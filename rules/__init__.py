"""The games, one module each. Adding a game: a module here and one line below.

With ``PASYANSY_COMPILED`` naming a folder, the modules built there (``make compiled``:
``<folder>/rules/*.so``, Сложный коврик's and Строптивые дамы's sources compiled to C for
the batch runs in CPython) are found before the source; the site and the tests use the
source.
"""

import os

from pygame_engine.registry import register

if _compiled := os.environ.get("PASYANSY_COMPILED"):
    __path__.insert(0, os.path.join(_compiled, "rules"))

from rules import hard_rug, shrewish_queens, stumbling_block, thirteen_piles, topsy_turvy_queens

for _module in (topsy_turvy_queens, shrewish_queens, stumbling_block, thirteen_piles, hard_rug):
    register(_module.GAME)
