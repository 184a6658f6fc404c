"""Long measurements, each its own command: they use the games, so they register them."""

import rules  # noqa: F401 - registers the games
