"""One small stats extractor per game, sharing ``StatsExtractor`` (see base.py)."""

from __future__ import annotations

from stats.extractors.amigo_hattrick import AmigoHattrickExtractor
from stats.extractors.base import Extracted, MatchView, SideView, StatsExtractor
from stats.extractors.hat_trick import HatTrickExtractor
from stats.extractors.trixkick import TrixKickExtractor

EXTRACTORS: dict[str, StatsExtractor] = {
    extractor.game: extractor
    for extractor in (HatTrickExtractor(), TrixKickExtractor(), AmigoHattrickExtractor())
}


def get_extractor(game: str) -> StatsExtractor:
    """The game's extractor; a game without one yields results only (no player stats)."""
    return EXTRACTORS.get(game) or StatsExtractor()


__all__ = ["EXTRACTORS", "Extracted", "MatchView", "SideView", "StatsExtractor", "get_extractor"]
