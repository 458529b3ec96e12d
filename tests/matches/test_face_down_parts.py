"""Hat-Trick's action cards are played face down: with a phone each, each manager logs their
own card; the first card stays hidden from the other manager (the log, the stream's events and
every answer) until both are in, then the two make one move."""

import pytest

from matches.models import MatchEvent, PendingPart
from tests.helpers import assert_error_shape, log_random_play, open_match

pytestmark = pytest.mark.django_db

SHORT_2L = {"kind": "short_pass", "footballs": 2, "edge": "left"}
SHORT_3R = {"kind": "short_pass", "footballs": 3, "edge": "right"}
ANN_BEN = [{"name": "Ann", "user": "ann"}, {"name": "Ben", "user": "ben"}]


@pytest.fixture
def table(players, client_for):
    ann, ben = client_for(players[0]), client_for(players[1])
    match_id = open_match(ann, "hat-trick", ANN_BEN)["match"]["id"]
    return match_id, ann, ben, client_for(players[2])


def part(client, match_id, side, card, seq=0):
    return client.post(
        f"/api/matches/{match_id}/parts/",
        {"expected_seq": seq, "side": side, "part": {"card": card}},
        format="json",
    )


def test_each_manager_logs_their_card_and_the_first_stays_hidden(table):
    match_id, ann, ben, cat = table
    first = part(ann, match_id, 0, SHORT_3R)
    assert first.status_code == 202, first.content
    assert first.json()["game"] == "hat-trick"
    assert first.json()["parts"] == [
        {"type": "play_cards", "side": 0, "chosen": True, "part": {"card": SHORT_3R}},
        {"type": "play_cards", "side": 1, "chosen": False, "part": None},
    ]
    # ben sees that ann has chosen, never what; nor does anyone else, nor the log
    for reader in (ben, cat):
        seen = reader.get(f"/api/matches/{match_id}/parts/").json()
        assert seen["type"] == "play_cards"
        assert [(p["chosen"], p["part"]) for p in seen["parts"]] == [(True, None), (False, None)]
        assert "short_pass" not in str(reader.get(f"/api/matches/{match_id}/events/").json())
        assert "3" not in str(seen)
    assert MatchEvent.objects.filter(match_id=match_id).count() == 0
    # ann may change her mind until ben's card is in
    assert part(ann, match_id, 0, SHORT_2L).json()["parts"][0]["part"] == {"card": SHORT_2L}

    both = part(ben, match_id, 1, SHORT_3R)
    assert both.status_code == 201, both.content
    event = both.json()["events"][0]
    assert event["seq"] == 1 and event["action"] == {
        "type": "play_cards",
        "cards": [SHORT_2L, SHORT_3R],
    }
    assert PendingPart.objects.count() == 0
    after = ann.get(f"/api/matches/{match_id}/parts/").json()
    assert (after["seq"], after["type"], after["parts"]) == (1, None, [])


def test_only_a_sides_own_manager_chooses_its_card_and_only_an_open_one(table):
    match_id, ann, ben, cat = table
    assert_error_shape(part(ann, match_id, 1, SHORT_2L), 403, "not_your_side")
    assert_error_shape(part(cat, match_id, 0, SHORT_2L), 403)
    assert_error_shape(
        part(ben, match_id, 1, {"kind": "short_pass", "footballs": 9, "edge": "left"}),
        422,
        "part_not_allowed",
    )
    assert_error_shape(part(ben, match_id, 5, SHORT_2L), 400, "no_such_side")
    assert_error_shape(part(ben, match_id, 1, SHORT_2L, seq=3), 409, "stale_sequence")
    assert PendingPart.objects.count() == 0
    # after the cards, a step of one side: nothing is chosen face down
    both = ann.post(
        f"/api/matches/{match_id}/events/",
        {"expected_seq": 0, "action": {"type": "play_cards", "cards": [SHORT_3R, SHORT_2L]}},
        format="json",
    )
    assert both.status_code == 201, both.content
    assert_error_shape(part(ann, match_id, 0, SHORT_2L, seq=1), 409, "no_face_down_choice")


def test_the_creator_chooses_for_a_side_with_no_manager_and_only_the_creator_sees_it(
    players, client_for
):
    """Ann opens a match for Ben and a friend with no account (side 1, no manager): Ann logs
    the friend's card, Ben cannot, and Ben sees that it is chosen, never what."""
    ann, ben = client_for(players[0]), client_for(players[1])
    sides = [{"name": "Ben", "user": "ben"}, {"name": "Friend"}]
    match_id = open_match(ann, "hat-trick", sides)["match"]["id"]
    assert_error_shape(part(ben, match_id, 1, SHORT_2L), 403, "not_your_side")
    assert_error_shape(part(ann, match_id, 0, SHORT_2L), 403, "not_your_side")  # Ben's own
    chosen = part(ann, match_id, 1, SHORT_2L)
    assert chosen.status_code == 202, chosen.content
    assert chosen.json()["parts"][1] == {
        "type": "play_cards",
        "side": 1,
        "chosen": True,
        "part": {"card": SHORT_2L},
    }
    seen = ben.get(f"/api/matches/{match_id}/parts/").json()["parts"]
    assert [(p["side"], p["chosen"], p["part"]) for p in seen] == [
        (0, False, None),
        (1, True, None),
    ]


