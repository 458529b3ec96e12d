"""GameEvent and Transition fill their slots directly (``base``): still the frozen dataclasses
they are declared as, with the same arguments and defaults."""

import dataclasses

import pytest

from matches.engine.base import GameEvent, Transition


def test_an_event_keeps_its_dataclass_arguments_and_defaults():
    a, b = GameEvent("goal"), GameEvent("goal")
    assert a == b == GameEvent(kind="goal", side=None, data={})
    assert a.data is not b.data  # a fresh dict each
    assert GameEvent("save", 1, None).data is None  # an explicit value is kept as given
    assert GameEvent(data={"n": 1}, side=0, kind="foul").to_json() == {
        "kind": "foul",
        "side": 0,
        "data": {"n": 1},
    }
    assert dataclasses.replace(a, side=1) == GameEvent("goal", 1)
    with pytest.raises(TypeError, match=r"GameEvent.__init__\(\) missing"):
        GameEvent()


def test_events_and_transitions_stay_frozen():
    t = Transition("state", (GameEvent("goal"),))
    assert t == Transition(state="state", events=(GameEvent("goal"),))
    assert Transition("state").events == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.events = ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.events[0].kind = "save"


@pytest.mark.parametrize(
    ("cls", "names"), [(GameEvent, ["kind", "side", "data"]), (Transition, ["state", "events"])]
)
def test_the_fast_init_sets_every_declared_field(cls, names):
    """A field added to the dataclass must be added to its ``__init__`` in ``base`` too."""
    assert [f.name for f in dataclasses.fields(cls)] == names
