"""The tour of the API whose requests and answers are the schema's examples.

On a new server (the reference editions loaded, a staff account ``referee``) Ann, Ben and Cleo
sign up; Ann and Ben play a Hat-Trick match to its end from a phone each, its face-down cards
included; Cleo declines a TriXKick match, which Ann abandons; teams and a budget build are made,
the stats read, a match file exported and imported. Every operation of the schema is called at
least once; where an operation answers without a body, or where its refusals teach something, an
error is recorded too. The games are named here by choice, as the demo data names its game.
"""

from __future__ import annotations

from companion.examples.session import STAFF, Recorder, Ref

HAT_TRICK, TRIXKICK, AMIGO = "hat-trick", "trixkick", "amigo-hattrick"

PASSWORDS = {
    "ann": "kick-off-at-dawn",
    "ben": "red-card-rarely",
    "cleo": "offside-trap-42",
}
MATCH = {"id": Ref("match")}


def play(rec: Recorder) -> None:
    """The whole tour, in order."""
    accounts(rec)
    passwords(rec)
    games(rec)
    editions(rec)
    teams(rec)
    builds(rec)
    moves = hat_trick_match(rec)
    finished_match(rec)
    stats(rec)
    more_matches(rec, moves)
    competitions(rec)
    league_ends(rec)
    joining(rec)
    guests(rec)


def accounts(rec: Recorder) -> None:
    rec.call(
        "auth_register", "POST", "/api/auth/register/", status=201, example="ann_signs_up",
        summary="Ann creates an account on her phone",
        body={"username": "ann", "password": PASSWORDS["ann"], "email": "ann@example.com",
              "device": "Ann's phone"},
        binds={"ann": "/token"},
    )  # fmt: skip
    rec.call(
        "auth_register", "POST", "/api/auth/register/", status=400, example="username_taken",
        summary="The name is taken, whatever its case",
        body={"username": "Ann", "password": "another-long-one"},
    )  # fmt: skip
    for name in ("ben", "cleo"):
        rec.call(
            "auth_register", "POST", "/api/auth/register/", status=201,
            summary=f"{name.title()} creates an account",
            body={"username": name, "password": PASSWORDS[name], "email": f"{name}@example.com",
                  "device": f"{name.title()}'s phone"},
            binds={name: "/token"},
        )  # fmt: skip
    rec.call(
        "auth_login", "POST", "/api/auth/login/", status=200, example="staff_logs_in",
        summary="The staff account logs in", body={**_login(STAFF), "device": "Referee's laptop"},
        binds={"referee": "/token"},
    )  # fmt: skip
    rec.call(
        "auth_login", "POST", "/api/auth/login/", status=400, example="wrong_password",
        summary="A wrong password", body={"username": "ben", "password": "red-card-often"},
    )  # fmt: skip
    rec.call(
        "auth_login", "POST", "/api/auth/login/", status=200, summary="Ann logs in on her tablet",
        body={"username": "ann", "password": PASSWORDS["ann"], "device": "Ann's tablet"},
        binds={"ann_tablet": "/token", "ann_tablet_device": "/device"},
    )  # fmt: skip
    rec.call(
        "me_retrieve", "GET", "/api/me/", status=200, example="me", as_="ann",
        summary="Ann's account",
    )  # fmt: skip
    rec.call(
        "me_partial_update", "PATCH", "/api/me/", status=200, example="german", as_="cleo",
        summary="Cleo reads the answers in German from now on", body={"language": "de"},
    )  # fmt: skip
    rec.call(
        "auth_devices_list", "GET", "/api/auth/devices/", status=200, example="two_devices",
        as_="ann", summary="Ann's logins: her phone and her tablet",
    )  # fmt: skip
    tablet = {"id": Ref("ann_tablet_device")}
    rec.call(
        "auth_devices_destroy", "DELETE", "/api/auth/devices/{id}/", status=204,
        example="tablet_logged_out", as_="ann", params=tablet,
        summary="Ann logs her tablet out from her phone",
    )  # fmt: skip
    rec.call(
        "auth_devices_destroy", "DELETE", "/api/auth/devices/{id}/", status=404,
        example="already_gone", as_="ann", params=tablet, summary="That login is gone already",
    )  # fmt: skip
    rec.call(
        "auth_login", "POST", "/api/auth/login/", status=200, summary="Cleo logs in on a laptop",
        body={"username": "cleo", "password": PASSWORDS["cleo"], "device": "Cleo's laptop"},
        binds={"cleo_laptop": "/token"},
    )  # fmt: skip
    rec.call(
        "auth_logout", "POST", "/api/auth/logout/", status=204, example="log_out",
        as_="cleo_laptop", summary="Cleo logs her laptop out",
    )  # fmt: skip
    rec.call(
        "auth_logout", "POST", "/api/auth/logout/", status=401, example="token_revoked",
        as_="cleo_laptop", summary="A token that was logged out is refused",
    )  # fmt: skip


def _login(account: dict) -> dict:
    return {"username": account["username"], "password": account["password"]}