def test_a_part_of_a_step_that_is_over_does_not_count(table):
    match_id, ann, ben, _ = table
    assert part(ann, match_id, 0, SHORT_3R).status_code == 202
    # ann logs both cards whole from her phone meanwhile (the switch "I log both sides")
    ann.post(
        f"/api/matches/{match_id}/events/",
        {"expected_seq": 0, "action": {"type": "play_cards", "cards": [SHORT_2L, SHORT_2L]}},
        format="json",
    )
    ann.post(f"/api/matches/{match_id}/undo/", {"expected_seq": 1}, format="json")
    # at seq 2 the step is step 1 again: ann's old card is not in
    seen = ben.get(f"/api/matches/{match_id}/parts/").json()
    assert seen["seq"] == 2 and [p["chosen"] for p in seen["parts"]] == [False, False]
    assert part(ben, match_id, 1, SHORT_2L, seq=2).status_code == 202
    assert PendingPart.objects.count() == 1


def test_a_shot_is_two_face_down_cards_the_shooting_card_and_the_goalkeepers(table):
    import random

    from matches.engine import get_engine
    from matches.engine.hat_trick.sampling import random_action

    match_id, ann, ben, _ = table
    engine = get_engine("hat-trick")
    state = engine.state_from_json(ann.get(f"/api/matches/{match_id}/state/").json()["state"])
    rng, actions = random.Random(1), []
    while True:  # to the first shot of a random match, logged whole
        legal = engine.legal_actions(state)
        shot = next((e for e in legal["actions"] if e["type"] == "shoot"), None)
        if shot is not None and "cards" not in shot:
            break
        action = random_action(legal, rng)
        actions.append(engine.action_to_json(action))
        state = engine.apply(state, action).state
    logged = ann.post(
        f"/api/matches/{match_id}/events/batch/",
        {"expected_seq": 0, "actions": actions},
        format="json",
    )
    assert logged.status_code == 201, logged.content
    seq, attacker = len(actions), legal["actor"]
    phones = {0: ann, 1: ben}
    keeper = phones[1 - attacker]
    first = keeper.post(
        f"/api/matches/{match_id}/parts/",
        {
            "expected_seq": seq,
            "side": 1 - attacker,
            "part": {"goalkeeper_card": shot["goalkeeper_cards"][0]},
        },
        format="json",
    )
    assert first.status_code == 202, first.content
    seen = phones[attacker].get(f"/api/matches/{match_id}/parts/").json()
    assert seen["type"] == "shoot"
    assert {p["side"]: (p["chosen"], p["part"]) for p in seen["parts"]}[1 - attacker] == (
        True,
        None,
    )
    # the keeper cannot shoot, nor the shooter keep
    assert_error_shape(
        keeper.post(
            f"/api/matches/{match_id}/parts/",
            {
                "expected_seq": seq,
                "side": 1 - attacker,
                "part": {"shooting_card": shot["shooting_cards"][0]},
            },
            format="json",
        ),
        422,
        "part_not_allowed",
    )
    both = phones[attacker].post(
        f"/api/matches/{match_id}/parts/",
        {
            "expected_seq": seq,
            "side": attacker,
            "part": {"shooting_card": shot["shooting_cards"][0]},
        },
        format="json",
    )
    assert both.status_code == 201, both.content
    assert both.json()["events"][0]["action"] == {
        "type": "shoot",
        "shooting_card": shot["shooting_cards"][0],
        "goalkeeper_card": shot["goalkeeper_cards"][0],
    }


def test_a_shootout_penalty_is_chosen_face_down_by_both_the_turned_up_card_hidden_too(
    players, client_for
):
    ann, ben, cat = (client_for(p) for p in players[:3])
    options = {"penalty_shootout": True}
    match_id = open_match(ann, "hat-trick", ANN_BEN, options=options)["match"]["id"]
    seq, legal = log_random_play(ann, match_id, lambda state, _legal: state.phase == "shootout")
    (shot,) = [e for e in legal["actions"] if e["type"] == "shoot"]
    attacker = legal["actor"]
    phones = {0: ann, 1: ben}
    shooter, keeper = phones[attacker], phones[1 - attacker]
    card = shot["cards"][0]
    colour = {"short_pass": "S", "long_ball": "L", "dribbling": "D"}[card["kind"]]
    fitting = next(s for s in shot["shooting_cards"] if s.startswith(colour))
    other = next(s for s in shot["shooting_cards"] if not s.startswith(colour))

    def send(client, side, part):
        return client.post(
            f"/api/matches/{match_id}/parts/",
            {"expected_seq": seq, "side": side, "part": part},
            format="json",
        )

    # a shooting card of another colour than the card turned up is refused (HT-6.1)
    assert_error_shape(
        send(shooter, attacker, {"card": card, "shooting_card": other}), 422, "part_not_allowed"
    )
    first = send(shooter, attacker, {"card": card, "shooting_card": fitting})
    assert first.status_code == 202, first.content
    # the keeper's phone, anyone else and the log know that the shooter has chosen, not what
    for reader in (keeper, cat):
        seen = reader.get(f"/api/matches/{match_id}/parts/").json()
        assert seen["type"] == "shoot"
        assert {p["side"]: (p["chosen"], p["part"]) for p in seen["parts"]} == {
            attacker: (True, None),
            1 - attacker: (False, None),
        }
        assert fitting not in str(reader.get(f"/api/matches/{match_id}/events/?after={seq}").json())
    both = send(keeper, 1 - attacker, {"goalkeeper_card": shot["goalkeeper_cards"][0]})
    assert both.status_code == 201, both.content
    assert both.json()["events"][0]["action"] == {
        "type": "shoot",
        "shooting_card": fitting,
        "goalkeeper_card": shot["goalkeeper_cards"][0],
        "card": card,
    }
    assert PendingPart.objects.count() == 0
