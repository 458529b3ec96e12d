"""Hat-Trick (base game) rules engine: pure Python, immutable state, typed actions.

``ENGINE`` implements :class:`matches.engine.base.GameEngine`; the rules as implemented, with
their clause ids, are in ``docs/rules/hat-trick.md``.
"""

from matches.engine.hat_trick.engine import ENGINE, HatTrickEngine

__all__ = ["ENGINE", "HatTrickEngine"]
