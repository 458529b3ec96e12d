"""Private means private: after a private match is played and its stats computed, no public
answer (every GET of the API's schema, anonymous and to a stranger) tells anything of it.

The walk reads every GET operation of the OpenAPI schema, filling its path and query
parameters with every name the world holds (games, managers, team keys, match ids), once
before the private match is played and once after (stats jobs run): the answers must be the
same, byte for byte, and none may name its guest side or its finishing time. A public match
played the same way is then found by the very same walk, so the walk does look where a leak
would show.
"""

from __future__ import annotations

import itertools
import random

import pytest
from rest_framework.test import APIClient

from matches.engine import game_keys, get_engine
from matches.http.presenters import _dt
from matches.models import Match
from stats import jobs as stats_jobs
from stats import rows as stats_rows
from stats.models import TeamCard
from teams.services import reference_editions_load
from tests.helpers import accept_invitations
from tests.matches.play import next_action
from tests.ops.conftest import amigo_payload

pytestmark = pytest.mark.django_db
ENGINE = get_engine("amigo-hattrick")
#: Path parameters that name no stored object the matches feed (rule clauses, tutorials).
STATIC = {"clause": ["TK-12.2"], "tutorial": ["basics"]}
#: Query filters worth trying with each value the world holds; others are left out.
FILTERS = ("game", "manager", "opponent", "team", "visibility", "status", "result", "owner")


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _play(owner: APIClient, guest: str, *, visibility: str) -> Match:
    payload = amigo_payload("ann", "ben", visibility=visibility)
    payload["sides"][2]["name"] = guest
    response = owner.post("/api/matches/", payload, format="json")
    assert response.status_code == 201, response.content
    match_id = response.json()["match"]["id"]
    accept_invitations(match_id)
    return Match.objects.get(pk=match_id)


def _finish(owner: APIClient, match: Match, seed: int) -> Match:
    rng = random.Random(seed)
    while True:
        current = owner.get(f"/api/matches/{match.pk}/state/").json()
        action = next_action("amigo-hattrick", ENGINE.state_from_json(current["state"]), rng, 4)
        if action is None:
            break
        body = {"expected_seq": current["seq"], "action": action}
        response = owner.post(f"/api/matches/{match.pk}/events/", body, format="json")
        assert response.status_code == 201, response.content
    stats_jobs.stats_catch_up()  # what the after-commit job and the beat do
    match.refresh_from_db()
    assert match.status == "finished"
    return match


def _operations() -> list[tuple[str, list[dict]]]:
    schema = _client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    return [
        (path, [p for p in ops["get"].get("parameters", []) if p["in"] in ("path", "query")])
        for path, ops in paths.items()
        if "get" in ops and not path.endswith("/stream/")  # streams: see the test below
    ]


def _urls(operations, values: dict[str, list]) -> list[str]:
    """Every GET with every candidate path value, each filter alone and the required ones."""
    urls = []
    for path, params in operations:
        in_path = [p["name"] for p in params if p["in"] == "path"]
        query = [p for p in params if p["in"] == "query"]
        required = [p["name"] for p in query if p.get("required")]
        optional = [p["name"] for p in query if not p.get("required") and p["name"] in FILTERS]
        choices = [values.get(name) or STATIC.get(name, ["1"]) for name in in_path]
        for filled in itertools.product(*choices):
            url = path
            for name, value in zip(in_path, filled, strict=True):
                url = url.replace("{" + name + "}", str(value))
            bases = [
                dict(zip(required, combo, strict=True))
                for combo in itertools.product(*(values[name] for name in required))
            ]
            for base in bases:
                queries = [base] + [
                    {**base, name: value} for name in optional for value in values.get(name, [])
                ]
                for q in queries:
                    urls.append(
                        url + ("?" + "&".join(f"{k}={v}" for k, v in q.items()) if q else "")
                    )
    return urls