def passwords(rec: Recorder) -> None:
    """Cleo (who reads German) changes her password, forgets it and resets it by mail."""
    new = "offside-trap-43"
    rec.call(
        "auth_password", "POST", "/api/auth/password/", status=400, example="wrong_password",
        as_="cleo", summary="Not the current password (Cleo reads German)",
        body={"old_password": "offside-trap-41", "new_password": new},
    )  # fmt: skip
    rec.call(
        "auth_password", "POST", "/api/auth/password/", status=204, example="change",
        as_="cleo", summary="Cleo changes her password; her other logins end",
        body={"old_password": PASSWORDS["cleo"], "new_password": new},
    )  # fmt: skip
    rec.call(
        "auth_password_reset", "POST", "/api/auth/password/reset/", status=400,
        example="not_an_address", summary="Not an e-mail address", body={"email": "cleo"},
    )  # fmt: skip
    rec.call(
        "auth_password_reset", "POST", "/api/auth/password/reset/", status=202,
        example="forgotten", summary="Cleo forgot it: a reset mail to her address",
        body={"email": "cleo@example.com"},
        binds={"reset_uid": r"mail:uid[:=] ?([^\s&]+)", "reset_token": r"mail:token[:=] ?([^\s&]+)"},
    )  # fmt: skip
    reset = {"uid": Ref("reset_uid"), "token": Ref("reset_token"), "new_password": "corner-kick-7"}
    rec.call(
        "auth_password_reset_confirm", "POST", "/api/auth/password/reset/confirm/", status=204,
        example="reset", summary="The uid and token of the mail, and a new password",
        body=reset,
    )  # fmt: skip
    rec.call(
        "auth_password_reset_confirm", "POST", "/api/auth/password/reset/confirm/", status=400,
        example="used_twice", summary="A reset link works once", body=reset,
    )  # fmt: skip
    rec.call(
        "auth_login", "POST", "/api/auth/login/", status=200, summary="Cleo logs in again",
        body={"username": "cleo", "password": "corner-kick-7", "device": "Cleo's phone"},
        binds={"cleo": "/token"},
    )  # fmt: skip


def games(rec: Recorder) -> None:
    rec.call(
        "games_list", "GET", "/api/games/", status=200, example="games",
        summary="The games this server referees",
    )  # fmt: skip
    rec.call(
        "games_rules_list", "GET", "/api/games/{game}/rules/", status=200, example="rules",
        params={"game": AMIGO}, summary="Every rule clause of a game, in a few words",
    )  # fmt: skip
    rec.call(
        "games_rule_retrieve", "GET", "/api/games/{game}/rules/{clause}/", status=200,
        example="clause", params={"game": HAT_TRICK, "clause": "HT-2.4"},
        summary="The clause a refused move names",
    )  # fmt: skip
    rec.call(
        "games_tutorials_list", "GET", "/api/games/{game}/tutorials/", status=200,
        example="tutorials", params={"game": HAT_TRICK}, summary="The rulebook's worked examples",
    )  # fmt: skip
    walkthrough = {"game": HAT_TRICK, "tutorial": "walkthrough"}
    rec.call(
        "games_tutorial_retrieve", "GET", "/api/games/{game}/tutorials/{tutorial}/", status=200,
        example="walkthrough", params=walkthrough, summary="The publisher's walkthrough",
    )  # fmt: skip
    for example, move in (("right", "S2l/S3r"), ("another_move", "S2l/S2l")):
        rec.call(
            "games_tutorial_check", "POST", "/api/games/{game}/tutorials/{tutorial}/check/",
            status=200, example=example, params=walkthrough, as_="ann",
            summary=f"Playing along: is {move} the walkthrough's first move?",
            body={"step": 1, "action": move},
        )  # fmt: skip


def editions(rec: Recorder) -> None:
    rec.call(
        "editions_list", "GET", "/api/editions/", status=200, example="editions",
        summary="The card catalogs: each game's reference edition",
        binds={"amigo_edition": "/results/0/id", "trixkick_edition": "/results/1/id",
               "hat_trick_edition": "/results/2/id"},
    )  # fmt: skip
    rec.call(
        "editions_retrieve", "GET", "/api/editions/{id}/", status=200, example="edition",
        params={"id": Ref("trixkick_edition")}, summary="One edition with its catalog data",
    )  # fmt: skip
    rec.call(
        "editions_cards_list", "GET", "/api/editions/{id}/cards/", status=200, example="cards",
        params={"id": Ref("hat_trick_edition")}, query={"kind": "team_card", "page_size": 2},
        summary="The first two printed team cards of the Hat-Trick edition",
    )  # fmt: skip
    amigo = {"id": Ref("amigo_edition")}
    notes = {"notes": "Our club's deck: the red 7 is missing, use a blank card."}
    rec.call(
        "editions_partial_update", "PATCH", "/api/editions/{id}/", status=403,
        example="not_staff", as_="ann", params=amigo, body=notes,
        summary="Only staff edit an edition",
    )  # fmt: skip
    rec.call(
        "editions_partial_update", "PATCH", "/api/editions/{id}/", status=200, example="notes",
        as_="referee", params=amigo, body=notes,
        summary="Staff note on an edition no match uses yet (changed in place)",
    )  # fmt: skip


