"""The rules at hand: every clause of docs/rules served in every language, every refusal linked.

The rules document (``docs/rules/<game>.md``) is what a reader reads; the clauses' short texts
the API serves are the game's data (``clauses.yaml`` in its package): each is held to the
other here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from matches.engine import get_game
from matches.engine.i18n import LANGUAGE_CODES
from matches.rules_at_hand import clauses
from tests.i18n.test_catalogs import GAMES, raised_errors

pytestmark = pytest.mark.django_db

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
CLAUSE = r"(?:HT|HX|TK|AH)-[0-9A-Z][0-9A-Za-z.]*"


def documented_clauses(game: str) -> dict[str, str]:
    """Clause id → its text in docs/rules/<game>.md (defined by a heading or a bold id)."""
    found: dict[str, list[str]] = {}
    current = None
    for line in (DOCS / f"{game}.md").read_text().splitlines():
        heading = re.match(rf"^#+ ({CLAUSE})\b", line)
        bullet = re.match(rf"^\s*[*-] \*\*({CLAUSE})\*\*", line)
        if heading or bullet:
            current = (heading or bullet).group(1)
            found.setdefault(current, []).append(line)
        elif re.match(r"^#+ ", line) or (re.match(r"^[*-] ", line) and not bullet):
            current = None
        elif current:
            found[current].append(line)
    return {clause: " ".join(lines) for clause, lines in found.items()}


@pytest.mark.parametrize("game", list(GAMES))
def test_every_clause_of_the_rules_document_is_served_in_both_languages(client, game):
    documented = documented_clauses(game)
    assert len(documented) > 20
    for language in LANGUAGE_CODES:
        body = client.get(f"/api/games/{game}/rules/", HTTP_ACCEPT_LANGUAGE=language).json()
        assert body["language"] == language
        served = {clause["id"]: clause for clause in body["clauses"]}
        missing = sorted(set(documented) - set(served))
        assert not missing, f"add these clauses to {get_game(game).data}/clauses.yaml: {missing}"
        assert all(clause["text"] for clause in served.values())


@pytest.mark.parametrize("game", list(GAMES))
def test_texts_differ_by_language_and_interpretations_are_kept(game):
    documented = documented_clauses(game)
    for clause, entry in clauses.clauses(game).items():
        assert clause in documented, f"{clause} is not in docs/rules/{game}.md"
        assert set(entry["text"]) == set(LANGUAGE_CODES), clause
        assert entry["text"]["en"] != entry["text"]["de"], clause
        if "interpretation" in entry:
            assert set(entry["interpretation"]) == set(LANGUAGE_CODES), clause
    marked = [
        clause
        for clause, text in documented.items()
        if re.search(r"\*Interpretation\*|\*\*Interpretation|Interpretation:", text)
        and "interpretation" not in clauses.clauses(game)[clause]
    ]
    assert not marked, f"clauses with an interpretation in the docs but not served: {marked}"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_refusal_of_the_engines_cites_an_existing_clause(game):
    known = clauses.clauses(game)
    cited = {rule for _where, _code, rule, _keys in raised_errors(game) if rule}
    assert cited, game
    assert not sorted(cited - set(known))


def test_one_clause_in_german_and_in_english(client):
    german = client.get("/api/games/hat-trick/rules/HT-2.1/", HTTP_ACCEPT_LANGUAGE="de").json()
    assert german["id"] == "HT-2.1" and german["section"] == "HT-2"
    assert german["text"].startswith("Seitenregel")
    assert german["interpretation"].startswith("Die Seite ist eine Eigenschaft der Karte")
    english = client.get("/api/games/hat-trick/rules/HT-2.1/").json()
    assert english["text"].startswith("Side rule")
    assert english["url"] == "/api/games/hat-trick/rules/HT-2.1/"
    assert client.get("/api/games/trixkick/rules/TK-99/").status_code == 404
    assert client.get("/api/games/chess/rules/").status_code == 404
