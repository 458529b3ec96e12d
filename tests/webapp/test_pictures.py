"""The pictures the phone shows, through the API: the last move marked, the pieces and players
a phone can make tappable, every word legible at 390 pixels, and nothing left in English in a
German picture."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from matches.engine import get_engine
from teams.services import reference_editions_load
from tests.helpers import open_match
from tests.matches.play import random_actions

SVG = "{http://www.w3.org/2000/svg}"
PHONE_WIDTH = 390  # CSS pixels; the app shows a picture as wide as the screen
SMALLEST = 11  # CSS pixels


@pytest.fixture(autouse=True)
def editions(db):
    reference_editions_load()


def _start(client, user, game: str, sides: list[dict], options: dict | None = None) -> int:
    sides[0]["user"] = user.username
    return open_match(client, game, sides, options=options or {})["match"]["id"]


def _log(client, match_id: int, *actions: dict) -> int:
    seq = client.get(f"/api/matches/{match_id}/").json()["seq"]
    for action in actions:
        response = client.post(
            f"/api/matches/{match_id}/events/",
            {"expected_seq": seq, "action": action},
            format="json",
        )
        assert response.status_code == 201, response.content
        seq += 1
    return seq


def _picture(client, match_id: int, seq: int | None = None, language: str = "en") -> ET.Element:
    query = "" if seq is None else f"?seq={seq}"
    response = client.get(
        f"/api/matches/{match_id}/svg/{query}",
        HTTP_ACCEPT="image/svg+xml",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 200, response.content
    return ET.fromstring(response.content)


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if cls in (g.get("class") or "").split()]


def _smallest_css_px(root: ET.Element) -> float:
    """The smallest type of the picture in CSS pixels when it is shown 390 pixels wide."""
    width = float(root.get("viewBox").split()[2])
    sizes = [float(t.get("font-size")) for t in root.iter(f"{SVG}text") if t.get("font-size")]
    return min(sizes) * PHONE_WIDTH / width


CARD = {"kind": "short_pass", "footballs": 2, "edge": "left"}


def test_hat_trick_pitch_marks_the_last_move_and_names_each_player(auth_client, user):
    match_id = _start(auth_client, user, "hat-trick", [{"name": "Blue"}, {"name": "Red"}])
    assert _groups(_picture(auth_client, match_id), "last-move") == []  # nothing moved yet
    seq = _log(
        auth_client,
        match_id,
        {"type": "play_cards", "cards": [CARD, CARD]},
        {"type": "skip"},
        {"type": "move", "player": 2, "direction": "forward"},
    )
    root = _picture(auth_client, match_id)
    players = _groups(root, "player")
    assert len(players) == 20
    numbers = {(g.get("data-side"), g.get("data-number")) for g in players}
    assert ("0", "2") in numbers and ("1", "11") in numbers
    # docs/api.md's first turn: red's no. 2 from d6 to d5
    [moved] = [g for g in players if g.get("data-field") == "d5"]
    assert (moved.get("data-side"), moved.get("data-number")) == ("1", "2")
    [mark] = _groups(root, "last-move")
    assert mark.find(f"{SVG}title").text == "Last move"
    assert mark.find(f"{SVG}polygon") is not None  # the arrow's head

    # the picture of an earlier step marks the move that led to it; after an undo, the move
    # that stands again
    assert _groups(_picture(auth_client, match_id, seq=1), "last-move") == []  # cards shown
    [ball] = _groups(_picture(auth_client, match_id, seq=2), "last-move")  # the short pass
    assert [line.get("stroke") for line in ball.iter(f"{SVG}line")] == ["#fff"]
    response = auth_client.post(
        f"/api/matches/{match_id}/undo/", {"expected_seq": seq}, format="json"
    )
    assert response.status_code == 201, response.content
    [after_undo] = _groups(_picture(auth_client, match_id), "last-move")  # the pass again
    assert ET.tostring(after_undo) == ET.tostring(ball)
    german = _picture(auth_client, match_id, seq=3, language="de")
    assert _groups(german, "last-move")[0].find(f"{SVG}title").text == "Letzter Zug"


def test_amigo_table_frames_the_card_just_laid_and_speaks_german(auth_client, user):
    names = [{"name": n} for n in ("Ann", "Ben", "Cid", "Dee")]
    match_id = _start(auth_client, user, "amigo-hattrick", names, {"games": 1})
    _log(auth_client, match_id, {"type": "deal"})
    client_state = auth_client.get(f"/api/matches/{match_id}/state/").json()
    play = next(a for a in client_state["legal"]["actions"] if a["type"] == "play")
    card = {"colour": play["colours"][0], "number": 7}
    _log(auth_client, match_id, {"type": "play", "card": card, "trick": play["trick"]})
    root = _picture(auth_client, match_id)
    last = [g for g in _groups(root, "card") if "last" in g.get("class").split()]
    assert [g.get("data-card") for g in last] == [card["colour"][0].upper() + "7"]

    german = ET.tostring(_picture(auth_client, match_id, language="de"), encoding="unicode")
    assert "(Geber)" in german or "Geber" in german
    assert "ist dran" in german
    assert not re.search(r"\b(dealer|to play)\b", german)
    # who deals and who plays: a line under the name, clear of the hand count and cards won
    marks = ["".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("class") == "marks"]
    assert sorted(marks) == ["dealer", "to play"], marks


def test_trixkick_board_marks_the_piece_set_up_and_names_fields_and_pieces(auth_client, user):
    match_id = _start(auth_client, user, "trixkick", [{"name": "Blue"}, {"name": "Red"}])
    legal = auth_client.get(f"/api/matches/{match_id}/state/").json()["legal"]
    place = legal["actions"][0]
    _log(auth_client, match_id, {"type": "place", "piece": place["piece"], "to": place["to"][0]})
    root = _picture(auth_client, match_id)
    fields = {r.get("data-field") for r in root.iter(f"{SVG}rect") if r.get("class") == "field"}
    assert len(fields) == 20 and place["to"][0] in fields
    [piece] = _groups(root, "piece")
    assert piece.get("data-piece") == place["piece"]
    assert piece.get("data-field") == place["to"][0]
    [mark] = _groups(root, "last-move")
    assert mark.find(f"{SVG}circle") is not None  # the piece set up is ringed


@pytest.mark.parametrize(
    ("game", "sides", "options"),
    [
        ("hat-trick", [{"name": "Blue"}, {"name": "Red"}], {}),
        ("trixkick", [{"name": "Blue"}, {"name": "Red"}], {}),
        ("amigo-hattrick", [{"name": n} for n in ("Ann", "Ben", "Cid", "Dee")], {"games": 1}),
    ],
)
def test_every_word_of_a_picture_is_legible_on_a_phone(auth_client, user, game, sides, options):
    match_id = _start(auth_client, user, game, sides, options)
    for language in ("en", "de"):
        root = _picture(auth_client, match_id, language=language)
        assert _smallest_css_px(root) >= SMALLEST, (game, language)


def test_the_stats_pictures_are_legible_on_a_phone(
    auth_client, user, django_capture_on_commit_callbacks
):
    """The rating chart and a team card after a finished match, as the stats screen shows
    them (as wide as the phone)."""
    names = [{"name": n} for n in ("Ann", "Ben", "Cid", "Dee")]
    match_id = _start(auth_client, user, "amigo-hattrick", names, {"games": 1})
    engine = get_engine("amigo-hattrick")
    state = engine.state_from_json(
        auth_client.get(f"/api/matches/{match_id}/state/").json()["state"]
    )
    actions = [action for action, _ in random_actions("amigo-hattrick", state, seed=7, players=4)]
    with django_capture_on_commit_callbacks(execute=True):  # the stats of a finished match
        response = auth_client.post(
            f"/api/matches/{match_id}/events/batch/",
            {"expected_seq": 0, "actions": actions},
            format="json",
        )
    assert response.status_code == 201, response.content
    assert auth_client.get(f"/api/matches/{match_id}/").json()["status"] == "finished"

    chart = auth_client.get(
        f"/api/stats/managers/{user.username}/rating.svg?game=amigo-hattrick",
        HTTP_ACCEPT="image/svg+xml",
    )
    assert chart.status_code == 200, chart.content
    assert _smallest_css_px(ET.fromstring(chart.content)) >= SMALLEST
    # no line runs off the chart, in either language (a wide glyph is ~0.6 of the type size)
    for language in ("en", "de"):
        root = ET.fromstring(
            auth_client.get(
                f"/api/stats/managers/{user.username}/rating.svg?game=amigo-hattrick",
                HTTP_ACCEPT="image/svg+xml",
                HTTP_ACCEPT_LANGUAGE=language,
            ).content
        )
        width = float(root.get("width"))
        for text in root.iter(f"{SVG}text"):
            if text.get("text-anchor") in (None, "start"):
                words = "".join(text.itertext())
                end = float(text.get("x")) + len(words) * float(text.get("font-size")) * 0.58
                assert end <= width, (language, words, end)
    cards = auth_client.get(
        f"/api/stats/teams/?game=amigo-hattrick&manager={user.username}"
    ).json()["results"]
    assert cards
    for card in cards:
        picture = auth_client.get(card["card_svg"], HTTP_ACCEPT="image/svg+xml")
        assert picture.status_code == 200, picture.content
        assert _smallest_css_px(ET.fromstring(picture.content)) >= SMALLEST


def _luminance(hex_colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(hex_colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


#: app.css: the colours of the web app's dark set (one block, for data-theme="dark", which
#: theme-start.js puts on <html> from the app's choice or the phone's setting)
APP_CSS = Path(__file__).resolve().parents[2] / "webapp" / "static" / "webapp" / "app.css"


def _dark_rules(root: ET.Element) -> dict[str, str]:
    """The picture's own dark colours: selector -> colour, from its ``<style>``."""
    [style] = root.iter(f"{SVG}style")
    assert "@media (prefers-color-scheme: dark)" in style.text
    found = re.findall(r"([.\w\-\[\], ]+?) \{ (?:fill|stroke): (#[0-9a-f]{6}) \}", style.text)
    return {selector.strip(): colour for selector, colour in found}


