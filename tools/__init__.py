"""Commands that build, measure and grade: they use the games, so they register them."""

import rules  # noqa: F401 - registers the games
