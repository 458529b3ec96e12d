"""A saved Hat-Trick team's card shows its players line by line, by name, gold or silver."""

import xml.etree.ElementTree as ET

import pytest
from django.utils import translation

from stats.models import TeamCard
from teams.models import Edition
from teams.services import reference_editions_load


def _shown(svg: bytes) -> list[str]:
    root = ET.fromstring(svg)
    return [
        "".join(node.itertext())
        for node in root.iter("{http://www.w3.org/2000/svg}text")
        if node.get("class") in ("player", "lineup-line")
    ]


@pytest.fixture(autouse=True)
def _language_reset():
    """A German request leaves German active in this thread; the next test reads English."""
    yield
    translation.deactivate()


def test_team_card_names_the_players_in_line_order(auth_client, user, client):
    reference_editions_load()
    edition = Edition.objects.get(game="hat-trick", slug="reference")
    response = auth_client.post(
        "/api/teams/",
        {"edition": edition.pk, "team_card": "ITA", "card_colour": "red"},
        format="json",
    )
    assert response.status_code == 201, response.content
    team = response.json()
    TeamCard.objects.create(
        key=f"t{team['id']}", game="hat-trick", team_id=team["id"], name="Italy"
    )

    english = _shown(client.get(f"/api/stats/teams/t{team['id']}/card.svg").content)
    assert english[0] == "Defence" and english[-5] == "Attack"
    players = [line for line in english if " · " in line]
    assert len(players) == 10
    assert all(not line.startswith(("red:", "blue:")) for line in players)  # names, not ids
    gold = [line for line in players if line.endswith("· gold")]
    assert len(gold) == len(team["lineup"]["gold"])

    german = _shown(
        client.get(f"/api/stats/teams/t{team['id']}/card.svg", HTTP_ACCEPT_LANGUAGE="de").content
    )
    assert german[0] == "Abwehr" and any(line.endswith("· Gold") for line in german)
