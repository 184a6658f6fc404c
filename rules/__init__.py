"""The games, one module each. Adding a game: a module here and one line below."""

from pygame_engine.registry import register
from rules import hard_rug, shrewish_queens, stumbling_block, thirteen_piles, topsy_turvy_queens

for _module in (topsy_turvy_queens, shrewish_queens, stumbling_block, thirteen_piles, hard_rug):
    register(_module.GAME)
