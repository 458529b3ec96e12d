"""One match file format for every game, in the spirit of PGN.

A file is a block of header tags, a blank line, then one action per line in the game's own
notation, numbered from 1::

    [Game "hat-trick"]
    [Edition "reference"]
    [Sides [{"name": "Blue"}, {"name": "Red"}]]
    [Options {}]

    1. <notation of the first action>
    2. <notation of the second action>

Tag values are JSON, nested at most ``MAX_TAG_DEPTH`` arrays or objects deep and holding no
lone UTF-16 surrogate (``"\\ud800"``); anything else is a ``MatchFileError``. Lines starting with ``;`` are comments. ``write`` then ``read`` gives the
same header and the same actions.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from matches.engine.base import EngineError, GameEngine, InvalidActionError
from matches.engine.jsontext import lone_surrogate, may_hold_surrogate, nesting_exceeds

_TAG = re.compile(r"^\[(?P<key>[A-Za-z][A-Za-z0-9_]*)\s+(?P<value>.*)\]$")
_MOVE = re.compile(r"^(?P<number>\d+)\.\s+(?P<text>\S.*)$")
MAX_TAG_DEPTH = 32


class MatchFileError(InvalidActionError):
    """The file is not a well-formed match file (the line number is in ``details``)."""

    default_code = "invalid_match_file"


@dataclass(frozen=True)
class MatchFile:
    headers: dict[str, Any]
    moves: tuple[str, ...]  # notation lines, in order

    def parse_actions(self, engine: GameEngine) -> list[Any]:
        """The moves as the engine's typed actions; a bad line raises with its move number."""
        actions = []
        for number, text in enumerate(self.moves, start=1):
            try:
                actions.append(engine.parse_notation(text))
            except EngineError as exc:
                exc.details.setdefault("move_number", number)
                exc.details.setdefault("notation", text)
                raise
        return actions


def write(headers: Mapping[str, Any], moves: Iterable[str]) -> str:
    lines = [
        f"[{key} {json.dumps(value, ensure_ascii=False, sort_keys=True)}]"
        for key, value in headers.items()
    ]
    lines.append("")
    lines.extend(f"{number}. {text}" for number, text in enumerate(moves, start=1))
    return "\n".join(lines) + "\n"


def write_actions(engine: GameEngine, headers: Mapping[str, Any], actions: Sequence[Any]) -> str:
    return write(headers, (engine.format_action(action) for action in actions))


def read(text: str) -> MatchFile:
    headers: dict[str, Any] = {}
    moves: list[str] = []
    for line_number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        tag = _TAG.match(line)
        if tag and not moves:
            headers[tag["key"]] = _tag_value(tag["key"], tag["value"], line_number)
            continue
        move = _MOVE.match(line)
        if move is None:
            raise MatchFileError(
                message=f"Line {line_number} is neither a header tag nor a numbered move.",
                details={"line": line_number},
            )
        expected = len(moves) + 1
        if int(move["number"]) != expected:
            raise MatchFileError(
                message=f"Line {line_number}: move {move['number']} found where move {expected} was expected.",
                details={"line": line_number, "move_number": expected},
            )
        moves.append(move["text"].strip())
    return MatchFile(headers=headers, moves=tuple(moves))


def _tag_value(key: str, text: str, line_number: int) -> Any:
    problem = None
    if nesting_exceeds(text, MAX_TAG_DEPTH):
        problem = f"nests arrays and objects deeper than {MAX_TAG_DEPTH} levels"
    else:
        try:
            value = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            problem = "is not valid JSON"
        else:
            if may_hold_surrogate(text) and lone_surrogate(value) is not None:
                problem = "holds a lone UTF-16 surrogate"
    if problem is not None:
        raise MatchFileError(
            message=f"Line {line_number}: the value of tag {key} {problem}.",
            details={"line": line_number},
        )
    return value


def replay(engine: GameEngine, state: Any, actions: Iterable[Any]) -> Any:
    """Apply ``actions`` in order; an illegal one raises with its 1-based ``move_number``."""
    for number, action in enumerate(actions, start=1):
        try:
            state = engine.apply(state, action).state
        except EngineError as exc:
            exc.details.setdefault("move_number", number)
            raise
    return state