def _walk(urls: list[str], readers: dict[str, APIClient]) -> dict[tuple[str, str], bytes]:
    answers = {}
    for (who, client), url in itertools.product(readers.items(), urls):
        response = client.get(url)
        assert response.status_code < 500, (who, url, response.status_code)
        assert response.status_code != 429, (who, url)  # a throttled walk would prove nothing
        content = b"".join(response.streaming_content) if response.streaming else response.content
        answers[(who, url)] = content
    return answers


@pytest.fixture
def world(make_user):
    reference_editions_load()
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    owner = _client(ann)
    public = _finish(owner, _play(owner, "OpenSide", visibility="public"), seed=1)
    return {"ann": ann, "ben": ben, "cat": cat, "owner": owner, "public": public}


def _values(world, *matches: Match) -> dict[str, list]:
    keys = set(TeamCard.objects.values_list("key", flat=True))
    for match in matches:  # the keys the matches' sides would have as teams
        for side in match.sides.all():
            keys.add(
                stats_rows.team_key(
                    game=match.game, team_id=side.team_id, user_id=side.user_id, name=side.name
                )
            )
    ids = sorted({m.pk for m in (world["public"], *matches)} | {1})
    return {
        "game": list(game_keys()),
        "username": ["ann", "ben", "cat"],
        "manager": ["ann", "ben"],
        "opponent": ["ben", "ann"],
        "owner": ["ann"],
        "team": sorted(keys),
        "key": sorted(keys),
        "id": ids,
        "match_id": ids,
        "visibility": ["private"],
        "status": ["finished"],
        "result": ["win", "loss"],
    }


def _facts(match: Match) -> list[bytes]:
    """What must not show: the guest side's name and the finishing time (to the microsecond)."""
    when = match.finished_at
    return [
        b"SecretSide",
        _dt(when).encode(),
        when.isoformat().encode(),
        f"{when:%Y-%m-%dT%H:%M:%S.%f}".encode(),
    ]


@pytest.mark.slow
def test_no_public_answer_tells_anything_of_a_private_match(world):
    ann, cat, owner = world["ann"], world["cat"], world["owner"]
    private = _play(owner, "SecretSide", visibility="private")  # opened, nothing played yet
    urls = _urls(_operations(), _values(world, private))
    readers = {"anonymous": _client(), "stranger": _client(cat)}
    before = _walk(urls, readers)

    private = _finish(owner, private, seed=2)
    assert private.sides.get(position=0).user == ann  # a real match with managers
    after = _walk(urls, readers)

    changed = sorted(key for key in before if before[key] != after[key])
    assert changed == []
    leaks = [(key, fact) for key, body in after.items() for fact in _facts(private) if fact in body]
    assert leaks == []
    assert len(urls) > 150  # every GET endpoint, each with its candidates

    # the same walk after a public match with the same shape: it shows, so the walk looks
    control = _finish(owner, _play(owner, "ControlSide", visibility="public"), seed=3)
    seen = _walk(urls, readers)
    changed = {url for (who, url) in seen if seen[(who, url)] != after[(who, url)]}
    assert {u for u in changed if u.startswith("/api/stats/teams/")}
    assert any(u.startswith("/api/stats/head-to-head/") for u in changed)
    assert any(u.startswith("/api/stats/games/amigo-hattrick/leaderboard/") for u in changed)
    assert any(b"ControlSide" in body for (_w, u), body in seen.items() if "/stats/" in u)
    control_time = _dt(control.finished_at).encode()
    assert any(control_time in body for (_w, u), body in seen.items() if "/stats/" in u)