def teams(rec: Recorder) -> None:
    rec.call(
        "teams_create", "POST", "/api/teams/", status=201, example="pieces", as_="ann",
        headers={"Idempotency-Key": "ann-team-1"},
        body={"edition": Ref("trixkick_edition"), "name": "Ann's Tri", "colours": ["navy"]},
        summary="A TriXKick team with the edition's standard pieces",
        binds={"tri_team": "/id"},
    )  # fmt: skip
    rec.call(
        "teams_create", "POST", "/api/teams/", status=201, example="team_card", as_="ann",
        body={"edition": Ref("hat_trick_edition"), "team_card": "ITA", "card_colour": "red"},
        summary="A Hat-Trick team from a printed team card", binds={"card_team": "/id"},
    )  # fmt: skip
    rec.call(
        "teams_create", "POST", "/api/teams/", status=422, example="no_such_team_card",
        as_="ann", body={"edition": Ref("hat_trick_edition"), "team_card": "ATL"},
        summary="A team card the edition does not print",
    )  # fmt: skip
    rec.call(
        "teams_list", "GET", "/api/teams/", status=200, example="mine", as_="ann",
        summary="Ann's teams",
    )  # fmt: skip
    tri = {"id": Ref("tri_team")}
    rec.call(
        "teams_retrieve", "GET", "/api/teams/{id}/", status=200, example="team", params=tri,
        summary="One team",
    )  # fmt: skip
    rec.call(
        "teams_partial_update", "PATCH", "/api/teams/{id}/", status=200, example="rename",
        as_="ann", params=tri, body={"name": "Ann's Tri XI", "colours": ["navy", "gold"]},
        summary="Ann renames her team and adds a colour",
    )  # fmt: skip
    rec.call(
        "teams_side_config_retrieve", "GET", "/api/teams/{id}/side-config/", status=200,
        example="side_config", params=tri, summary="What a match side playing the team gets",
    )  # fmt: skip
    card_team = {"id": Ref("card_team")}
    rec.call(
        "teams_destroy", "DELETE", "/api/teams/{id}/", status=403, example="not_the_owner",
        as_="ben", params=card_team, summary="Only its owner deletes a team",
    )  # fmt: skip
    rec.call(
        "teams_destroy", "DELETE", "/api/teams/{id}/", status=204, example="delete",
        as_="ann", params=card_team, summary="Ann deletes her Hat-Trick team",
    )  # fmt: skip


#: the cheapest full lineup of blue cards (4 defensive stars, 2 balanced, 5 offensive)
LINEUP = {
    2: "blue:full_back-2",
    3: "blue:full_back-3",
    4: "blue:stopper-4",
    5: "blue:stopper-5",
    6: "blue:central_midfielder-6",
    7: "blue:central_midfielder-7",
    8: "blue:attacking_midfielder-8",
    10: "blue:attacking_midfielder-10",
    9: "blue:goal_poacher-9",
    11: "blue:goal_poacher-11",
}


def builds(rec: Recorder) -> None:
    picks = [{"slot": slot, "card": card} for slot, card in sorted(LINEUP.items())]
    build = {"edition": Ref("hat_trick_edition"), "orientation": "balanced",
             "budget_class": "II", "picks": picks}  # fmt: skip
    rec.call(
        "builds_check", "POST", "/api/builds/check/", status=200, example="dry_run", as_="ben",
        body=build, summary="Does this lineup fit a balanced class II budget card?",
    )  # fmt: skip
    rec.call(
        "builds_create", "POST", "/api/builds/", status=201, example="save", as_="ben",
        body={**build, "name": "Cheap blues"}, summary="Ben saves the build",
        binds={"build": "/id"},
    )  # fmt: skip
    rec.call(
        "builds_list", "GET", "/api/builds/", status=200, example="mine", as_="ben",
        summary="Ben's builds",
    )  # fmt: skip
    mine = {"id": Ref("build")}
    rec.call(
        "builds_retrieve", "GET", "/api/builds/{id}/", status=200, example="build", params=mine,
        summary="One build",
    )  # fmt: skip
    rec.call(
        "builds_partial_update", "PATCH", "/api/builds/{id}/", status=200, example="rename",
        as_="ben", params=mine, body={"name": "Cheap but cheerful"}, summary="Ben renames it",
    )  # fmt: skip
    rec.call(
        "builds_team", "POST", "/api/builds/{id}/team/", status=201, example="make_team",
        as_="ben", params=mine, body={"name": "Ben's Blues"},
        summary="The valid build becomes a team", binds={"build_team": "/id"},
    )  # fmt: skip
    rec.call(
        "builds_destroy", "DELETE", "/api/builds/{id}/", status=204, example="delete",
        as_="ben", params=mine, summary="Ben deletes the build (the team stays)",
    )  # fmt: skip
    rec.call(
        "builds_destroy", "DELETE", "/api/builds/{id}/", status=404, example="already_gone",
        as_="ben", params=mine, summary="No such build any more",
    )  # fmt: skip


ANN_AND_BEN = [{"name": "Ann", "user": "ann"}, {"name": "Ben", "user": "ben"}]


