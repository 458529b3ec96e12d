"""The action codec: one dataclass per action gives its JSON reading, writing and schema shape.

Driven through its public interface with a small set of actions declared here, the way a game
declares its own (matches/engine/<game>/actions.py).
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal, NotRequired

import pytest

from matches.engine.action_codec import (
    ActionCodec,
    Check,
    Custom,
    Logged,
    Refusal,
    Refusals,
    optional,
    renamed,
)
from matches.engine.base import Bounds, InvalidActionError, Sentences

Level = Annotated[int, "How high.", Bounds(minimum=1, maximum=3), Refusal("level")]
Way = Annotated[Literal["up", "down"], Refusal("way")]
Name = Annotated[str, "A short name.", Check(lambda text: len(text) <= 3), Refusal("name")]


@dataclass(frozen=True)
class Token:
    letter: str

    def to_json(self) -> dict:
        return {"letter": self.letter}


def read_token(value, where):
    """A token: ``{"letter": "a"}`` or just ``"a"``."""
    if isinstance(value, dict) and set(value) == {"letter"}:
        value = value["letter"]
    if isinstance(value, str) and len(value) == 1:
        return Token(value)
    raise InvalidActionError("invalid_action", None, f"{where}: one letter", {"cause": "token"})


class TokenShape(typing.TypedDict):
    letter: str


TokenValue = Annotated[Token, Custom(read_token, Token.to_json, TokenShape)]


@dataclass(frozen=True)
class Climb:
    """Climb ``level`` steps ``way``."""

    type: ClassVar[str] = "climb"
    level: Level
    way: Way
    fast: Annotated[bool, Refusal("fast")]


@dataclass(frozen=True)
class Sing:
    """Sing, perhaps with a name."""

    type: ClassVar[str] = "sing_song"
    name: Name | None = optional()
    loud: Annotated[Literal[1, 2], Refusal(None, code="invalid_loud")] | None = optional(
        null="shown"
    )
    note: Annotated[Literal["a", "b"], Refusal("note")] | None = optional(null="written")


@dataclass(frozen=True)
class Hand:
    """A pair of tokens and a pile of them."""

    type: ClassVar[str] = "hand"
    pair: Annotated[tuple[TokenValue, TokenValue], Refusal("pair")]
    pile: Annotated[tuple[TokenValue, ...], Bounds(max_items=3), Refusal("pile")]
    into: Name = renamed("in")
    hidden: Annotated[Name, Logged(Annotated[str | None, "Null when hidden."])] = renamed("secret")


SENTENCES = Sentences(
    {
        "invalid_action:level": "“{field}” is a whole number from {low} to {high}.",
        "invalid_action:missing_field": "Missing: “{field}”.",
        "invalid_loud": "1 or 2.",
    }
)
CODEC = ActionCodec((Climb, Sing, Hand), Refusals("Toy", SENTENCES, rule="T-0"))


def refusal(data) -> InvalidActionError:
    with pytest.raises(InvalidActionError) as caught:
        CODEC.parse(data)
    return caught.value


@pytest.mark.parametrize(
    ("data", "action"),
    [
        ({"type": "climb", "level": 2, "way": "up", "fast": False}, Climb(2, "up", False)),
        ({"type": "sing_song"}, Sing(None, None, None)),
        ({"type": "sing_song", "name": "ab", "loud": 2, "note": "b"}, Sing("ab", 2, "b")),
        (
            {"type": "hand", "pair": ["a", "b"], "pile": [], "in": "x", "secret": "y"},
            Hand((Token("a"), Token("b")), (), "x", "y"),
        ),
    ],
)
def test_an_action_is_read_from_its_json_and_written_back(data, action):
    assert CODEC.parse(data) == action
    again = CODEC.to_json(action)
    assert CODEC.parse(again) == action
    assert again["type"] == data["type"]


def test_what_is_written_leaves_out_an_empty_optional_field_unless_null_is_written():
    assert CODEC.to_json(Sing(None, None, None)) == {"type": "sing_song", "note": None}
    assert CODEC.parse({"type": "sing_song", "name": None, "loud": None}) == Sing()
    written = CODEC.to_json(Hand((Token("a"), Token("b")), (Token("c"),), "x", "y"))
    assert written["pair"] == [{"letter": "a"}, {"letter": "b"}]
    assert written["in"] == "x" and written["secret"] == "y"


@pytest.mark.parametrize(
    ("data", "code", "cause", "details"),
    [
        (["climb"], "invalid_action", "not_an_object", {}),
        ({"level": 1}, "invalid_action", "unknown_type", {"field": "type", "type": None}),
        ({"type": "fly"}, "invalid_action", "unknown_type", {"field": "type", "type": "fly"}),
        ({"type": "climb", "level": 1, "way": "up", "fast": True, "x": 1}, "invalid_action",
         "unknown_field", {}),
        ({"type": "climb", "way": "up"}, "invalid_action", "missing_field", {"field": "level"}),
        ({"type": "climb", "level": 4, "way": "up", "fast": True}, "invalid_action", "level",
         {"field": "level", "low": 1, "high": 3}),
        ({"type": "climb", "level": True, "way": "up", "fast": True}, "invalid_action", "level",
         {"field": "level", "low": 1, "high": 3}),
        ({"type": "climb", "level": 1.0, "way": "up", "fast": True}, "invalid_action", "level",
         {"field": "level", "low": 1, "high": 3}),
        ({"type": "climb", "level": 1, "way": "left", "fast": True}, "invalid_action", "way",
         {"field": "way"}),
        ({"type": "climb", "level": 1, "way": "up", "fast": 1}, "invalid_action", "fast",
         {"field": "fast"}),
        ({"type": "sing_song", "loud": True}, "invalid_loud", None, {"field": "loud"}),
        ({"type": "sing_song", "name": "long"}, "invalid_action", "name", {"field": "name"}),
        ({"type": "sing_song", "name": 5}, "invalid_action", "name", {"field": "name"}),
        ({"type": "hand", "pair": ["a"], "pile": [], "in": "x", "secret": "y"}, "invalid_action",
         "pair", {"field": "pair"}),
        ({"type": "hand", "pair": ("a", "b"), "pile": [], "in": "x", "secret": "y"},
         "invalid_action", "pair", {"field": "pair"}),
        ({"type": "hand", "pair": ["a", "b"], "pile": ["c"] * 4, "in": "x", "secret": "y"},
         "invalid_action", "pile", {"field": "pile"}),
        ({"type": "hand", "pair": ["a", "bc"], "pile": [], "in": "x", "secret": "y"},
         "invalid_action", "token", {}),
        ({"type": "hand", "pair": ["a", "b"], "pile": [], "into": "x", "secret": "y"},
         "invalid_action", "unknown_field", {}),
    ],
)  # fmt: skip
def test_a_malformed_action_is_refused_with_the_declared_code_and_cause(data, code, cause, details):
    error = refusal(data)
    assert error.code == code
    assert error.details.get("cause") == cause
    assert {key: value for key, value in error.details.items() if key != "cause"} == details
    if code == "invalid_action" and cause != "token":
        assert error.rule == "T-0"


def test_the_english_of_a_refusal_is_the_game_s_sentence_for_its_code_and_cause():
    assert refusal({"type": "climb", "level": 0}).message == "Missing: “way”."
    data = {"type": "climb", "level": 0, "way": "up", "fast": True}
    assert refusal(data).message == "“level” is a whole number from 1 to 3."
    assert refusal({"type": "sing_song", "loud": 3}).message == "1 or 2."


def test_the_refusal_names_the_item_of_a_list_it_concerns():
    data = {"type": "hand", "pair": ["a", "b"], "pile": ["c", "dd"], "in": "x", "secret": "y"}
    assert refusal(data).message == "pile[1]: one letter"


def test_every_declared_refusal_is_listed_with_the_details_it_gives():
    assert CODEC.declared_refusals() == {
        ("invalid_action", "level", frozenset({"cause", "field", "low", "high"})),
        ("invalid_action", "way", frozenset({"cause", "field"})),
        ("invalid_action", "fast", frozenset({"cause", "field"})),
        ("invalid_action", "name", frozenset({"cause", "field"})),
        ("invalid_loud", None, frozenset({"field"})),
        ("invalid_action", "note", frozenset({"cause", "field"})),
        ("invalid_action", "pair", frozenset({"cause", "field"})),
        ("invalid_action", "pile", frozenset({"cause", "field"})),
    }


def test_an_object_that_is_no_action_is_not_written():
    with pytest.raises(InvalidActionError) as caught:
        CODEC.to_json(Token("a"))
    assert caught.value.details == {"cause": "not_a_move"}


def test_each_action_has_its_typed_shape_named_after_its_type():
    climb, sing, hand = CODEC.shapes()
    assert (climb.__name__, sing.__name__, hand.__name__) == (
        "ClimbAction",
        "SingSongAction",
        "HandAction",
    )
    assert sing.__doc__ == Sing.__doc__
    hints = typing.get_type_hints(climb, include_extras=True)
    assert hints["type"] == Literal["climb"]
    assert hints["level"] == Annotated[int, "How high.", Bounds(minimum=1, maximum=3)]
    assert hints["way"] == Literal["up", "down"]
    assert hints["fast"] is bool
    hints = typing.get_type_hints(sing, include_extras=True)
    assert hints["name"] == NotRequired[Annotated[str, "A short name."]]
    assert hints["loud"] == NotRequired[Literal[1, 2] | None]
    assert hints["note"] == NotRequired[Literal["a", "b"] | None]
    hints = typing.get_type_hints(hand, include_extras=True)
    assert hints["pair"] == Annotated[list[TokenShape], Bounds(min_items=2, max_items=2)]
    assert hints["pile"] == Annotated[list[TokenShape], Bounds(max_items=3)]
    assert hints["in"] == Annotated[str, "A short name."]
    assert hints["secret"] == Annotated[str | None, "Null when hidden."]
    assert CODEC.shape(Hand) is hand
    assert CODEC.field_shapes("hand")["secret"] == Annotated[str, "A short name."]
    assert CODEC.keys("hand") == {"type", "pair", "pile", "in", "secret"}
    assert CODEC.fields("hand") == (
        ("pair", "pair"),
        ("pile", "pile"),
        ("in", "into"),
        ("secret", "hidden"),
    )


def test_a_value_without_its_refusal_or_an_action_without_its_type_is_not_declared():
    @dataclass(frozen=True)
    class Untold:
        type: ClassVar[str] = "untold"
        level: Annotated[int, Bounds(minimum=1)]

    @dataclass(frozen=True)
    class Untagged:
        level: Level

    with pytest.raises(TypeError, match="Refusal"):
        ActionCodec((Untold,), Refusals("Toy", SENTENCES))
    with pytest.raises(TypeError, match="tag"):
        ActionCodec((Untagged,), Refusals("Toy", SENTENCES))