def test_a_private_matchs_stream_and_reads_are_404_to_others(world):
    owner, cat = world["owner"], world["cat"]
    private = _finish(owner, _play(owner, "SecretSide", visibility="private"), seed=2)
    for reader in (_client(), _client(cat)):
        for tail in ("", "state/", "events/", "export/", "svg/", "stream/", "invitations/"):
            response = reader.get(f"/api/matches/{private.pk}/{tail}")
            assert response.status_code in (401, 404), (tail, response.status_code)
        players = reader.get(f"/api/stats/matches/{private.pk}/players/")
        assert players.status_code == 404
    # those who played it still read its player lines
    assert owner.get(f"/api/stats/matches/{private.pk}/players/").status_code == 200


def _team(member, name: str) -> int:
    """A Hat-Trick team of ``member`` (a team is public, whoever plays it where)."""
    from teams.models import Edition

    edition = Edition.objects.filter(game="hat-trick").order_by("-id").first()
    team = _client(member).post(
        "/api/teams/",
        {"edition": edition.pk, "team_card": "ITA", "card_colour": "red", "name": name},
        format="json",
    )
    assert team.status_code == 201, team.content
    return team.json()["id"]


def _competition(owner: APIClient, member, team: int, *, visibility: str, name: str) -> dict:
    """A Hat-Trick league of ``owner`` and ``member`` (who joins with ``team``), drawn, its
    fixture played now (a match opened) and given as a walkover."""
    from competitions.models import Member

    created = owner.post(
        "/api/competitions/",
        {"name": f"{name} league", "game": "hat-trick", "format": "league",
         "visibility": visibility, "invite": [member.username]},
        format="json",
    )  # fmt: skip
    assert created.status_code == 201, created.content
    competition = created.json()
    joining = Member.objects.get(competition_id=competition["id"], user=member)
    accepted = _client(member).post(
        f"/api/competitions/members/{joining.pk}/accept/", {"team": team}, format="json"
    )
    assert accepted.status_code == 200, accepted.content
    assert owner.post(f"/api/competitions/{competition['id']}/draw/").status_code == 200
    fixtures = owner.get(f"/api/competitions/{competition['id']}/fixtures/").json()
    fixture = fixtures["rounds"][0]["fixtures"][0]
    played = owner.post(f"/api/competitions/fixtures/{fixture['id']}/play/", {}, format="json")
    assert played.status_code == 201, played.content
    accept_invitations(played.json()["match"]["id"])
    awarded = owner.post(
        f"/api/competitions/fixtures/{fixture['id']}/walkover/",
        {"winner": joining.pk},
        format="json",
    )
    assert awarded.status_code == 200, awarded.content
    return competition


@pytest.mark.slow
def test_no_public_answer_tells_anything_of_a_private_competition(world, make_user):
    """A private competition with a member "SecretMember" (and his team), drawn, a fixture's
    match opened and the fixture decided, changes no public answer by a byte; a public one
    made the same way shows in the competitions' answers."""
    owner, cat = world["owner"], world["cat"]
    secret = make_user("SecretMember")
    secret_team = _team(secret, "Secret XI")
    control = make_user("OpenMember")
    control_team = _team(control, "Open XI")
    values = _values(world)
    values["id"] = sorted(set(values["id"]) | set(range(1, 9)))  # the competitions' rows to be
    values["mine"] = ["true"]
    global FILTERS
    saved, FILTERS = FILTERS, (*FILTERS, "mine")
    try:
        urls = _urls(_operations(), values)
        readers = {"anonymous": _client(), "stranger": _client(cat)}
        before = _walk(urls, readers)
        _competition(owner, secret, secret_team, visibility="private", name="Secret")
        after = _walk(urls, readers)
        assert sorted(key for key in before if before[key] != after[key]) == []
        assert [key for key, body in after.items() if b"Secret league" in body] == []

        _competition(owner, control, control_team, visibility="public", name="Open")
        seen = _walk(urls, readers)
        changed = {url for (who, url) in seen if seen[(who, url)] != after[(who, url)]}
        assert any(u.startswith("/api/competitions/") for u in changed)
        assert any(b"OpenMember" in body for (_w, u), body in seen.items() if "/competitions/" in u)
    finally:
        FILTERS = saved
