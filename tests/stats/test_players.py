"""Player stats and team cards from hand-built game events, per game extractor."""

from __future__ import annotations

import pytest

from stats import jobs
from stats.models import MatchParticipation, PlayerStats, Scope, TeamCard
from tests.stats.factories import ev, make_match

pytestmark = pytest.mark.django_db


def squad(numbers, role="midfielder"):
    return [{"number": n, "role": role, "attack": 2, "defence": 3} for n in numbers]


HT_STATE = {
    "setup": {
        "players": [
            squad([2, 3], "full_back") + squad([9, 10], "forward"),
            squad([4, 5], "full_back") + squad([7, 11], "forward"),
        ]
    }
}


def hat_trick_match(ann, ben, **extra):
    events = [
        [ev("pass_completed", 0, passer=2, receiver=9, pass_type="short_pass")],
        [ev("long_ball_intercepted", 0, passer=9, pass_type="long_ball")],
        [ev("dribble_won", 1, dribbler=7), ev("dribble_lost", 1, dribbler=7)],
        [ev("shot", 1, shooter=7, penalty=False), ev("goal", 1, scorer=7, penalty=False)],
        [ev("shot", 0, shooter=9), ev("save", 1)],
        [ev("shot", 0, shooter=9), ev("goal", 0, scorer=9)],
        [ev("foul", 1, fouler=4), ev("yellow_card", 1, player=4)],
        [ev("foul", 1, fouler=4), ev("red_card", 1, player=4, second_yellow=True)],
        # undone: must not count
        [ev("shot", 0, shooter=10), ev("goal", 0, scorer=10)],
        [ev("shot", 0, shooter=9, penalty=True), ev("goal", 0, scorer=9, penalty=True)],
        [ev("pass_completed", 0, passer=9, receiver=10, pass_type="long_ball")],
    ]
    return make_match(
        sides=[
            {"name": "Ann XI", "user": ann, "score": 2, "team_id": 41},
            {"name": "Ben Rovers", "user": ben, "score": 1},
        ],
        events=events,
        undone=[8],
        state=HT_STATE,
        **extra,
    )


def test_hat_trick_player_stats_equal_hand_counts(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    match = hat_trick_match(ann, ben)
    jobs.match_stats_refresh(match_id=match.pk)
    lines = {
        (row.position, player): counters
        for row in MatchParticipation.objects.all()
        for player, counters in row.players.items()
    }
    assert set(lines) == {
        (0, "2"),
        (0, "3"),
        (0, "9"),
        (0, "10"),
        (1, "4"),
        (1, "5"),
        (1, "7"),
        (1, "11"),
    }
    nine = lines[(0, "9")]
    assert nine["goals"] == 2 and nine["shots"] == 3 and nine["penalty_goals"] == 1
    assert nine["passes_intercepted.long_ball"] == 1
    assert nine["passes_completed.long_ball"] == 1
    assert lines[(0, "2")]["passes_completed.short_pass"] == 1
    assert lines[(0, "10")] == {"appearances": 1}  # the undone goal is not counted
    seven = lines[(1, "7")]
    assert (seven["goals"], seven["shots"], seven["dribbles_won"], seven["dribbles_lost"]) == (
        1,
        1,
        1,
        1,
    )
    four = lines[(1, "4")]
    assert (four["fouls"], four["yellow_cards"], four["red_cards"]) == (2, 1, 1)
    side = MatchParticipation.objects.get(match=match, position=1)
    assert side.counters["saves"] == 1
    assert side.lines == {
        "forward": {"players": 2, "attack": 4, "defence": 6},
        "full_back": {"players": 2, "attack": 4, "defence": 6},
    }

    card = TeamCard.objects.get(key="t41")
    assert (card.name, card.team_id, card.played, card.won, card.form) == ("Ann XI", 41, 1, 1, "W")
    assert (card.goals_for, card.goals_against) == (2, 1)
    assert card.top_scorer == {"player": "9", "goals": 2, "appearances": 1}
    assert card.rating == pytest.approx(1516.0)
    assert card.style == "long balls"  # two long balls against one short pass
    rovers = TeamCard.objects.get(name="Ben Rovers")
    assert rovers.key.startswith(f"u{ben.pk}-") and rovers.team_id is None

    # a second match of the same team: totals per team and per manager
    jobs.match_stats_refresh(match_id=hat_trick_match(ann, ben).pk)
    nine = PlayerStats.objects.get(scope=Scope.TEAM, scope_key="t41", player="9")
    assert (nine.appearances, nine.goals, nine.counters["shots"]) == (2, 4, 6)
    mine = PlayerStats.objects.get(scope=Scope.MANAGER, scope_key=str(ann.pk), player="9")
    assert mine.goals == 4
    assert TeamCard.objects.get(key="t41").form == "WW"


def test_trixkick_pieces(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    state = {
        "pieces": {
            "a1": {"side": 0, "field": "B2", "kind": "striker"},
            "a2": {"side": 0, "field": "C3", "kind": "defender"},
            "b1": {"side": 1, "field": "A1", "kind": "striker"},
            "b9": {"side": 1, "field": None},
        }
    }
    events = [
        [ev("ball_played", 0, piece="a1", kick=None), ev("ball_received", 0, pieces=["a2"])],
        [ev("ball_played", 0, piece="a2", kick="free_kick"), ev("ball_received", 1, pieces=["b1"])],
        [ev("ball_played", 1, piece="b1"), ev("loose_ball", None, field="B2")],
        [ev("dribble", 0, piece="a1"), ev("run", 0, piece="a1")],
        [ev("foul", 1, pieces=["b1", "b2"]), ev("yellow_card", 1, piece="b1")],
        [ev("foul", 0, pieces=["a2"]), ev("yellow_card", 0, piece="a2")],
        [ev("offside", 0, piece="a1", field="D4")],
    ]
    match = make_match(
        game="trixkick",
        sides=[{"name": "A", "user": ann, "score": 1}, {"name": "B", "user": ben, "score": 0}],
        events=events,
        state=state,
    )
    jobs.match_stats_refresh(match_id=match.pk)
    lines = {
        player: counters
        for row in MatchParticipation.objects.all()
        for player, counters in row.players.items()
    }
    assert set(lines) == {"a1", "a2", "b1"}  # b9 is not on the board
    assert lines["a1"]["passes_completed.open_play"] == 1
    assert lines["a2"]["passes_intercepted.free_kick"] == 1
    assert lines["b1"]["passes_loose.open_play"] == 1
    assert (lines["a1"]["dribbles_won"], lines["a1"]["runs"], lines["a1"]["offsides"]) == (1, 1, 1)
    assert (lines["b1"]["fouls"], lines["b1"]["yellow_cards"]) == (1, 1)
    assert (lines["a2"]["fouls"], lines["a2"]["yellow_cards"]) == (1, 1)
    card = TeamCard.objects.get(name="A")
    assert card.lines == {"striker": {"players": 1}, "defender": {"players": 1}}
