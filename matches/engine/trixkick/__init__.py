"""TriXKick: the deterministic football board game (no cards, no dice).

The package's ``ENGINE`` implements :class:`matches.engine.base.GameEngine` under the key
``"trixkick"``. Rules as implemented: ``docs/rules/trixkick.md``.
"""

from matches.engine.trixkick.engine import ENGINE, TrixKickEngine
from matches.engine.trixkick.state import TrixKickState

__all__ = ["ENGINE", "TrixKickEngine", "TrixKickState"]
