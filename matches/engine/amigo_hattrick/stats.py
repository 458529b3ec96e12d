"""Amigo Hattrick: each person (side) is one "player"; game scores and match totals."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from matches.engine.i18n import gettext
from matches.engine.stats import Extracted, Handler, Increment, MatchView, StatsExtractor

PERSON = "person"


def _side_counter(counter: str, amount_key: str | None = None) -> Handler:
    def handler(ctx: dict[str, Any], side: int | None, d: Mapping[str, Any]) -> Iterator[Increment]:
        yield side, PERSON, counter, int(d.get(amount_key, 1)) if amount_key else 1

    return handler


def _game_scored(
    ctx: dict[str, Any], side: int | None, d: Mapping[str, Any]
) -> Iterator[Increment]:
    scores = d.get("scores") or []
    ctx.setdefault("game_scores", []).append([int(s) for s in scores])
    for index, score in enumerate(scores):
        yield index, PERSON, "games", 1
        yield index, PERSON, "game_points", int(score)
        passes = d.get("passes") or []
        if index < len(passes):
            yield index, PERSON, "cards_passed_down", int(passes[index])


class AmigoHattrickExtractor(StatsExtractor):
    handlers = {
        "card_played": _side_counter("cards_played"),
        "card_passed": _side_counter("cards_passed"),
        "trick_won": _side_counter("tricks_won"),
        "game_scored": _game_scored,
    }

    def score_line(self, scored: int, conceded: int) -> str:
        """The points a person scored and the best opponent's."""
        return gettext("Points {scored}, best opponent {conceded}").format(
            scored=scored, conceded=conceded
        )

    def squad(self, match: MatchView, position: int) -> list[str]:
        return [PERSON]

    def finish(self, match: MatchView, out: Extracted) -> None:
        games = out.context.get("game_scores", [])
        for side in match.sides:
            scores = [g[side.position] for g in games if side.position < len(g)]
            out.detail[(side.position, PERSON)] = {
                "game_scores": scores,
                "match_total": side.score,
                "best_game": max(scores) if scores else None,
            }
            out.players[(side.position, PERSON)]["match_points"] = side.score
