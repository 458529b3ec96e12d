"""A team built in the app and played to the end gets its own card: named after the team, its
players by name and shirt number in line order, its lines in the reader's language."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from django.utils import translation

from matches.engine import get_engine
from matches.engine.hat_trick.sampling import random_action
from teams.labels import card_name
from teams.models import Card, Edition, Team
from teams.services import reference_editions_load
from tests.ops.conftest import create_build

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def _language_reset():
    yield
    translation.deactivate()


def _texts(svg: bytes, cls: str | None = None) -> list[str]:
    root = ET.fromstring(svg)
    return [
        "".join(node.itertext())
        for node in root.iter(f"{SVG}text")
        if cls is None or node.get("class") == cls
    ]


def _play_to_the_end(client, match: dict) -> None:
    """Random legal moves, sent through the API in batches until the match is over."""
    engine = get_engine("hat-trick")
    match_id, seq = match["match"]["id"], match["match"]["seq"]
    state = engine.state_from_json(client.get(f"/api/matches/{match_id}/state/").json()["state"])
    rng = random.Random(7)
    while engine.outcome(state) is None:
        actions = []
        while engine.outcome(state) is None and len(actions) < 100:
            action = random_action(engine.legal_actions(state), rng)
            actions.append(engine.action_to_json(action))
            state = engine.apply(state, action).state
        response = client.post(
            f"/api/matches/{match_id}/events/batch/",
            {"expected_seq": seq, "actions": actions},
            format="json",
        )
        assert response.status_code == 201, response.content
        seq = response.json()["match"]["seq"]
    assert response.json()["match"]["status"] == "finished"


def test_a_built_team_played_to_the_end_has_its_own_card(
    auth_client, user, client, django_capture_on_commit_callbacks
):
    reference_editions_load()
    edition = Edition.objects.get(game="hat-trick", slug="reference")
    build = create_build(auth_client, edition.pk, name="Budget Blues")
    made = auth_client.post(f"/api/builds/{build}/team/", {"name": "Harbour Blues"}, format="json")
    assert made.status_code in (200, 201), made.content
    team_id = made.json()["id"]
    opened = auth_client.post(
        "/api/matches/",
        {
            "game": "hat-trick",
            "sides": [
                {"name": "Harbour Blues", "user": user.username, "team": team_id},
                {"name": "Guests"},
            ],
        },
        format="json",
    )
    assert opened.status_code == 201, opened.content
    with django_capture_on_commit_callbacks(execute=True):
        _play_to_the_end(auth_client, opened.json())

    cards = client.get("/api/stats/teams/", {"game": "hat-trick"}).json()["results"]
    card = next(c for c in cards if c["key"] == f"t{team_id}")
    assert (card["name"], card["team_id"], card["played"]) == ("Harbour Blues", team_id, 1)

    team = Team.objects.get(pk=team_id)
    layout = edition.data["kickoff_layout"]["blue"]
    in_line_order = sorted(
        team.lineup["slots"],
        key=lambda slot: (int(layout[slot][1:]), layout[slot][:1], int(slot)),
    )
    english_names = None
    for language, gold, defence in (("en", "gold", "Defence"), ("de", "Gold", "Abwehr")):
        # each player is named as his card is, in the reader's language
        with translation.override(language):
            card_names = {
                number: card_name(Card.objects.get(edition=edition, code=slot["card"]))
                for number, slot in team.lineup["slots"].items()
            }
        assert language == "en" or card_names != english_names
        english_names = card_names
        svg = client.get(card["card_svg"], HTTP_ACCEPT_LANGUAGE=language).content
        texts = _texts(svg)
        assert texts[0] == "Harbour Blues"
        # each player: his shirt number on the ring, then his name (gold or silver)
        players = [
            (texts[i - 1], line) for i, line in enumerate(texts) if line in _texts(svg, "player")
        ]
        assert [number for number, _ in players] == in_line_order
        for number, line in players:
            assert line.startswith(f"{card_names[number]} · "), line
        assert sum(line.endswith(f"· {gold}") for _, line in players) == len(team.lineup["gold"])
        assert _texts(svg, "lineup-line")[0] == defence
        # the lines by their roles' names, never an id
        lines = _texts(svg, "line")
        assert lines and not any("_" in line for line in lines), lines
        assert {line.split(":")[0] for line in lines} == set(card_names.values()), lines