def hat_trick_match(rec: Recorder) -> list[dict]:
    """Ann opens a Hat-Trick match and invites Ben; both play their cards face down from a phone
    each; the moves are logged, refused, undone and redone. The moves logged, in order."""
    rec.call(
        "matches_create", "POST", "/api/matches/", status=400, example="no_such_user", as_="ann",
        body={"game": HAT_TRICK, "sides": [{"name": "Ann", "user": "ann"},
                                            {"name": "Zoe", "user": "zoe"}]},
        summary="A side names a user the server does not know",
    )  # fmt: skip
    opened = rec.call(
        "matches_create", "POST", "/api/matches/", status=201, example="open", as_="ann",
        headers={"Idempotency-Key": "ann-match-1"},
        body={"game": HAT_TRICK, "sides": ANN_AND_BEN, "options": {"kickoff": 0}},
        summary="Ann opens a Hat-Trick match against Ben (who is invited to his side)",
        binds={"match": "/match/id"},
    )  # fmt: skip
    rec.call(
        "matches_invitations_list", "GET", "/api/matches/{id}/invitations/", status=200,
        example="pending", as_="ann", params=MATCH, summary="Ben has not answered yet",
        binds={"invitation": "/results/0/id"},
    )  # fmt: skip
    rec.call(
        "invitations_list", "GET", "/api/invitations/", status=200, example="pending", as_="ben",
        summary="Ben's pending invitations",
    )  # fmt: skip
    rec.call(
        "invitations_accept", "POST", "/api/invitations/{id}/accept/", status=200,
        example="accept", as_="ben", params={"id": Ref("invitation")}, body={},
        summary="Ben plays his side",
    )  # fmt: skip
    cards = opened["current"]["legal"]["actions"][0]["cards"]
    for side, who in enumerate(("ann", "ben")):
        example = ("ann_card_in", "last_card_logs_the_move")[side]
        rec.call(
            "matches_parts_create", "POST", "/api/matches/{id}/parts/", status=(202, 201)[side],
            example=example, as_=who, params=MATCH,
            headers={"Idempotency-Key": f"{who}-card-1"},
            body={"expected_seq": 0, "side": side, "part": {"card": cards[side][side + 1]}},
            summary=(f"{who.title()}'s action card, face down; Ben's is missing",
                     "Ben's card is the last: both are revealed and the move is logged")[side],
        )  # fmt: skip
        if side == 0:
            rec.call(
                "matches_parts_retrieve", "GET", "/api/matches/{id}/parts/", status=200,
                example="hidden", as_="ben", params=MATCH,
                summary="Ben sees that Ann's card is in, not which",
            )  # fmt: skip
    return moves_and_mistakes(rec, [{"type": "play_cards", "cards": [cards[0][1], cards[1][2]]}])


def moves_and_mistakes(rec: Recorder, moves: list[dict]) -> list[dict]:
    state = rec.call(
        "matches_state_retrieve", "GET", "/api/matches/{id}/state/", status=200,
        example="step_2", params=MATCH, summary="The state after the cards: step 2",
    )  # fmt: skip
    rec.call(
        "matches_parts_create", "POST", "/api/matches/{id}/parts/", status=409,
        example="nothing_face_down", as_="ann", params=MATCH,
        body={"expected_seq": 1, "side": 0, "part": {"card": {"kind": "short_pass",
                                                               "footballs": 1, "edge": "left"}}},
        summary="Step 2 chooses nothing face down",
    )  # fmt: skip
    holder = state["summary"]["ball"]["player"]
    rec.call(
        "matches_events_create", "POST", "/api/matches/{id}/events/", status=422,
        example="refused", as_="ann", params=MATCH,
        body={"expected_seq": 1, "action": {"type": "move", "player": holder,
                                             "direction": "forward"}},
        summary="Step 2: the ball holder may not move (a rules refusal)",
    )  # fmt: skip
    move = state["legal"]["ready"][0]
    moves.append(move)
    rec.call(
        "matches_events_create", "POST", "/api/matches/{id}/events/", status=201,
        example="move", as_="ann", params=MATCH, headers={"Idempotency-Key": "ann-move-2"},
        body={"expected_seq": 1, "action": move}, summary="Ann logs her side's move",
    )  # fmt: skip
    rec.call(
        "matches_events_create", "POST", "/api/matches/{id}/events/", status=409,
        example="stale", as_="ben", params=MATCH, body={"expected_seq": 1, "action": move},
        summary="A move sent after another phone's (stale expected_seq)",
    )  # fmt: skip
    rec.call(
        "matches_undo", "POST", "/api/matches/{id}/undo/", status=201, example="undo",
        as_="ann", params=MATCH, body={"expected_seq": 2}, summary="Ann takes her move back",
    )  # fmt: skip
    redone = rec.call(
        "matches_redo", "POST", "/api/matches/{id}/redo/", status=201, example="redo",
        as_="ann", params=MATCH, body={"expected_seq": 3}, summary="… and logs it again",
    )  # fmt: skip
    return play_to_the_end(rec, redone["current"], moves)


def play_to_the_end(rec: Recorder, current: dict, moves: list[dict]) -> list[dict]:
    """Ann and Ben log the first move the server offers until the match is over (steps kept
    without their answers: they only move the match on). The moves logged, in order."""
    while current["outcome"] is None:
        move = current["legal"]["ready"][0]
        who = "ann" if current["legal"]["actor"] in (None, 0) else "ben"
        written = rec.call(
            "matches_events_create", "POST", "/api/matches/{id}/events/", status=201, as_=who,
            params=MATCH, body={"expected_seq": current["seq"], "action": move},
        )  # fmt: skip
        moves.append(move)
        current = written["current"]
    return moves


