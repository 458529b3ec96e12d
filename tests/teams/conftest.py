import json
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from teams import services
from teams.catalogs import with_team_catalogs

BASE = Path(__file__).resolve().parents[2] / "matches/engine/hat_trick/data/reference_edition.json"

# The cheapest full lineup of blue cards: 4 defensive stars, 2 balanced, 5 offensive.
CHEAP = {
    2: "blue:full_back-2",
    3: "blue:full_back-3",
    4: "blue:stopper-4",
    5: "blue:stopper-5",
    6: "blue:central_midfielder-6",
    7: "blue:central_midfielder-7",
    8: "blue:attacking_midfielder-8",
    10: "blue:attacking_midfielder-10",
    9: "blue:goal_poacher-9",
    11: "blue:goal_poacher-11",
}


def picks(lineup: dict[int, str] = CHEAP, gold=(), **pools) -> list[dict]:
    out = []
    for slot, card in sorted(lineup.items()):
        pick = {"slot": slot, "card": card, "gold": slot in gold}
        if slot in pools.get("pool", {}):
            pick["pool"] = pools["pool"][slot]
        out.append(pick)
    return out


def hat_trick_data() -> dict:
    base = json.loads(BASE.read_text()) if BASE.exists() else {"players": []}
    return with_team_catalogs("hat-trick", base)


@pytest.fixture
def edition(db):
    return services.edition_create(
        game="hat-trick",
        slug="reference",
        title="Hat-Trick reference",
        data=hat_trick_data(),
        is_reconstruction=True,
    )


@pytest.fixture
def tk_edition(db):
    return services.edition_create(
        game="trixkick", slug="reference", title="TriXKick", data=with_team_catalogs("trixkick", {})
    )


@pytest.fixture
def other_user(make_user):
    return make_user("bob")


@pytest.fixture
def other_client(other_user) -> APIClient:
    client = APIClient()
    client.force_authenticate(other_user)
    return client


@pytest.fixture
def staff_client(make_user) -> APIClient:
    staff = make_user("staff")
    staff.is_staff = True
    staff.save()
    client = APIClient()
    client.force_authenticate(staff)
    return client
