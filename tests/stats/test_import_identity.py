"""An exported match file carries the match's identity: importing a file of a match this
server holds is 409 with a link to it, and counts nowhere; a new match imported counts once."""

from __future__ import annotations

import uuid

import pytest

from matches.models import Match
from stats.models import MatchParticipation
from tests.helpers import assert_error_shape, open_match
from tests.matches.test_match_log_api import play_out
from tests.stats.test_rebuild_rows import canonical
from tests.stats.test_reopen import AMIGO, client_for, managers  # noqa: F401 - fixtures

pytestmark = pytest.mark.django_db


def test_export_then_import_twice_leaves_the_stats_unchanged(
    managers,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    ann, ben, ann_phone, ben_phone = managers
    match = open_match(ann_phone, **AMIGO)
    match_id = match["match"]["id"]
    with django_capture_on_commit_callbacks(execute=True):
        play_out(ann_phone, match, seed=11)
    stats = canonical()
    text = ann_phone.get(f"/api/matches/{match_id}/export/").content.decode()
    uid = str(Match.objects.get(pk=match_id).uid)
    assert f'[Match "{uid}"]' in text

    for phone in (ann_phone, ben_phone, ann_phone):  # twice by one, once by the other
        with django_capture_on_commit_callbacks(execute=True):
            response = phone.post("/api/matches/import/", {"text": text}, format="json")
        body = assert_error_shape(response, 409, "match_already_held")
        assert body["details"] == {
            "uid": uid,
            "match": match_id,
            "url": f"/api/matches/{match_id}/",
        }
    assert Match.objects.count() == 1
    assert canonical() == stats


def test_a_new_match_from_paper_counts_once_and_its_file_is_recognised_after(
    managers,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    ann, ben, ann_phone, ben_phone = managers
    match = open_match(ann_phone, **AMIGO)
    with django_capture_on_commit_callbacks(execute=True):
        play_out(ann_phone, match, seed=12)
    text = ann_phone.get(f"/api/matches/{match['match']['id']}/export/").content.decode()
    # the same file as if another server (or a paper score sheet) had made it
    paper_uid = str(uuid.uuid4())
    paper = "\n".join(
        f'[Match "{paper_uid}"]' if line.startswith("[Match ") else line
        for line in text.splitlines()
    )
    with django_capture_on_commit_callbacks(execute=True):
        first = ann_phone.post("/api/matches/import/", {"text": paper}, format="json")
    assert first.status_code == 201, first.content
    imported = first.json()["match"]["id"]
    assert str(Match.objects.get(pk=imported).uid) == paper_uid  # the file's identity is kept
    assert MatchParticipation.objects.filter(match_id=imported).count() == 4  # it counts
    stats = canonical()
    with django_capture_on_commit_callbacks(execute=True):
        again = ann_phone.post("/api/matches/import/", paper, content_type="text/plain")
    assert assert_error_shape(again, 409, "match_already_held")["details"]["match"] == imported
    assert canonical() == stats


def test_a_bad_identity_is_400_and_a_private_originals_link_is_not_given(
    managers,  # noqa: F811
    make_user,
    client_for,  # noqa: F811
):
    ann, ben, ann_phone, ben_phone = managers
    response = ann_phone.post(
        "/api/matches/import/",
        {"text": '[Match "not-a-uuid"]\n[Game "amigo-hattrick"]\n'},
        format="json",
    )
    assert_error_shape(response, 400, "invalid_match_file")
    private = ann_phone.post(
        "/api/matches/",
        {
            "game": "amigo-hattrick",
            "sides": [{"name": n} for n in "ABCD"],
            "visibility": "private",
        },
        format="json",
    ).json()["match"]["id"]
    text = ann_phone.get(f"/api/matches/{private}/export/").content.decode()
    eve = client_for(make_user("eve"))
    body = assert_error_shape(
        eve.post("/api/matches/import/", {"text": text}, format="json"), 409, "match_already_held"
    )
    assert set(body["details"]) == {"uid"}
