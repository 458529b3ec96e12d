"""Assertions shared by the HTTP tests."""


def assert_error_shape(response, status: int, code: str | None = None) -> dict:
    assert response.status_code == status, response.content
    body = response.json()
    assert isinstance(body.get("code"), str) and body["code"], body
    assert isinstance(body.get("message"), str) and body["message"], body
    if code is not None:
        assert body["code"] == code, body
    return body


def token_for(user, name: str = "test phone") -> str:
    """A new device (login) of ``user``: the key to send as ``Authorization: Token <key>``."""
    from companion.devices import device_create

    return device_create(user=user, name=name)[1]


def accept_invitations(match_id: int) -> None:
    """Every manager invited to a side of the match says yes (as from their own phones)."""
    from matches.invitations.services import invitation_accept
    from matches.models import Invitation

    for invitation in Invitation.objects.filter(match_id=match_id, status="pending"):
        invitation_accept(invitation_id=invitation.pk, user=invitation.invitee)


def log_random_play(client, match_id: int, until, *, seeds=range(60)) -> tuple[int, dict]:
    """Random legal play of the match's game from its current state, logged whole through the
    API, up to the first state where ``until(state, legal)`` holds (a seed after another until
    one gets there). Returns the match's seq then and the legal actions at that step."""
    import random

    from matches.engine import get_engine

    game = client.get(f"/api/matches/{match_id}/").json()["game"]
    engine = get_engine(game)
    start = engine.state_from_json(client.get(f"/api/matches/{match_id}/state/").json()["state"])
    seq = client.get(f"/api/matches/{match_id}/").json()["seq"]

    def pick(state, legal, rng):
        if game == "hat-trick":
            from matches.engine.hat_trick.sampling import random_action

            return random_action(legal, rng)
        return rng.choice(engine.concrete_legal_actions(state))

    for seed in seeds:
        state, rng, actions = start, random.Random(seed), []
        for _ in range(4000):
            legal = engine.legal_actions(state)
            if until(state, legal):
                break
            if not legal.get("actions"):
                break
            action = pick(state, legal, rng)
            actions.append(engine.action_to_json(action))
            state = engine.apply(state, action).state
        if until(state, legal):
            break
    else:
        raise AssertionError("no random play got there")
    for first in range(0, len(actions), 400):
        logged = client.post(
            f"/api/matches/{match_id}/events/batch/",
            {"expected_seq": seq, "actions": actions[first : first + 400]},
            format="json",
        )
        assert logged.status_code == 201, logged.content
        seq = logged.json()["match"]["seq"]
    return seq, legal


def trixkick_second_setup(
    client, match_id: int, *, kinds=None, seeds=range(2, 60)
) -> tuple[int, dict, dict, dict]:
    """Random TriXKick play logged up to the start of its second full set-up (after a foul, a
    goal or a period; ``kinds``: only a set-up of these kinds, "free_kick" and "penalty" after
    a foul). Returns the seq then, the legal actions, where each piece was placed in the first
    set-up and each side's keepers' order then."""
    from matches.models import MatchEvent

    def second_setup(state, legal) -> bool:
        w = state.read()
        return (
            w["moves"] > 25
            and any(e["type"] == "place" for e in legal["actions"])
            and all(p["status"] != "play" for p in w["pieces"].values())
            and (kinds is None or w["setup"]["kind"] in kinds)
        )

    seq, legal = log_random_play(client, match_id, second_setup, seeds=seeds)
    places, keepers = {}, {}
    for action in (
        MatchEvent.objects.filter(match_id=match_id)
        .order_by("seq")
        .values_list("action", flat=True)
    ):
        if action["type"] == "place":
            places[action["piece"]] = action["to"]
        elif action["type"] == "keepers":
            keepers[action["side"]] = action["order"]
        else:
            break
    return seq, legal, places, keepers