def finished_match(rec: Recorder) -> None:
    """The finished match read back: as a whole, its log, its picture and its stream."""
    match = rec.call(
        "matches_retrieve", "GET", "/api/matches/{id}/", status=200, example="finished",
        params=MATCH, summary="The match, over: its result and the sides' scores",
    )  # fmt: skip
    rec.call(
        "matches_events_list", "GET", "/api/matches/{id}/events/", status=200,
        example="first_page", params=MATCH, query={"page_size": 2},
        summary="The log, oldest first, two events a page",
    )  # fmt: skip
    rec.call(
        "matches_svg_retrieve", "GET", "/api/matches/{id}/svg/", status=200, example="picture",
        params=MATCH, query={"seq": 1}, summary="The pitch after the first move",
    )  # fmt: skip
    rec.call(
        "matches_stream_retrieve", "GET", "/api/matches/{id}/stream/", status=200,
        example="last_event", params=MATCH, query={"after": match["seq"] - 1},
        summary="The events after a seq, as Server-Sent Events (here: the last one)",
    )  # fmt: skip
    rec.call(
        "matches_report_retrieve", "GET", "/api/matches/{id}/report/", status=200,
        example="report", params=MATCH,
        summary="The match's report: score, goals and cards, moments, rating changes",
    )  # fmt: skip
    rec.call(
        "matches_report_svg", "GET", "/api/matches/{id}/report.svg", status=200,
        example="card", params=MATCH, summary="The report as a card of 1200×630 (SVG)",
    )  # fmt: skip
    rec.call(
        "matches_list", "GET", "/api/matches/", status=200, example="finished", as_="ben",
        query={"game": HAT_TRICK, "manager": "ann", "status": "finished"},
        summary="Ann's finished Hat-Trick matches",
    )  # fmt: skip


def stats(rec: Recorder) -> None:
    """The stats the finished match made (anyone may read them, no login needed)."""
    game = {"game": HAT_TRICK}
    rec.call(
        "stats_leaderboard", "GET", "/api/stats/games/{game}/leaderboard/", status=200,
        example="leaderboard", params=game, summary="The managers by rating",
    )  # fmt: skip
    rec.call(
        "stats_players", "GET", "/api/stats/games/{game}/players/", status=200,
        example="scorers", params=game, query={"manager": "ben", "page_size": 3},
        summary="The players of Ben's side, the scorers first",
    )  # fmt: skip
    rec.call(
        "stats_head_to_head", "GET", "/api/stats/head-to-head/", status=200, example="ann_ben",
        query={"game": HAT_TRICK, "manager": "ann", "opponent": "ben"},
        summary="Ann's record against Ben",
    )  # fmt: skip
    ann = {"username": "ann"}
    rec.call(
        "stats_manager", "GET", "/api/stats/managers/{username}/", status=200, example="ann",
        params=ann, summary="Ann's record in every game she played",
    )  # fmt: skip
    rec.call(
        "stats_manager_ratings", "GET", "/api/stats/managers/{username}/ratings/", status=200,
        example="history", params=ann, query=game, summary="Ann's rating, match by match",
    )  # fmt: skip
    rec.call(
        "stats_manager_rating_chart", "GET", "/api/stats/managers/{username}/rating.svg",
        status=200, example="chart", params=ann, query=game, summary="… as a chart",
    )  # fmt: skip
    rec.call(
        "stats_match_players", "GET", "/api/stats/matches/{match_id}/players/", status=200,
        example="lines", params={"match_id": Ref("match")},
        summary="Each side's player lines of the match",
    )  # fmt: skip
    rec.call(
        "stats_team_cards", "GET", "/api/stats/teams/", status=200, example="cards",
        query={"game": HAT_TRICK, "manager": "ben"}, summary="Ben's side's team card",
        binds={"team_card": "/results/0/key"},
    )  # fmt: skip
    card = {"key": Ref("team_card")}
    rec.call(
        "stats_team_card", "GET", "/api/stats/teams/{key}/", status=200, example="card",
        params=card, summary="One team card",
    )  # fmt: skip
    rec.call(
        "stats_team_card_svg", "GET", "/api/stats/teams/{key}/card.svg", status=200,
        example="picture", params=card, summary="… as a picture",
    )  # fmt: skip
    rec.call(
        "health_retrieve", "GET", "/api/health/", status=200, example="up",
        summary="The service and what it depends on are up",
    )  # fmt: skip


