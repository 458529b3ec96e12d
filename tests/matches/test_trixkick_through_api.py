"""A TriXKick match logged end to end through HTTP, as phones do it.

The match is the demo game of the rulebook (tests/engine/trixkick/test_demo_game.py): set-up,
hidden keepers, kick-off, the duels, and B's final shot, which goes in here (A's left keeper
is K, the shot R). The match is to one goal, so that goal ends it 0:1.
"""

import random
import xml.etree.ElementTree as ET

import pytest

from matches.engine import get_engine
from matches.models import MatchEvent
from teams.models import Edition
from tests.engine.trixkick.helpers import setup_lines
from tests.engine.trixkick.test_demo_game import KICKOFF, MOVES
from tests.helpers import accept_invitations, assert_error_shape

pytestmark = pytest.mark.django_db
ENGINE = get_engine("trixkick")
OPTIONS = {"special_situations": False, "match_length": {"kind": "goals", "goals": 1}}
SET_UP = setup_lines(a_keepers="KLR", b_keepers="RKL")
PLAY = KICKOFF + [line for move in MOVES for line in move] + ["B-KKR R>>left"]
SVG = "{http://www.w3.org/2000/svg}"
A_COLOUR, B_COLOUR = "#1f5fbf", "#c62828"


def action(line: str) -> dict:
    """What a phone sends: the JSON form of one move."""
    return ENGINE.action_to_json(ENGINE.parse_notation(line))


def make_team(client) -> int:
    edition = Edition.objects.filter(game="trixkick").order_by("-version").first()
    response = client.post(
        "/api/teams/", {"edition": edition.pk, "name": "Ann's pieces"}, format="json"
    )
    assert response.status_code == 201, response.content
    return response.json()["id"]


