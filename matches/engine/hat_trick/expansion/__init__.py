"""The "Spieler" expansion (HX- clauses in docs/rules/hat-trick.md).

A side that brings a ``lineup`` (player cards on slots 2-11, gold flags, star keeper, style)
plays with expansion cards: double shirt numbers, abilities, star-keeper promotion and style
cards. The base game never touches this package's state (``State.x`` stays ``None``).
"""
