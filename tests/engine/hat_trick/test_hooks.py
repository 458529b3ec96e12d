"""The hook points of the base game (``hooks.py``): a match without an expansion plays through
the base game's own hooks, and an expansion plugs in through ``hooks.install`` alone, with no
branch of the base game that names it."""

from dataclasses import dataclass, replace

from matches.engine.hat_trick import hooks
from matches.engine.hat_trick.flow import BaseHooks

from .expansion_states import lineup, xnew
from .states import arrange, event, new, play


@dataclass(frozen=True)
class BoostSetup:
    """A made-up expansion: every shot of the match is one football stronger."""


class BoostHooks(BaseHooks):
    @staticmethod
    def initial_state(expansion: BoostSetup) -> str:
        return "boost"

    @staticmethod
    def shot_bonus(s, side, ball, kind, events):
        return s, 1, 0, False


def _shot_power(s) -> int:
    s = arrange(s, {"b6": "B9"}, ball="b6", attacker=0, phase="chance_play_cards")
    s, events = play(s, "D3r/S1l", "skip", "skip", "shot D3 R1")
    return event(events, "shot").data["power"]


def test_a_base_match_plays_through_the_base_games_hooks():
    s = new()
    assert s.setup.expansion is None and s.x is None
    assert type(hooks.of(s)) is BaseHooks
    assert type(hooks.of(xnew(lineup()))) is not BaseHooks  # the "Spieler" expansion's


def test_an_expansion_plugs_in_through_the_hooks_alone(monkeypatch):
    monkeypatch.setitem(hooks.INSTALLED, BoostSetup, BoostHooks())
    base = new()
    boosted = base._replace(setup=replace(base.setup, expansion=BoostSetup()))
    assert hooks.of(boosted).initial_state(BoostSetup()) == "boost"
    assert _shot_power(boosted) == _shot_power(base) + 1
