"""Teams and builds stored with an English ``invalid_reason`` keep what it said beyond their
violations (the edition they were re-checked against) and read it in the reader's language."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

BEFORE = [("teams", "0003_build_bench_captain")]
AFTER = [("teams", "0004_invalid_reason_read_in_reader_language")]
OLD_VIOLATION = {
    "code": "defensive_pool_exceeded",
    "message": "The players paid from the defensive stars cost 10; the budget card allows 9.",
    "rule": "HX-B2.2",
    "slot": None,
    "card": None,
    "details": {"pool": "defensive", "spent": 10, "budget": 9, "over": 1},
}


@pytest.fixture
def whole_schema_after():
    """Every app migrated to its last migration again once the test is over: going back to
    ``BEFORE`` unapplies the migrations of the apps that depend on a later one (competitions),
    which the tests after it in the same process need."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_the_stored_reason_becomes_the_edition_rechecked_against(whole_schema_after):
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    owner = old.get_model("auth", "User").objects.create(username="ann")
    edition = old.get_model("teams", "Edition").objects.create(
        game="hat-trick", slug="reference", version=2, title="Reference", data={}
    )
    teams = old.get_model("teams", "Team")
    rechecked = teams.objects.create(
        owner=owner,
        edition=edition,
        name="Rechecked",
        source="lineup",
        lineup={},
        status="invalid",
        violations=[OLD_VIOLATION],
        invalid_reason="Re-checked against hat-trick/reference v2: defensive_pool_exceeded: The…",
    )
    plain = teams.objects.create(
        owner=owner,
        edition=edition,
        name="Plain",
        source="lineup",
        lineup={},
        status="invalid",
        violations=[OLD_VIOLATION],
        invalid_reason="defensive_pool_exceeded: The players paid …",
    )

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    from teams.models import Team

    migrated, kept = Team.objects.get(pk=rechecked.pk), Team.objects.get(pk=plain.pk)
    assert migrated.rechecked_against == "hat-trick/reference v2"
    assert kept.rechecked_against == ""
    with translation.override("de"):  # a violation stored before templates keeps its sentence
        assert migrated.invalid_reason == (
            "Erneut geprüft gegen hat-trick/reference v2: " + OLD_VIOLATION["message"]
        )
    assert kept.invalid_reason == OLD_VIOLATION["message"]
