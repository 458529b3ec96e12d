"""The "Spieler" expansion's texts in German and English: abilities, style cards, team cards.

The catalog (``matches/engine/hat_trick/data/expansion.json``) gives each text in English and, next
to it, in German (``text_de``, ``title_de``, ``condition_de``, ``effect_de``, ``name_de``); the
API reads the one of the request's language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOG = json.loads(
    (ROOT / "matches" / "engine" / "hat_trick" / "data" / "expansion.json").read_text()
)
PO = ROOT / "companion" / "locale" / "de" / "LC_MESSAGES" / "django.po"

#: (list in the catalog, the key of its entries' name, the texts each entry has in both languages)
TEXTS = [
    ("abilities", "id", ("text",)),
    ("style_cards", "id", ("title", "condition", "effect")),
    ("team_cards", "id", ("name",)),
    ("player_cards", "id", ("name",)),
]
JARGON = re.compile(r"\b[a-z]+_[a-z_]+\b|\(s\)|[{}\[\]]")
#: the German rulebook's word for the long ball card is "Langer Pass" (docs/i18n.md)
NOT_THE_RULEBOOKS_WORD = re.compile(r"\blange[nrm]?\s+Ball", re.I)


def _entries():
    for table, key, texts in TEXTS:
        for entry in CATALOG[table]:
            for text in texts:
                yield f"{table}/{entry[key]}/{text}", entry[text], entry.get(f"{text}_de")


def test_every_text_of_the_expansion_has_its_german():
    missing = [where for where, _english, german in _entries() if not german]
    assert not missing, missing


def test_the_german_texts_speak_no_jargon_and_the_rulebooks_words():
    problems = []
    for where, english, german in _entries():
        for text in (english, german):
            if JARGON.search(text):
                problems.append(f"{where}: {text!r}")
        if NOT_THE_RULEBOOKS_WORD.search(german):
            problems.append(f"{where}: “Langer Pass”, not {german!r}")
        sentence = where.endswith(("/text", "/condition", "/effect"))  # names may be the same
        if sentence and german == english:
            problems.append(f"{where}: not translated: {german!r}")
    assert not problems, "\n".join(problems)


def test_the_style_card_the_rulebook_prints_in_its_words():
    card = next(c for c in CATALOG["style_cards"] if c["title"] == "Provoke a foul")
    assert card["title_de"] == "Provoziere ein Foul"
    assert card["condition_de"] == "Führe zwei erfolgreiche Dribblings hintereinander durch."
    assert card["effect_de"] == (
        "Nachdem du eine Dribbling-Karte mit dem Wert 1 gespielt hast, erhältst du einen "
        "Freistoß, wenn dein Gegner eine stärkere Karte gespielt hat."
    )


def test_no_german_sentence_calls_the_long_ball_anything_but_langer_pass():
    catalog = read_po(PO.open("rb"), locale="de")
    wrong = [
        message.string
        for message in catalog
        if isinstance(message.string, str) and NOT_THE_RULEBOOKS_WORD.search(message.string)
    ]
    for path in sorted((ROOT / "webapp" / "static").rglob("*.js")):  # the app's own labels
        wrong.extend(
            f"{path.name}: {m.group(0)}" for m in NOT_THE_RULEBOOKS_WORD.finditer(path.read_text())
        )
    assert not wrong, wrong


@pytest.mark.django_db
def test_card_names_and_texts_in_the_requests_language(editions, client):
    from teams.models import Edition

    edition = Edition.objects.get(game="hat-trick", slug="reference")
    url = f"/api/editions/{edition.pk}/cards/"

    def cards(language=None, **query):
        headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
        response = client.get(url, {"page_size": 200, **query}, **headers)
        assert response.status_code == 200, response.content
        return {card["code"]: card for card in response.json()["results"]}

    german, english = cards("de", kind="style_card"), cards(kind="style_card")
    foul = next(code for code, card in english.items() if card["name"] == "Provoke a foul")
    assert german[foul]["name"] == "Provoziere ein Foul"
    assert german[foul]["texts"]["condition"] == (
        "Führe zwei erfolgreiche Dribblings hintereinander durch."
    )
    assert english[foul]["texts"]["condition"] == "Complete two successful dribbles in a row."

    german = cards("de", kind="player", role="holding_midfielder")
    english = cards(kind="player", role="holding_midfielder")
    code = next(iter(german))
    assert german[code]["texts"]["silver"] == (
        "Zähle 1 Fußball zur Abwehr deiner Mannschaft hinzu, wenn ein Pass in deiner Reihe "
        "gezählt wird."
    )
    assert english[code]["texts"]["gold"].startswith("Intercept a long ball")

    teams = cards("de", kind="team_card")
    assert "Italien" in {card["name"] for card in teams.values()}
    assert all(card["texts"] == {} for card in teams.values())