@pytest.mark.parametrize(
    ("game", "sides", "options"),
    [
        ("hat-trick", [{"name": "Blue"}, {"name": "Red"}], {}),
        ("trixkick", [{"name": "Blue"}, {"name": "Red"}], {}),
        ("amigo-hattrick", [{"name": n} for n in ("Ann", "Ben", "Cid", "Dee")], {"games": 1}),
    ],
)
def test_a_picture_on_its_own_has_dark_colours_of_the_apps_dark_set(
    auth_client, user, game, sides, options
):
    """Seen on its own on a device set to dark, a picture draws its ground and its words dark
    and light (its own style, contrast 4.5:1 at the least); the web app draws the same classes
    in the same colours (its dark set in app.css)."""
    match_id = _start(auth_client, user, game, sides, options)
    root = _picture(auth_client, match_id)
    rules = _dark_rules(root)
    classes = {c for el in root.iter() for c in (el.get("class") or "").split()}
    assert "bg" in classes, classes
    light_ground = next(el for el in root.iter(f"{SVG}rect") if el.get("class") == "bg")
    assert rules[".bg"] != light_ground.get("fill").lower()
    assert _luminance(rules[".bg"]) < 0.05, rules[".bg"]
    if ".ink" in rules:
        assert _contrast(rules[".ink"], rules[".bg"]) >= 4.5
    dark_set = APP_CSS.read_text(encoding="utf-8").split(':root[data-theme="dark"]')[1]
    for selector, colour in rules.items():
        assert colour in dark_set, f"{game}: {selector} {colour} not in the app's dark set"


def test_the_rating_chart_on_its_own_has_dark_colours(auth_client, user):
    response = auth_client.get(f"/api/stats/managers/{user.username}/rating.svg?game=hat-trick")
    assert response.status_code == 200, response.content
    rules = _dark_rules(ET.fromstring(response.content))
    assert _luminance(rules[".bg"]) < 0.05
    for words in (".ink", ".soft"):
        assert _contrast(rules[words], rules[".bg"]) >= 4.5, words
