"""What the table reads of a finished match: the scores and winners, disciplinary points from
the game's cards, the scorers from the game's own stats; undone moves left out."""

from __future__ import annotations

import pytest

from competitions import jobs
from competitions.models import Competition, Fixture, Member
from matches.models import Match, MatchEvent, MatchSide
from teams.models import Edition

pytestmark = pytest.mark.django_db


def _match(user, edition, effects_by_seq, *, undone=(), scores=(2, 1)) -> Match:
    match = Match.objects.create(
        game="hat-trick",
        edition=edition,
        created_by=user,
        status="finished",
        seq=len(effects_by_seq) + len(undone),
        state={"setup": {"players": [[], []]}},
        result={"termination": "full_time", "scores": list(scores), "winners": [0]},
    )
    for position, score in enumerate(scores):
        MatchSide.objects.create(
            match=match,
            position=position,
            name=f"side {position}",
            score=score,
            result="win" if position == 0 else "loss",
        )
    seq = 0
    for effects in effects_by_seq:
        seq += 1
        MatchEvent.objects.create(match=match, seq=seq, kind="action", effects=effects)
    for target in undone:
        seq += 1
        MatchEvent.objects.create(match=match, seq=seq, kind="undo", target_seq=target)
    return match


def test_cards_and_goals_from_the_games_stats(people):
    ann, ben = people["ann"], people["ben"]
    edition = Edition.objects.filter(game="hat-trick").first()
    match = _match(
        ann,
        edition,
        [
            [{"kind": "goal", "side": 0, "data": {"scorer": 9}}],
            [{"kind": "yellow_card", "side": 1, "data": {"player": 4}}],
            [{"kind": "goal", "side": 1, "data": {"scorer": 7}}],
            [{"kind": "red_card", "side": 1, "data": {"player": 5}}],
            [{"kind": "yellow_card", "side": 0, "data": {"player": 3}}],
            [{"kind": "goal", "side": 0, "data": {"scorer": 9}}],
            # a goal and a card logged, then undone: not counted
            [{"kind": "goal", "side": 1, "data": {"scorer": 7}},
             {"kind": "yellow_card", "side": 0, "data": {"player": 2}}],
        ],
        undone=(7,),
    )  # fmt: skip
    competition = Competition.objects.create(
        name="Cards", game="hat-trick", format="league", organiser=ann, status="running",
        discipline=True, seed=1,
    )  # fmt: skip
    home = Member.objects.create(competition=competition, user=ann, status="accepted")
    away = Member.objects.create(competition=competition, user=ben, status="accepted")
    fixture = Fixture.objects.create(
        competition=competition, stage="league", round=1, home=home, away=away, match=match,
        status="playing",
    )  # fmt: skip
    jobs.standings_rebuild(competition_id=competition.pk)
    fixture.refresh_from_db()
    assert fixture.status == "played"
    assert fixture.result["scores"] == [2, 1] and fixture.result["winners"] == [0]
    # a yellow card 1 point, a red card 3
    assert fixture.result["discipline"] == [1, 4]
    assert fixture.result["scorers"] == [{"9": 2}, {"7": 1}]
    competition.refresh_from_db()
    rows = competition.standings["tables"][0]["rows"]
    assert [(r["member"], r["points"], r["discipline"]) for r in rows] == [
        (home.pk, 3, 1),
        (away.pk, 0, 4),
    ]
    awards = {a["kind"]: a for a in competition.standings["awards"]}
    assert (awards["top_scorer"]["members"], awards["top_scorer"]["player"]) == ([home.pk], "9")
    assert competition.standings["champion"] == home.pk and competition.status == "finished"

    # the match reopened (its last move undone): its result is out, the season open again
    Match.objects.filter(pk=match.pk).update(status="in_progress", result=None)
    jobs.standings_rebuild(competition_id=competition.pk, matches={match.pk})
    fixture.refresh_from_db()
    competition.refresh_from_db()
    assert fixture.result is None and fixture.status == "playing"
    assert competition.status == "running" and competition.standings["champion"] is None
    assert [r["played"] for r in competition.standings["tables"][0]["rows"]] == [0, 0]