def more_matches(rec: Recorder, moves: list[dict]) -> None:
    """A phone that logged a match offline sends its first moves in one batch, and the match's
    file is exported and imported; Ann opens a TriXKick match with her team against Cleo, who
    declines; Ann invites Ben to the side instead, then abandons the match."""
    rec.call(
        "matches_create", "POST", "/api/matches/", status=201, as_="ben",
        body={"game": HAT_TRICK, "sides": [{"name": "Ben", "user": "ben"}, {"name": "Dad"}],
              "options": {"kickoff": 0}},
        summary="Ben opens a match against a guest", binds={"offline": "/match/id"},
    )  # fmt: skip
    rec.call(
        "matches_events_batch", "POST", "/api/matches/{id}/events/batch/", status=201,
        example="offline", as_="ben", params={"id": Ref("offline")},
        headers={"Idempotency-Key": "ben-offline-1"},
        body={"expected_seq": 0, "actions": moves[:3]},
        summary="The first three moves, logged offline, sent at once (all or nothing)",
    )  # fmt: skip
    log = rec.call(
        "matches_export_retrieve", "GET", "/api/matches/{id}/export/", status=200,
        example="match_file", as_="ben", params={"id": Ref("offline")},
        summary="The match file: header tags, then moves", binds={"match_file": ""},
    )  # fmt: skip
    rec.call(
        "matches_import", "POST", "/api/matches/import/", status=409, example="held_already",
        as_="ben", body={"text": Ref("match_file")}, summary="A file of a match this server holds",
    )  # fmt: skip
    sheet = "\n".join(line for line in log.splitlines() if not line.startswith("[Match "))
    rec.call(
        "matches_import", "POST", "/api/matches/import/", status=201, example="score_sheet",
        as_="ben", body={"text": sheet},
        summary="The same match typed up from a score sheet (no identity): a new match",
    )  # fmt: skip
    rec.call(
        "matches_create", "POST", "/api/matches/", status=201, example="with_a_team",
        as_="ann",
        body={"game": TRIXKICK, "visibility": "private",
              "sides": [{"name": "Ann's Tri", "user": "ann", "team": Ref("tri_team")},
                        {"name": "Cleo", "user": "cleo"}]},
        summary="A private TriXKick match, Ann's side playing her team",
        binds={"tri_match": "/match/id"},
    )  # fmt: skip
    tri = {"id": Ref("tri_match")}
    rec.call(
        "invitations_list", "GET", "/api/invitations/", status=200, as_="cleo",
        summary="Cleo's invitations", binds={"cleo_invitation": "/results/0/id"},
    )  # fmt: skip
    rec.call(
        "invitations_decline", "POST", "/api/invitations/{id}/decline/", status=200,
        example="decline", as_="cleo", params={"id": Ref("cleo_invitation")},
        summary="Cleo declines (the answer in her language)",
    )  # fmt: skip
    rec.call(
        "matches_invitations_create", "POST", "/api/matches/{id}/invitations/", status=201,
        example="invite", as_="ann", params=tri, body={"side": 1, "user": "ben"},
        summary="Ann invites Ben to the side instead",
    )  # fmt: skip
    rec.call(
        "matches_abandon", "POST", "/api/matches/{id}/abandon/", status=201, example="abandon",
        as_="ann", params=tri, body={"expected_seq": 0}, summary="Ann stops the match",
    )  # fmt: skip


COMPETITION = {"id": Ref("competition")}


def competitions(rec: Recorder) -> None:
    """Ann runs a Hat-Trick league on Thursdays: Ben joins with his team, Cleo declines and is
    asked again; the fixtures are drawn; Ann taps "Play now" (a second tap answers the same
    match); Ben puts his fixture off."""
    rec.call(
        "competitions_create", "POST", "/api/competitions/", status=400,
        example="not_for_the_game", as_="ann",
        body={"name": "Amigo league", "game": AMIGO, "format": "league"},
        summary="Amigo Hattrick is played by more than two at a table: not a league",
    )  # fmt: skip
    rec.call(
        "competitions_create", "POST", "/api/competitions/", status=201, example="league",
        as_="ann", headers={"Idempotency-Key": "ann-league-1"},
        body={"name": "Thursday league", "game": HAT_TRICK, "format": "league",
              "invite": ["ben", "cleo"], "seed": 2026},
        summary="Ann creates a league and asks Ben and Cleo to join",
        binds={"competition": "/id", "ann_member": "/members/0/id"},
    )  # fmt: skip
    rec.call(
        "competitions_invitations_list", "GET", "/api/competitions/invitations/", status=200,
        example="asked", as_="ben", summary="Ben is asked to join",
        binds={"ben_member": "/results/0/id"},
    )  # fmt: skip
    rec.call(
        "competitions_members_accept", "POST", "/api/competitions/members/{id}/accept/",
        status=200, example="join", as_="ben", params={"id": Ref("ben_member")},
        body={"team": Ref("build_team")}, summary="Ben joins with his team",
    )  # fmt: skip
    rec.call(
        "competitions_invitations_list", "GET", "/api/competitions/invitations/", status=200,
        as_="cleo", summary="Cleo is asked too", binds={"cleo_member": "/results/0/id"},
    )  # fmt: skip
    rec.call(
        "competitions_members_decline", "POST", "/api/competitions/members/{id}/decline/",
        status=200, example="decline", as_="cleo", params={"id": Ref("cleo_member")},
        summary="Cleo declines",
    )  # fmt: skip
    rec.call(
        "competitions_members", "POST", "/api/competitions/{id}/members/", status=201,
        example="ask_again", as_="ann", params=COMPETITION, body={"user": "cleo"},
        summary="Ann asks Cleo again",
    )  # fmt: skip
    rec.call(
        "competitions_members_accept", "POST", "/api/competitions/members/{id}/accept/",
        status=200, as_="cleo", params={"id": Ref("cleo_member")}, body={},
        summary="Cleo joins",
    )  # fmt: skip
    rec.call(
        "competitions_draw", "POST", "/api/competitions/{id}/draw/", status=403,
        example="not_organiser", as_="ben", params=COMPETITION, body={},
        summary="Only the organiser draws",
    )  # fmt: skip
    rec.call(
        "competitions_draw", "POST", "/api/competitions/{id}/draw/", status=200,
        example="drawn", as_="ann", params=COMPETITION,
        body={"first_date": "2030-05-02", "days_between": 7},
        summary="The fixtures drawn by Berger tables (three members: one sits out each "
        "round), a round every Thursday",
    )  # fmt: skip
    rec.call(
        "competitions_fixtures_retrieve", "GET", "/api/competitions/{id}/fixtures/", status=200,
        example="by_round", as_="ben", params=COMPETITION,
        summary="The fixtures, round by round",
        binds={"fixture_ben_cleo": "/rounds/0/fixtures/0/id",
               "fixture_ann_ben": "/rounds/2/fixtures/0/id"},
    )  # fmt: skip
    rec.call(
        "competitions_fixtures_play", "POST", "/api/competitions/fixtures/{id}/play/",
        status=403, example="not_in_fixture", as_="ann",
        params={"id": Ref("fixture_ben_cleo")}, body={},
        summary="Ann is not in Ben and Cleo's fixture",
    )  # fmt: skip
    rec.call(
        "competitions_fixtures_play", "POST", "/api/competitions/fixtures/{id}/play/",
        status=201, example="play_now", as_="ann", params={"id": Ref("fixture_ann_ben")},
        headers={"Idempotency-Key": "ann-play-1"}, body={},
        summary="Play now: Ann opens the fixture's match; Ben is invited to his side",
    )  # fmt: skip
    rec.call(
        "competitions_fixtures_play", "POST", "/api/competitions/fixtures/{id}/play/",
        status=200, example="open_already", as_="ben", params={"id": Ref("fixture_ann_ben")},
        body={}, summary="Ben taps too: the same match",
    )  # fmt: skip
    rec.call(
        "competitions_fixtures_postpone", "POST", "/api/competitions/fixtures/{id}/postpone/",
        status=200, example="postpone", as_="ben", params={"id": Ref("fixture_ben_cleo")},
        body={"date": "2030-05-02"}, summary="Ben puts his fixture against Cleo off",
    )  # fmt: skip


