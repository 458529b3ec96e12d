"""TriXKick: the deterministic football board game (no cards, no dice).

The package's ``ENGINE`` implements :class:`matches.engine.base.GameEngine` under the key
``"trixkick"``; ``GAME`` is the game as the service sees it (:class:`matches.engine.game.Game`).
Rules as implemented: ``docs/rules/trixkick.md``.
"""

from matches.engine.game import Game
from matches.engine.i18n import pgettext
from matches.engine.trixkick import hints, parts
from matches.engine.trixkick.engine import ENGINE, TrixKickEngine
from matches.engine.trixkick.state import TrixKickState
from matches.engine.trixkick.stats import TrixKickExtractor
from matches.engine.trixkick.teams import TEAMS

GAME = Game.of_package(
    __name__,
    ENGINE,
    title=lambda: pgettext("game", "TriXKick"),
    hint=lambda state, legal: hints.hint(state),
    side_names=lambda state: list(state.names),
    rule_prefixes=("TK",),
    parts=parts,
    stats=TrixKickExtractor(),
    teams=TEAMS,
)

__all__ = ["ENGINE", "GAME", "TrixKickEngine", "TrixKickState"]
