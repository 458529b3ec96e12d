"""Hat-Trick (base game) rules engine: pure Python, immutable state, typed actions.

``ENGINE`` implements :class:`matches.engine.base.GameEngine`; ``GAME`` is the game as the
service sees it (:class:`matches.engine.game.Game`). The rules as implemented, with their
clause ids, are in ``docs/rules/hat-trick.md``.
"""

from matches.engine.game import Game
from matches.engine.hat_trick import parts, texts
from matches.engine.hat_trick.engine import ENGINE, HatTrickEngine
from matches.engine.hat_trick.expansion.teams import TEAMS
from matches.engine.hat_trick.stats import HatTrickExtractor
from matches.engine.i18n import pgettext

GAME = Game.of_package(
    __name__,
    ENGINE,
    title=lambda: pgettext("game", "Hat-Trick"),
    hint=lambda state, legal: texts.hint(legal),
    side_names=lambda state: state.setup.names,
    rule_prefixes=("HT", "HX"),
    parts=parts,
    stats=HatTrickExtractor(),
    teams=TEAMS,
)

__all__ = ["ENGINE", "GAME", "HatTrickEngine"]