def create(client, sides) -> dict:
    response = client.post(
        "/api/matches/?include=state",
        {"game": "trixkick", "sides": sides, "options": OPTIONS},
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()


class Phone:
    """A logged-in phone that logs moves with the sequence number it last saw."""

    def __init__(self, client, match_id: int):
        self.client = client
        self.base = f"/api/matches/{match_id}/"

    def log(self, line: str, seq: int, key: str | None = None) -> dict:
        headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
        response = self.client.post(
            self.base + "events/?include=state",
            {"expected_seq": seq, "action": action(line)},
            format="json",
            **headers,
        )
        assert response.status_code == 201, (line, response.content)
        return response.json()

    def get(self, suffix: str = "", **query):
        response = self.client.get(self.base + suffix, query)
        assert response.status_code == 200, response.content
        return response

    def state(self, seq: int | None = None) -> dict:
        return self.get("state/", **({} if seq is None else {"seq": seq})).json()

    def events(self) -> list[dict]:
        page = self.get("events/", page_size=200).json()
        events = page["results"]
        while page["next"]:
            page = self.client.get(page["next"]).json()
            events += page["results"]
        return events

    def svg_keepers(self, side_colour: str, seq: int | None = None) -> list[str]:
        body = self.get("svg/", **({} if seq is None else {"seq": seq})).content
        root = ET.fromstring(body)
        return [
            el.text
            for el in root.iter(f"{SVG}text")
            if el.get("fill") == side_colour and el.get("font-size") == "16"
        ]


def test_demo_game_through_http(players, client_for):
    ann = client_for(players[0])
    team = make_team(ann)
    created = create(ann, [{"name": "Ann", "team": team, "user": "ann"}, {"name": "Guest"}])
    match_id = created["match"]["id"]
    assert created["match"]["sides"][0]["team"] == team
    assert created["current"]["legal"]["step"] == "place"
    assert created["current"]["legal"]["actor"] == 1  # the coin-toss loser sets up first
    phone = Phone(ann, match_id)

    # set-up and keepers, one move at a time; a retry of a move changes nothing
    seq = 0
    for line in SET_UP:
        body = phone.log(line, seq, key=f"tk-{seq}")
        seq = body["match"]["seq"]
    again = phone.log(SET_UP[-1], seq - 1, key=f"tk-{seq - 1}")
    assert again["match"]["seq"] == seq == len(SET_UP)
    current = phone.state()
    assert current["legal"]["step"] == "attack" and current["legal"]["actor"] == 0
    # ann logs for both sides (the guest has no account): she sees both keeper orders
    assert current["state"]["keepers"] == [
        {"left": "K", "middle": "L", "right": "R"},
        {"left": "R", "middle": "K", "right": "L"},
    ]

    # an illegal move is refused with its rule and stores nothing
    refused = ann.post(
        phone.base + "events/",
        {"expected_seq": seq, "action": action("A-KKL K>C1")},
        format="json",
    )
    body = assert_error_shape(refused, 422, "kickoff_pass")
    assert body["rule"] == "TK-6"
    stale = ann.post(
        phone.base + "events/", {"expected_seq": seq - 1, "action": action(PLAY[0])}, format="json"
    )
    assert_error_shape(stale, 409)
    assert MatchEvent.objects.filter(match_id=match_id).count() == seq

    # kick-off, the duels, the shot
    duels = []
    last = None
    for line in PLAY:
        last = phone.log(line, seq)
        seq = last["match"]["seq"]
        for event in last["events"]:
            duels += [e["data"] for e in event["effects"] if e["kind"] == "duel_won"]
    assert [(d["field"], d["attacking_strength"], d["defending_strength"]) for d in duels] == [
        ("B8", 2, 3),
        ("A4", 2, 1),
        ("A7", 4, 0),
        ("A2", 2, 2),
    ]
    effects = last["events"][0]["effects"]
    assert [e["kind"] for e in effects] == ["shot", "goal", "match_ended"]
    assert effects[1]["data"] == {
        "piece": "B-KKR",
        "symbol": "R",
        "target": "left",
        "keeper": "K",
        "score": [0, 1],
    }

    # result, score and status
    match = phone.get().json()
    assert match["status"] == "finished"
    assert match["result"]["scores"] == [0, 1]
    assert match["result"]["winners"] == [1]
    assert [(s["score"], s["result"]) for s in match["sides"]] == [(0, "loss"), (1, "win")]
    final = phone.state()
    assert final["outcome"] == {"termination": "goals", "scores": [0, 1], "winners": [1]}
    assert final["legal"]["actions"] == []
    over = ann.post(
        phone.base + "events/", {"expected_seq": seq, "action": {"type": "end"}}, format="json"
    )
    assert_error_shape(over, 409, "match_closed")

    # the event log holds every move in notation, in order
    events = phone.events()
    assert [e["notation"] for e in events] == SET_UP + PLAY
    assert [e["seq"] for e in events] == list(range(1, len(SET_UP) + len(PLAY) + 1))
    assert events[len(SET_UP) - 1]["notation"] == "A keepers KLR"

    # time travel: the state at any seq is the replay of the first seq moves
    state = ENGINE.state_from_json(phone.state(seq=0)["state"])
    for event in events:
        state = ENGINE.apply(state, ENGINE.parse_action(event["action"])).state
        if event["seq"] in (len(SET_UP), len(SET_UP) + 3, len(events) - 1):
            assert phone.state(seq=event["seq"])["state"] == ENGINE.state_to_json(state)
    before_shot = phone.state(seq=len(events) - 1)
    assert before_shot["state"]["ball"]["field"] == "A2"
    assert before_shot["legal"]["actor"] == 1 and before_shot["outcome"] is None

    # the SVG now and back in time; a finished match shows every keeper
    assert phone.svg_keepers(A_COLOUR) == ["K", "L", "R"]
    assert phone.svg_keepers(B_COLOUR, seq=len(SET_UP)) == ["R", "K", "L"]
    assert phone.svg_keepers(A_COLOUR, seq=0) == []  # no keepers set up yet

    # export -> import gives the same match again (as a new record: without its identity;
    # the file as it is names this match, which is held here already)
    text = phone.get("export/").content.decode()
    assert text.startswith('[Game "trixkick"]')
    assert "1. B-RRL@B7" in text and f"{len(events)}. B-KKR R>>left" in text
    held = ann.post("/api/matches/import/", {"text": text}, format="json")
    assert_error_shape(held, 409, "match_already_held")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("[Match "))
    imported = ann.post("/api/matches/import/?include=state", {"text": text}, format="json")
    assert imported.status_code == 201, imported.content
    assert imported.json()["current"]["state"] == final["state"]
    assert imported.json()["match"]["status"] == "finished"
    assert imported.json()["match"]["result"] == match["result"]


