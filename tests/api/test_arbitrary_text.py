"""Any code point in any text field, body or query: never a 5xx, every 4xx in the error shape.

Hypothesis draws text over the whole code space, lone UTF-16 surrogates included, and puts it
in one text field of a real request (a JSON string, an object key, a match file's header, a
query parameter, a path segment). The body travels as JSON with escapes (``\\ud800``) or as
raw bytes, surrogates passed through as the invalid UTF-8 they make. ``ARBITRARY_TEXT_EXAMPLES``
sets the number of examples (default 300).
"""

from __future__ import annotations

import json
import os
import random
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from teams.models import Edition
from teams.services import reference_editions_load
from tests.helpers import accept_invitations
from tests.matches.play import amigo_deal
from tests.ops.conftest import amigo_payload
from tests.teams.conftest import picks

pytestmark = pytest.mark.django_db
EXAMPLES = int(os.environ.get("ARBITRARY_TEXT_EXAMPLES", "300"))

#: every code point, lone surrogates (category Cs) and NUL included; surrogates and a few other
#: troublemakers drawn as often as the rest, which are otherwise a rare draw (a list of
#: characters, not ``st.text``, which merges the alphabets into one and then seldom draws a
#: surrogate)
ANY_TEXT = st.lists(
    st.one_of(
        st.characters(exclude_categories=()),
        st.characters(categories=["Cs"]),  # lone surrogates
        st.sampled_from(["\x00", "\u2028", "\ufeff", "\U0010ffff", "\\", '"', "%", "/"]),
    ),
    max_size=40,
).map("".join)


def _leaves(value, path=()):
    """The paths of every string (and every object key, marked ``("key", name)``) in a value."""
    if isinstance(value, str):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield (*path, ("key", key))
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaves(item, (*path, index))


def _replace(value, path, text):
    if not path:
        return text
    head, rest = path[0], path[1:]
    if isinstance(head, tuple):  # rename a key
        return {(text if k == head[1] else k): v for k, v in value.items()}
    copy = list(value) if isinstance(value, list) else dict(value)
    copy[head] = _replace(value[head], rest, text)
    return copy


@pytest.fixture
def world(make_user):
    reference_editions_load()
    ann = make_user("ann")
    client = APIClient()
    client.force_authenticate(ann)
    created = client.post("/api/matches/", amigo_payload("ann"), format="json").json()
    match_id = created["match"]["id"]
    accept_invitations(match_id)
    edition = Edition.objects.filter(game="hat-trick").order_by("pk").first()
    export = client.get(f"/api/matches/{match_id}/export/").content.decode()
    bodies = [
        (
            None,
            "POST",
            "/api/builds/check/",
            {"edition": edition.pk, "orientation": "balanced", "budget_class": "II", "picks": []},
        ),
        (client, "POST", "/api/matches/", amigo_payload("ann")),
        (
            client,
            "POST",
            f"/api/matches/{match_id}/events/",
            {"expected_seq": created["match"]["seq"], "action": amigo_deal(random.Random(2), 4)},
        ),
        (client, "PATCH", "/api/me/", {"language": "de"}),
        (client, "POST", "/api/matches/import/", {"text": export}),
        (client, "POST", "/api/teams/", {"edition": edition.pk, "name": "Blues", "picks": picks()}),
        (None, "POST", "/api/auth/login/", {"username": "ann", "password": "a-long-secret-pw"}),
        (None, "POST", "/api/auth/register/", {"username": "bea", "password": "a-long-secret-pw"}),
    ]
    queries = [
        "/api/matches/?manager={}",
        "/api/matches/?game={}&team={}",
        "/api/stats/games/hat-trick/players/?team={}&player={}",
        "/api/stats/head-to-head/?game=hat-trick&manager={}&opponent=ann",
        f"/api/editions/{edition.pk}/cards/?colour={{}}&kind={{}}",
        "/api/stats/managers/{}/",
        "/api/stats/teams/{}/card.svg",
        "/api/games/{}/rules/",
    ]
    return {"client": client, "bodies": bodies, "queries": queries, "export": export}


def _check(response, what) -> None:
    assert response.status_code < 500, (what, response.status_code, response.content[:300])
    if response.status_code >= 400:
        assert response["Content-Type"].startswith("application/json"), what
        body = response.json()
        assert isinstance(body.get("code"), str) and isinstance(body.get("message"), str), what


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), text=ANY_TEXT)
def test_any_code_point_in_any_text_field_is_never_a_5xx(world, data, text):
    kind = data.draw(st.sampled_from(["body", "raw body", "match file header", "query"]))
    if kind == "query":
        url = data.draw(st.sampled_from(world["queries"]))
        part = quote(text.encode("utf-8", "surrogatepass"), safe="")
        response = world["client"].get(url.replace("{}", part))
        _check(response, (url, text))
        return
    if kind == "match file header":  # JSON escapes inside a header value of an imported file
        escaped = json.dumps(text)[1:-1]
        body = {"text": world["export"].replace("Guest 1", escaped, 1)}
        client, method, url = world["client"], "POST", "/api/matches/import/"
    else:
        client, method, url, base = data.draw(st.sampled_from(world["bodies"]))
        path = data.draw(st.sampled_from(list(_leaves(base))))
        body = _replace(base, path, text)
    client = client or APIClient()
    if kind == "raw body":  # the text as bytes, a lone surrogate as the invalid UTF-8 it makes
        raw = json.dumps(body, ensure_ascii=False).encode("utf-8", "surrogatepass")
    else:
        raw = json.dumps(body).encode()
    response = client.generic(method, url, raw, content_type="application/json")
    _check(response, (kind, url, text))
