"""The common interface of the per-game stats extractors.

An extractor reads one finished match (its sides, final state snapshot and the game events of
its *effective* actions, undone ones left out) and returns flat integer counters per player
and per side. Each game declares a table ``kind -> handler``; a handler turns one event into
``(side, player, counter, amount)`` increments. Counter names are ``goals``, ``shots``,
``passes_completed.<type>``… (see docs/stats.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from matches.engine.i18n import gettext

#: side (None: no side, not counted), player (None: the side), counter, amount
Increment = tuple[int | None, str | None, str, int]
Handler = Callable[[dict[str, Any], "int | None", Mapping[str, Any]], Iterable[Increment]]


@dataclass(frozen=True)
class SideView:
    position: int
    config: Mapping[str, Any]
    score: int
    result: str


@dataclass(frozen=True)
class MatchView:
    game: str
    sides: Sequence[SideView]
    state: Mapping[str, Any]
    effects: Iterable[Mapping[str, Any]]  # game events of the effective actions, in order


@dataclass
class Extracted:
    """What one match yields: counters per (side, player), per side, and extra facts."""

    players: dict[tuple[int, str], Counter[str]] = field(default_factory=dict)
    sides: dict[int, Counter[str]] = field(default_factory=dict)
    detail: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)
    lines: dict[int, dict[str, Any]] = field(default_factory=dict)
    style: dict[int, str] = field(default_factory=dict)
    context: dict[str, Any] = field(default_factory=dict)  # handlers' scratch space

    def add(self, side: int, player: str | None, counter: str, amount: int = 1) -> None:
        totals = self.sides.get(side)
        if totals is None:
            totals = self.sides[side] = Counter()
        totals[counter] = totals.get(counter, 0) + amount
        if player is not None:
            lines = self.players.get((side, player))
            if lines is None:
                lines = self.players[(side, player)] = Counter()
            lines[counter] = lines.get(counter, 0) + amount


def number(value: Any) -> str | None:
    """A player key from a shirt number / piece id; None when the event names nobody."""
    if value is None or value == "" or isinstance(value, bool):
        return None
    return str(value)


class StatsExtractor:
    """Subclass per game: set ``handlers``; override the hooks where needed. A game's object
    (:class:`matches.engine.game.Game`) holds its extractor as ``stats``."""

    handlers: ClassVar[Mapping[str, Handler]] = {}

    def extract(self, match: MatchView) -> Extracted:
        out = Extracted()
        for side in match.sides:
            for player in self.squad(match, side.position):
                out.players.setdefault((side.position, player), Counter())
        handlers, context, sides, players = self.handlers, out.context, out.sides, out.players
        for event in match.effects:
            handler = handlers.get(event.get("kind", ""))
            if handler is None:
                continue
            data = event.get("data") or {}
            for at, who, counter, amount in handler(context, event.get("side"), data):
                if at is None:
                    continue
                # Extracted.add, inlined: this loop runs once per counted event
                totals = sides.get(at)
                if totals is None:
                    totals = sides[at] = Counter()
                totals[counter] = totals.get(counter, 0) + amount
                if who is not None:
                    lines = players.get((at, who))
                    if lines is None:
                        lines = players[(at, who)] = Counter()
                    lines[counter] = lines.get(counter, 0) + amount
        for side in match.sides:
            out.lines[side.position] = self.lines(match, side.position)
            out.style[side.position] = self.style(match, side, out.sides.get(side.position))
        self.finish(match, out)
        for key in out.players:
            out.players[key]["appearances"] = 1
        return out

    # --- hooks ---------------------------------------------------------------------------
    def squad(self, match: MatchView, position: int) -> list[str]:
        """Players who appear for a side even without an event (default: none)."""
        return []

    def lines(self, match: MatchView, position: int) -> dict[str, Any]:
        return {}

    def style(self, match: MatchView, side: SideView, counters: Counter[str] | None) -> str:
        declared = side.config.get("style")
        if isinstance(declared, str) and declared:
            return declared[:32]
        name = declared.get("name") if isinstance(declared, Mapping) else None
        if isinstance(name, str):
            return name[:32]
        return self.derived_style(counters or Counter())

    def derived_style(self, counters: Counter[str]) -> str:
        return ""

    def finish(self, match: MatchView, out: Extracted) -> None:
        """Game-specific facts after all events (e.g. Amigo's per-game scores)."""

    # --- words of a team card ------------------------------------------------------------
    def player_label(self, player: str) -> str:
        """A player of a stats line in words (a footballer by his shirt number)."""
        return gettext("No. {player}").format(player=player)

    def score_line(self, scored: int, conceded: int) -> str:
        """A team's goals for and against."""
        return gettext("Goals {scored}:{conceded}").format(scored=scored, conceded=conceded)

    def region_words(self) -> dict[str, str]:
        """The names of a team card's lines that are regions of the pitch, in words (the lines
        a team's players are counted in; none by default)."""
        return {}


_GROUPS_OF: dict[tuple[tuple[str, tuple[str, ...]], ...], dict[str, tuple[str, ...]]] = {}


def style_from_shares(counters: Counter[str], groups: Mapping[str, Sequence[str]]) -> str:
    """The group with most actions (e.g. passing / long balls / dribbling); '' if none.

    A counter counts for every group one of whose prefixes it starts with; which groups a
    counter name falls in is worked out once per name (the names are few)."""
    spec = tuple((name, tuple(prefixes)) for name, prefixes in groups.items())
    groups_of = _GROUPS_OF.get(spec)
    if groups_of is None:
        groups_of = _GROUPS_OF[spec] = {}
    totals = dict.fromkeys(groups, 0)
    for key, value in counters.items():
        names = groups_of.get(key)
        if names is None:
            names = groups_of[key] = tuple(
                name for name, prefixes in spec if any(key.startswith(p) for p in prefixes)
            )
        for name in names:
            totals[name] += value
    best = max(totals.items(), key=lambda item: item[1], default=("", 0))
    return best[0] if best[1] > 0 else ""
