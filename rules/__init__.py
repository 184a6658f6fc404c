"""The games, one module each. Adding a game: a module here and one line below."""

from pygame_engine.registry import register
from rules import hard_rug, topsy_turvy_queens

for _module in (hard_rug, topsy_turvy_queens):
    register(_module.GAME)