def league_ends(rec: Recorder) -> None:
    """Cleo leaves (her open fixtures go to her opponents); Ann gives Ben her fixture; the
    table, champion and awards (and Ben's phone following it live); the next season."""
    rec.call(
        "competitions_members_leave", "POST", "/api/competitions/members/{id}/leave/",
        status=200, example="leave", as_="cleo", params={"id": Ref("cleo_member")},
        summary="Cleo leaves: her open fixtures go to her opponents, 3-0",
    )  # fmt: skip
    rec.call(
        "competitions_members_leave", "POST", "/api/competitions/members/{id}/leave/",
        status=409, example="organiser_stays", as_="ann", params={"id": Ref("ann_member")},
        summary="The organiser stays",
    )  # fmt: skip
    rec.call(
        "competitions_fixtures_walkover", "POST", "/api/competitions/fixtures/{id}/walkover/",
        status=400, example="not_in_fixture", as_="ann", params={"id": Ref("fixture_ann_ben")},
        body={"winner": Ref("cleo_member")}, summary="Cleo is not in the fixture",
    )  # fmt: skip
    rec.call(
        "competitions_fixtures_walkover", "POST", "/api/competitions/fixtures/{id}/walkover/",
        status=200, example="walkover", as_="ann", params={"id": Ref("fixture_ann_ben")},
        body={"winner": Ref("ben_member")},
        summary="Ann must go: the organiser gives Ben the fixture, 3-0",
    )  # fmt: skip
    rec.call(
        "competitions_table_retrieve", "GET", "/api/competitions/{id}/table/", status=200,
        example="final", params=COMPETITION,
        summary="The final table: champion and awards (anyone may read a public one)",
        binds={"table_etag": "header:ETag"},
    )  # fmt: skip
    rec.call(
        "competitions_table_retrieve", "GET", "/api/competitions/{id}/table/", status=304,
        example="unchanged", params=COMPETITION, headers={"If-None-Match": Ref("table_etag")},
        summary="Asked again with the ETag: not changed",
    )  # fmt: skip
    rec.call(
        "competitions_stream_retrieve", "GET", "/api/competitions/{id}/stream/", status=200,
        example="live_table", as_="ben", params=COMPETITION,
        summary="Ben's phone follows the table live: the table as it is, then again each "
        "time it changes (recorded without a live server: the first message, then the end)",
    )  # fmt: skip
    rec.call(
        "competitions_bracket_retrieve", "GET", "/api/competitions/{id}/bracket/", status=200,
        example="league", params=COMPETITION, summary="A league has no bracket",
    )  # fmt: skip
    rec.call(
        "competitions_retrieve", "GET", "/api/competitions/{id}/", status=200,
        example="finished", params=COMPETITION, summary="The season is over",
    )  # fmt: skip
    rec.call(
        "competitions_next_season", "POST", "/api/competitions/{id}/next-season/",
        status=201, example="next_season", as_="ann", params=COMPETITION,
        summary="The next season: the same members who stayed, drawn anew",
    )  # fmt: skip
    rec.call(
        "competitions_list", "GET", "/api/competitions/", status=200, example="mine",
        as_="ben", query={"mine": "true"}, summary="Ben's competitions, newest first",
    )  # fmt: skip


