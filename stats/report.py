"""A finished match's report: the score, the timeline of goals and cards, the best moments,
each manager's rating change and, for Amigo Hattrick, the final table of its games.

Read from the match as it stands: its sides and result, the effects of its *effective* moves
(undone ones left out, ``matches.log.replay.log_stacks``), each in the engine's own words in
the reader's language, and the rating entries the stats job wrote for it. The moments are
those the engines name in their effects: a shot the keeper stopped (a chance, and a save), and
a comeback, a side that trailed and did not lose. docs/api.md, "Match reports".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from matches.engine import get_game
from matches.engine.wording import effect_text
from matches.i18n import game_name
from matches.log.replay import log_stacks
from matches.models import Match, MatchSide, MatchStatus
from stats.models import RatingEntry

#: Effects of the timeline, and of the moments: a keeper's save (a shot before a save is a
#: chance too), a chance the engine names as one (Hat-Trick's scoring opportunity).
TIMELINE = ("goal", "yellow_card", "red_card")
SAVES = ("save", "catch", "parry")
CHANCES = ("scoring_opportunity",)
#: Who an effect names, by the keys the games use (a footballer's number, a piece).
WHO = ("scorer", "player", "shooter", "piece")
#: The most moments a report names (a comeback first, then the chances and saves in order).
MOMENTS = 6


def _who(game: Any, data: Mapping[str, Any]) -> str | None:
    for key in WHO:
        value = data.get(key)
        if value not in (None, "") and not isinstance(value, bool | dict | list):
            return str(game.stats.player_label(str(value)))
    return None


def score_line(match: Match, sides: Sequence[MatchSide]) -> str:
    """``2:1``, ``2:2 after extra time``, ``1:1 after extra time, 4:3 on penalties``; an
    Amigo Hattrick match's points side by side (``31 · 28 · 17 · 12``)."""
    result = match.result or {}
    scores = result.get("scores") or [side.score or 0 for side in sides]
    if len(scores) != 2:
        return " · ".join(str(score) for score in scores)
    line = f"{scores[0]}:{scores[1]}"
    termination = result.get("termination")
    shootout = (match.summary or {}).get("shootout")
    if termination == "penalty_shootout" and isinstance(shootout, list) and len(shootout) >= 2:
        return _("{score} after extra time, {home}:{away} on penalties").format(
            score=line, home=shootout[-2], away=shootout[-1]
        )
    if termination in ("extra_time", "penalty_shootout"):
        return _("{score} after extra time").format(score=line)
    return line


def match_report(match: Match) -> dict[str, Any]:
    """The report of a finished match (``match`` with its edition), in the active language."""
    game = get_game(match.game)
    sides = list(match.sides.order_by("position").select_related("user"))
    names = [side.name for side in sides]
    events = match.events.order_by("seq").only("seq", "kind", "action", "effects", "target_seq")
    timeline: list[dict[str, Any]] = []
    saves: list[dict[str, Any]] = []
    chances: list[dict[str, Any]] = []
    running = [0] * len(sides)
    behind = [0] * len(sides)  # the most each side trailed by
    table: list[list[int]] = []
    shot: dict[str, Any] | None = None
    for event in log_stacks(events).applied:
        for effect in event.effects or []:
            kind, side = effect.get("kind"), effect.get("side")
            data = effect.get("data") or {}
            entry = {
                "seq": event.seq,
                "kind": kind,
                "side": side if isinstance(side, int) else None,
                "player": _who(game, data),
                "text": effect_text(match.game, effect, names) or "",
            }
            if kind == "game_scored":  # Amigo Hattrick: one game's points
                points = [int(p) for p in data.get("scores") or []]
                table.append(points)
                running = [a + b for a, b in zip(running, points, strict=False)]
                _trailing(running, behind)
            elif kind in TIMELINE and not data.get("shootout"):
                timeline.append(entry)
                if kind == "goal" and isinstance(side, int) and side < len(running):
                    running[side] += 1
                    _trailing(running, behind)
                    shot = None
            elif kind == "shot" and not data.get("shootout") and entry["player"] is not None:
                shot = {**entry, "kind": "chance"}
            elif kind in CHANCES:
                chances.append({**entry, "kind": "chance"})
            elif kind in SAVES:
                if shot is not None:
                    saves.append(shot)
                    shot = None
                saves.append({**entry, "kind": "save"})
    moments = _comebacks(sides, behind) + saves + chances
    return {
        "match": match.pk,
        "game": match.game,
        "game_name": game_name(match.game),
        "visibility": match.visibility,
        "finished_at": match.finished_at,
        "title": " – ".join(names) if len(sides) != 2 else f"{names[0]} – {names[1]}",
        "score_line": score_line(match, sides),
        "termination": (match.result or {}).get("termination"),
        "shootout": _shootout(match),
        "sides": [
            {
                "side": side.position,
                "name": side.name,
                "user": side.user.username if side.user_id else None,
                "score": side.score,
                "result": side.result,
            }
            for side in sides
        ],
        "timeline": timeline,
        "moments": moments[:MOMENTS],
        "ratings": _ratings(match, sides),
        "table": _table(table, sides) if table else None,
    }


def _trailing(running: list[int], behind: list[int]) -> None:
    for position, own in enumerate(running):
        others = [score for at, score in enumerate(running) if at != position]
        if others:
            behind[position] = max(behind[position], max(others) - own)


def _comebacks(sides: Sequence[MatchSide], behind: Sequence[int]) -> list[dict[str, Any]]:
    """A side that trailed and did not lose: the comeback of the match."""
    found = []
    for side in sides:
        if behind[side.position] > 0 and side.result in ("win", "draw"):
            text = (
                _("{side} came back from {down} behind to win.")
                if side.result == "win"
                else _("{side} came back from {down} behind to draw.")
            )
            found.append(
                {
                    "seq": None,
                    "kind": "comeback",
                    "side": side.position,
                    "player": None,
                    "text": text.format(side=side.name, down=behind[side.position]),
                }
            )
    return found


def _shootout(match: Match) -> list[int] | None:
    if (match.result or {}).get("termination") != "penalty_shootout":
        return None
    shootout = (match.summary or {}).get("shootout")
    return [int(goals) for goals in shootout[-2:]] if isinstance(shootout, list) else None


def _ratings(match: Match, sides: Sequence[MatchSide]) -> list[dict[str, Any]]:
    """Each manager's rating before and after the match (the stats job's entries: none for a
    guest, for a private match, nor before the job has run)."""
    entries = {
        entry.user_id: entry
        for entry in RatingEntry.objects.filter(match=match, user__isnull=False)
    }
    out = []
    for side in sides:
        entry = entries.get(side.user_id) if side.user_id else None
        if entry is not None:
            out.append(
                {
                    "side": side.position,
                    "user": side.user.username,
                    "before": round(entry.rating_before, 1),
                    "after": round(entry.rating_after, 1),
                    "change": round(entry.rating_after - entry.rating_before, 1),
                }
            )
    return out


def _table(games: list[list[int]], sides: Sequence[MatchSide]) -> dict[str, Any]:
    """Amigo Hattrick's final table: each game's points per side, and the totals."""
    totals = [sum(game[at] for game in games if at < len(game)) for at in range(len(sides))]
    return {"games": games, "totals": totals}


def report_ready(match: Match) -> bool:
    return match.status == MatchStatus.FINISHED