def test_random_legal_match_through_http_ends_with_the_engines_result(players, client_for):
    """A match played from the engine's legal moves, logged in batches, to its end."""
    ann = client_for(players[0])
    created = create(ann, [{"name": "Ann", "user": "ann"}, {"name": "Guest"}])
    match_id = created["match"]["id"]
    phone = Phone(ann, match_id)
    state = ENGINE.state_from_json(created["current"]["state"])
    sent: list[dict] = []
    seq = 0
    # a seeded walk through concrete_legal_actions; prefer shots, so it ends soon
    rng = random.Random(7)
    while ENGINE.outcome(state) is None and len(sent) < 400:
        moves = ENGINE.concrete_legal_actions(state)
        shots = [m for m in moves if m.type == "shoot"]
        move = rng.choice(shots or moves)
        data = ENGINE.action_to_json(move)
        state = ENGINE.apply(state, move).state
        sent.append(data)
        if len(sent) % 25 == 0 or ENGINE.outcome(state) is not None:
            batch = ann.post(
                phone.base + "events/batch/",
                {"expected_seq": seq, "actions": sent[seq:]},
                format="json",
            )
            assert batch.status_code == 201, batch.content
            seq = batch.json()["match"]["seq"]
    outcome = ENGINE.outcome(state)
    assert outcome is not None, "the walk did not finish the match"
    match = phone.get().json()
    assert match["status"] == "finished" and seq == len(sent)
    assert match["result"]["scores"] == list(outcome.scores)
    assert sum(outcome.scores) == 1  # a match to one goal
    assert phone.state()["state"] == ENGINE.state_to_json(state)
    assert [e["notation"] for e in phone.events()] == [
        ENGINE.format_action(ENGINE.parse_action(a)) for a in sent
    ]


def test_the_opponent_does_not_see_the_other_sides_keepers(players, client_for, make_user):
    ann, ben = client_for(players[0]), client_for(players[1])
    created = create(ann, [{"name": "Ann", "user": "ann"}, {"name": "Ben", "user": "ben"}])
    match_id = created["match"]["id"]
    accept_invitations(match_id)
    ann_phone, ben_phone = Phone(ann, match_id), Phone(ben, match_id)
    # each manager logs their own side's set-up; B set up first, so B's keepers come first
    seq = 0
    for line in SET_UP:
        phone = ann_phone if line.startswith("A") else ben_phone
        response = phone.log(line, seq)
        seq = response["match"]["seq"]
    # ann's own write response already hides B's keepers from her
    assert response["current"]["state"]["keepers"][1] == {
        "left": None,
        "middle": None,
        "right": None,
    }
    assert response["events"][0]["notation"] == "A keepers KLR"

    hidden = {"left": None, "middle": None, "right": None}
    ben_state = ben_phone.state()["state"]
    assert ben_state["keepers"] == [hidden, {"left": "R", "middle": "K", "right": "L"}]
    ann_state = ann_phone.state()["state"]
    assert ann_state["keepers"] == [{"left": "K", "middle": "L", "right": "R"}, hidden]
    # time travel does not reveal them either
    assert ben_phone.state(seq=seq)["state"]["keepers"][0] == hidden

    def keeper_lines(phone):
        return [
            (e["notation"], e["action"]["order"])
            for e in phone.events()
            if e["action"]["type"] == "keepers"
        ]

    assert keeper_lines(ben_phone) == [("B keepers RKL", "RKL"), ("A keepers ???", None)]
    assert keeper_lines(ann_phone) == [("B keepers ???", None), ("A keepers KLR", "KLR")]
    assert ben_phone.svg_keepers(A_COLOUR) == ["?", "?", "?"]
    assert ben_phone.svg_keepers(B_COLOUR) == ["R", "K", "L"]
    assert ann_phone.svg_keepers(A_COLOUR) == ["K", "L", "R"]
    assert ann_phone.svg_keepers(B_COLOUR) == ["?", "?", "?"]
    # the match file would show everything: not before the end
    assert_error_shape(ben.get(ann_phone.base + "export/"), 403, "hidden_information")
    # a third person reading the public match sees no keepers at all
    stranger = Phone(client_for(make_user("eve")), match_id)
    assert stranger.state()["state"]["keepers"] == [hidden, hidden]
    assert keeper_lines(stranger) == [("B keepers ???", None), ("A keepers ???", None)]

    # play it out (the demo game): the shot reveals A's left keeper, then the end shows all
    for line in PLAY:
        phone = ann_phone if line.startswith("A") or line == "end" else ben_phone
        seq = phone.log(line, seq)["match"]["seq"]
    assert ben_phone.get().json()["status"] == "finished"
    assert keeper_lines(ben_phone) == [("B keepers RKL", "RKL"), ("A keepers KLR", "KLR")]
    assert ben_phone.state()["state"]["keepers"][0] == {"left": "K", "middle": "L", "right": "R"}
    assert ben_phone.svg_keepers(A_COLOUR) == ["K", "L", "R"]
    assert ben.get(ann_phone.base + "export/").status_code == 200
