"""companion.sql writes and reads what the ORM writes and reads (SQLite, and PostgreSQL in CI)."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import IntegrityError, transaction

from companion import sql
from matches.log import write_sql
from matches.models import IdempotencyRecord, Match, MatchEvent
from teams.models import Edition
from teams.services import reference_editions_load

WHEN = datetime(2026, 5, 17, 14, 30, 5, 123456, tzinfo=UTC)


@pytest.fixture
def match(make_user):
    reference_editions_load()
    user = make_user("owner")
    return Match.objects.create(
        game="amigo-hattrick",
        edition=Edition.objects.filter(game="amigo-hattrick").first(),
        created_by=user,
        options={"games": 2},
        state={"hands": [[1, 2], []], "note": "ü €"},
        summary={"score": [0, 0]},
    )


def _event_row(match, seq, action, created_at=WHEN):
    return (match.pk, seq, "action", action, f"move {seq}", [{"kind": "k"}], None, None, created_at)


EVENT_FIELDS = write_sql.EVENT_FIELDS  # match, seq, kind, action, notation, effects, …


def test_inserted_rows_read_back_through_the_orm_as_written(match):
    rows = [_event_row(match, 1, {"card": "red 7", "n": [1, 2.5]}), _event_row(match, 2, None)]
    assert sql.insert_rows(MatchEvent, EVENT_FIELDS, rows) == 2
    first, second = MatchEvent.objects.filter(match=match).order_by("seq")
    assert first.action == {"card": "red 7", "n": [1, 2.5]}
    assert first.effects == [{"kind": "k"}]
    assert first.notation == "move 1"
    assert first.created_at == WHEN
    # None is SQL NULL, as the ORM stores it, not JSON null
    assert second.action is None
    assert list(MatchEvent.objects.filter(action__isnull=True).values_list("seq", flat=True)) == [2]


def test_a_unique_clash_raises_unless_skipped_and_the_count_tells(match):
    sql.insert_rows(MatchEvent, EVENT_FIELDS, [_event_row(match, 1, {})])
    with pytest.raises(IntegrityError), transaction.atomic():
        sql.insert_rows(MatchEvent, EVENT_FIELDS, [_event_row(match, 1, {"other": True})])
    inserted = sql.insert_rows(
        MatchEvent,
        EVENT_FIELDS,
        [_event_row(match, 1, {"other": True}), _event_row(match, 2, {})],
        skip_conflicts_on=("match", "seq"),
    )
    assert inserted == 1
    assert MatchEvent.objects.get(match=match, seq=1).action == {}
    assert MatchEvent.objects.filter(match=match).count() == 2


def test_many_rows_go_in_chunks(match):
    rows = [_event_row(match, seq, {"seq": seq}) for seq in range(1, 1203)]
    assert sql.insert_rows(MatchEvent, EVENT_FIELDS, rows) == 1202
    assert MatchEvent.objects.filter(match=match).count() == 1202
    assert MatchEvent.objects.get(match=match, seq=1202).action == {"seq": 1202}
    assert sql.insert_rows(MatchEvent, EVENT_FIELDS, []) == 0


def test_update_row_changes_only_the_named_fields(match):
    later = WHEN + timedelta(minutes=3)
    changed = sql.update_row(
        Match, match.pk, {"seq": 7, "result": None, "state": {"x": 1}, "updated_at": later}
    )
    assert changed == 1
    match_now = Match.objects.get(pk=match.pk)
    assert (match_now.seq, match_now.state, match_now.updated_at) == (7, {"x": 1}, later)
    assert match_now.result is None
    assert Match.objects.filter(pk=match.pk, result__isnull=True).exists()
    assert (match_now.options, match_now.summary) == (match.options, match.summary)
    assert sql.update_row(Match, match.pk + 1000, {"seq": 1}) == 0


def test_an_integrity_error_still_comes_from_update_and_insert(match, make_user):
    user = make_user()
    fields = ("user", "key", "fingerprint", "match", "status_code", "body", "created_at")
    row = (user.pk, "k1", "f" * 64, match.pk, 201, {"ok": True}, WHEN)
    sql.insert_rows(IdempotencyRecord, fields, [row])
    with pytest.raises(IntegrityError), transaction.atomic():
        sql.insert_rows(IdempotencyRecord, fields, [row])
    with pytest.raises(IntegrityError), transaction.atomic():
        sql.update_row(Match, match.pk, {"game": None})  # NOT NULL
    record = IdempotencyRecord.objects.get(user=user, key="k1")
    assert (record.body, record.status_code, record.created_at) == ({"ok": True}, 201, WHEN)


def test_columns_read_the_instance_the_orm_reads(match):
    match.finished_at = WHEN
    match.save()
    columns = sql.Columns(Match, "m")
    rows = sql.fetch(
        f"SELECT {columns.select()} FROM {sql.table(Match)} m"
        f" WHERE m.{sql.column(Match, 'id')} = %s",
        [match.pk],
    )
    read = columns.instance(rows[0])
    expected = Match.objects.get(pk=match.pk)
    for field in Match._meta.concrete_fields:
        assert getattr(read, field.attname) == getattr(expected, field.attname), field.name
    assert read.created_at.tzinfo is not None
    assert read.get_deferred_fields() == set()
    assert not read._state.adding


def test_columns_not_read_are_deferred_and_load_on_access(match):
    columns = sql.Columns(Edition, "e", ["id", "slug"])
    (row,) = sql.fetch(
        f"SELECT {columns.select()} FROM {sql.table(Edition)} e"
        f" WHERE e.{sql.column(Edition, 'id')} = %s",
        [match.edition_id],
    )
    edition = columns.instance(row)
    assert edition.slug == match.edition.slug
    assert "data" in edition.get_deferred_fields()
    assert edition.data == Edition.objects.get(pk=match.edition_id).data


def test_fits_is_the_range_of_the_column(db):
    pk = Match._meta.pk
    assert sql.fits(pk, 1) and sql.fits(pk, 2**63 - 1)
    assert not sql.fits(pk, 2**63) and not sql.fits(pk, -(2**63) - 1)
    assert sql.fits(Match._meta.get_field("seq"), 0)