def joining(rec: Recorder) -> None:
    """At the table: Ann shows a code, Ben scans it and plays the side from his account."""
    rec.call(
        "matches_create", "POST", "/api/matches/", status=201, as_="ann",
        body={"game": HAT_TRICK, "sides": [{"name": "Ann", "user": "ann"}, {"name": "Red"}]},
        summary="Ann opens a match; the red side is free", binds={"table": "/match/id"},
    )  # fmt: skip
    table = {"id": Ref("table")}
    rec.call(
        "matches_join_codes", "POST", "/api/matches/{id}/join-codes/", status=201,
        example="code", as_="ann", params=table, body={"side": 1},
        summary="Ann's phone shows a code for the red side (its QR code as SVG)",
        binds={"code": "/code", "code_id": "/id"},
    )  # fmt: skip
    code = {"code": Ref("code")}
    rec.call(
        "join_retrieve", "GET", "/api/join/{code}/", status=200, example="offer", params=code,
        summary="Ben's phone scanned it: what the code opens",
    )  # fmt: skip
    rec.call(
        "join_retrieve", "GET", "/api/join/{code}/", status=404, example="expired",
        params={"code": "pR3tTy-Much-Made-Up-0000"},
        summary="A code that expired, or was never made (the same answer)",
    )  # fmt: skip
    rec.call(
        "join_accept", "POST", "/api/join/{code}/accept/", status=200, example="accept",
        as_="ben", params=code, body={"name": "Ben's Reds"},
        summary="Ben plays the side from his account, under a name of his",
    )  # fmt: skip
    rec.call(
        "join_accept", "POST", "/api/join/{code}/accept/", status=409, example="used",
        as_="cleo", params=code, body={}, summary="A code is used once (Cleo reads German)",
    )  # fmt: skip
    rec.call(
        "matches_join_codes_destroy", "DELETE", "/api/matches/{id}/join-codes/{code_id}/",
        status=409, example="used", as_="ann", params={"id": Ref("table"),
                                                       "code_id": Ref("code_id")},
        summary="A code used already cannot be cancelled",
    )  # fmt: skip


def guests(rec: Recorder) -> None:
    """A second match's code is cancelled, the next one played by a phone without an account (a
    guest), whose side Ann takes back; the next guest's match is claimed by Cleo."""
    rec.call(
        "matches_create", "POST", "/api/matches/", status=201, as_="ann",
        body={"game": HAT_TRICK, "sides": [{"name": "Ann", "user": "ann"}, {"name": "Visitor"}]},
        summary="Ann opens another match", binds={"visit": "/match/id"},
    )  # fmt: skip
    visit = {"id": Ref("visit")}
    rec.call(
        "matches_join_codes", "POST", "/api/matches/{id}/join-codes/", status=201, as_="ann",
        params=visit, body={"side": 1}, summary="A code for the visitor's side",
        binds={"withdrawn": "/code", "withdrawn_id": "/id"},
    )  # fmt: skip
    rec.call(
        "matches_join_codes_destroy", "DELETE", "/api/matches/{id}/join-codes/{code_id}/",
        status=204, example="cancel", as_="ann",
        params={"id": Ref("visit"), "code_id": Ref("withdrawn_id")},
        summary="Ann cancels it",
    )  # fmt: skip
    rec.call(
        "join_guest", "POST", "/api/join/{code}/guest/", status=409, example="cancelled",
        params={"code": Ref("withdrawn")}, summary="A cancelled code opens nothing",
    )  # fmt: skip
    guest = _guest(rec, visit, "guest", example="guest")
    rec.call(
        "guest_retrieve", "GET", "/api/guest/", status=200, example="pass", as_=guest,
        summary="The guest's phone reads its pass",
    )  # fmt: skip
    rec.call(
        "matches_guests_destroy", "DELETE", "/api/matches/{id}/guests/{side}/", status=204,
        example="take_back", as_="ann", params={"id": Ref("visit"), "side": 1},
        summary="Ann takes the side back from the guest",
    )  # fmt: skip
    rec.call(
        "matches_guests_destroy", "DELETE", "/api/matches/{id}/guests/{side}/", status=404,
        example="no_guest", as_="ann", params={"id": Ref("visit"), "side": 1},
        summary="No guest plays the side any more",
    )  # fmt: skip
    rec.call(
        "guest_retrieve", "GET", "/api/guest/", status=401, example="ended", as_=guest,
        summary="The guest's pass has ended",
    )  # fmt: skip
    rec.call(
        "guest_claim", "POST", "/api/guest/claim/", status=409, example="taken_back",
        as_="cleo", body={"claim_token": Ref("guest_claim")},
        summary="Nothing to claim of a side taken back",
    )  # fmt: skip
    rec.call(
        "matches_report_png", "GET", "/api/matches/{id}/report.png", status=404,
        example="private", params={"id": Ref("tri_match")},
        summary="A private match has no report for a stranger",
    )  # fmt: skip
    rec.call(
        "matches_report_retrieve", "GET", "/api/matches/{id}/report/", status=409,
        example="not_over", params=visit, summary="No report before the match ends",
    )  # fmt: skip
    second = _guest(rec, visit, "second_guest")
    rec.call(
        "guest_claim", "POST", "/api/guest/claim/", status=200, example="claim", as_="cleo",
        body={"claim_token": Ref(f"{second}_claim")},
        summary="The visitor was Cleo: signed in, she claims the match played as a guest",
    )  # fmt: skip


def _guest(rec: Recorder, match: dict, name: str, *, example: str | None = None) -> str:
    """A new code for the match's side 1, played by a phone without an account: the name the
    guest's token is bound to (its claim token: ``<name>_claim``)."""
    rec.call(
        "matches_join_codes", "POST", "/api/matches/{id}/join-codes/", status=201, as_="ann",
        params=match, body={"side": 1}, summary="A new code for the visitor's side",
        binds={f"{name}_code": "/code"},
    )  # fmt: skip
    rec.call(
        "join_guest", "POST", "/api/join/{code}/guest/", status=201, example=example,
        params={"code": Ref(f"{name}_code")},
        summary="A phone without an account plays the side as a guest",
        binds={name: "/token", f"{name}_claim": "/claim_token"},
    )  # fmt: skip
    return name
