"""A small fourth game, defined here only: "Pile". Two sides take one or two tokens in turn
from a pile (seven unless the options say otherwise); whoever takes the last token wins.

Everything the service needs of it is in this package: :data:`GAME`, and its clauses in
``data/clauses.yaml``. A test installs it by adding the package to the ``COMPANION_GAMES``
setting, as a new game is added (docs/games.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from importlib.resources import files
from types import SimpleNamespace
from typing import Annotated, Literal, NotRequired, TypedDict

from matches.engine.base import (
    JSON,
    Bounds,
    GameEvent,
    GameOverError,
    GameShapes,
    IllegalActionError,
    InvalidActionError,
    LegalShape,
    Outcome,
    SetupError,
    Transition,
    outcome_shape,
    shape,
)
from matches.engine.game import Game
from matches.engine.stats import StatsExtractor
from matches.engine.teams import (
    CheckedLineup,
    EditionData,
    Lineup,
    NewTeam,
    TeamRefusal,
    TeamRequest,
    TeamRules,
    violation,
)

KEY = "toy-pile"


@dataclass(frozen=True)
class PileState:
    pile: int
    turn: int
    names: tuple[str, ...]
    taken: tuple[int, int] = (0, 0)
    winner: int | None = None


@dataclass(frozen=True)
class Take:
    count: int


class TakeAction(TypedDict):
    type: Literal["take"]
    count: Annotated[int, Bounds(minimum=1, maximum=2)]


class TakeEntry(TypedDict):
    type: Literal["take"]
    count: list[int]


class PileLegal(LegalShape):
    step: Literal["take", "over"]


class PileOptions(TypedDict, total=False):
    pile: Annotated[int, Bounds(minimum=3, maximum=30)]


class PileSide(TypedDict):
    name: NotRequired[str]


SHAPES = GameShapes(
    actions=(TakeAction,),
    legal=PileLegal,
    legal_entries=(TakeEntry,),
    effects={"took": shape("Took", count=int, left=int)},
    summary=shape("PileSummary", pile=int, turn=int | None),
    outcome=outcome_shape("PileOutcome", ("last_token",)),
    options=PileOptions,
    side_config=PileSide,
    state=shape(
        "PileStateShape", pile=int, turn=int, names=list[str], taken=list[int], winner=int | None
    ),
    edition=shape("PileEdition", {"title": NotRequired[str], "pile": NotRequired[int]}),
    ready_rule="The first count of an entry makes its ready action.",
    input_codes=frozenset({"unknown_action", "bad_count", "bad_notation", "bad_pile"}),
)

#: the sentences of its refusals and effects (English only: a toy has no catalog)
TEXTS = SimpleNamespace(
    ERRORS={
        "bad_pile": "A pile holds 3 to 30 tokens.",
        "unknown_action": "Only 'take' is a move of Pile.",
        "bad_count": "Take one or two tokens.",
        "bad_notation": "Write T1 or T2.",
        "too_many": "There are only {left} tokens left.",
        "game_over": "The pile is gone.",
    },
    HINTS={},
    EFFECTS={"took": "{side} took {count}."},
    PARTS={},
    STEP_CLAUSES={},
)


class PileEngine:
    key = KEY
    name = "Pile"
    min_sides = 2
    max_sides = 2

    def default_edition(self) -> dict[str, JSON]:
        return {"title": "Pile", "pile": 7}

    def initial_state(self, *, edition, sides, options) -> PileState:
        pile = options.get("pile", edition.get("pile", 7))
        if not isinstance(pile, int) or isinstance(pile, bool) or not 3 <= pile <= 30:
            raise SetupError("bad_pile", "PILE-1", "A pile holds 3 to 30 tokens.")
        names = tuple(str(side.get("name") or f"Side {i + 1}") for i, side in enumerate(sides))
        return PileState(pile=pile, turn=0, names=names)

    def parse_action(self, data: JSON) -> Take:
        if not isinstance(data, Mapping) or data.get("type") != "take":
            raise InvalidActionError("unknown_action", None, "Only 'take' is a move of Pile.")
        count = data.get("count")
        if count not in (1, 2) or isinstance(count, bool):
            raise InvalidActionError("bad_count", None, "Take one or two tokens.")
        return Take(count)

    def action_to_json(self, action: Take) -> dict[str, JSON]:
        return {"type": "take", "count": action.count}

    def format_action(self, action: Take) -> str:
        return f"T{action.count}"

    def parse_notation(self, text: str) -> Take:
        if text not in ("T1", "T2"):
            raise InvalidActionError("bad_notation", None, "Write T1 or T2.")
        return Take(int(text[1]))

    def apply(self, state: PileState, action: Take) -> Transition:
        if state.winner is not None:
            raise GameOverError("game_over", "PILE-3", "The pile is gone.")
        if action.count > state.pile:
            raise IllegalActionError(
                "too_many", "PILE-2", "There are not that many tokens left.", {"left": state.pile}
            )
        pile = state.pile - action.count
        taken = list(state.taken)
        taken[state.turn] += action.count
        event = GameEvent("took", state.turn, {"count": action.count, "left": pile})
        new = replace(
            state,
            pile=pile,
            turn=1 - state.turn,
            taken=tuple(taken),
            winner=state.turn if pile == 0 else None,
        )
        return Transition(new, (event,))

    def legal_actions(self, state: PileState) -> dict[str, JSON]:
        if state.winner is not None:
            return {"hint": "The pile is gone.", "actor": None, "step": "over", "actions": []}
        counts = [n for n in (1, 2) if n <= state.pile]
        return {
            "hint": "Take one or two tokens.",
            "actor": state.turn,
            "step": "take",
            "actions": [{"type": "take", "count": counts}],
        }

    def outcome(self, state: PileState) -> Outcome | None:
        if state.winner is None:
            return None
        scores = tuple(int(side == state.winner) for side in (0, 1))
        return Outcome("last_token", scores, (state.winner,))

    def summary(self, state: PileState) -> dict[str, JSON]:
        return {"pile": state.pile, "turn": None if state.winner is not None else state.turn}

    def state_to_json(self, state: PileState) -> dict[str, JSON]:
        return {
            "pile": state.pile,
            "turn": state.turn,
            "names": list(state.names),
            "taken": list(state.taken),
            "winner": state.winner,
        }

    def state_from_json(self, data: Mapping[str, JSON]) -> PileState:
        return PileState(
            pile=data["pile"],
            turn=data["turn"],
            names=tuple(data["names"]),
            taken=tuple(data["taken"]),
            winner=data["winner"],
        )

    def render_svg(self, state: PileState, before: PileState | None = None) -> str:
        tokens = "".join(f'<circle cx="{20 + 30 * i}" cy="30" r="12"/>' for i in range(state.pile))
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 60">'
            f"<title>Pile: {state.pile} left</title>{tokens}</svg>"
        )


class PileStats(StatsExtractor):
    handlers = {"took": lambda ctx, side, data: [(side, None, "tokens", data["count"])]}


class PileTeams(TeamRules):
    """A Pile team is a name and up to two colours (PILE-T1); it brings nothing else: no
    catalog, no card rows, nothing for the engine beside its name (the defaults)."""

    def new_team(self, data: EditionData, request: TeamRequest) -> NewTeam:
        if request.picks is not None or request.team_card is not None or request.pieces:
            raise TeamRefusal("lineup_not_allowed", "A Pile team is only a name and colours.")
        colours = request.colours or []
        violations = []
        if len(colours) > 2:
            violations.append(
                violation(
                    "too_many_colours",
                    "A Pile team wears up to {limit} colours, not {count}.",
                    params={"limit": 2, "count": len(colours)},
                    rule="PILE-T1",
                )
            )
        lineup: Lineup = {"game": KEY, "source": "lineup"}
        checked = CheckedLineup(lineup if not violations else {}, violations, "lineup")
        return NewTeam(checked, request.name, colours, request.style)

    def changed(
        self, data: EditionData, current: Lineup, style: str | None, changes: Mapping[str, object]
    ) -> CheckedLineup:
        raise TeamRefusal("lineup_not_allowed", "A Pile team is only a name and colours.")

    def rechecked(
        self, data: EditionData, current: Lineup, source: str, style: str | None
    ) -> CheckedLineup:
        return CheckedLineup(dict(current), [], source)


def first_action(entry: Mapping, legal: Mapping) -> dict:
    return {"type": "take", "count": entry["count"][0]}


def side_names(state: PileState) -> Sequence[str]:
    return state.names


GAME = Game(
    engine=PileEngine(),
    shapes=SHAPES,
    first_action=first_action,
    title=lambda: "Pile",
    texts=TEXTS,
    side_names=side_names,
    data=files(__name__) / "data",
    rule_prefixes=("PILE",),
    stats=PileStats(),
    teams=PileTeams(),
)
