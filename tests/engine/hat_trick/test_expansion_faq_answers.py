"""Every answer of the expansion FAQ ("Spieler" rulebook, seed 000_895113a4dc678bad.txt, the end
of the German part) as a test. 27 F/A pairs are printed; the ones already asserted elsewhere are
not repeated here:

* ALLGEMEIN "Ist ein Foulspiel einem erfolgreichen Dribbling gleichzustellen? Nein."
  -> test_expansion_faq.py::test_FAQ_a_foul_is_not_a_successful_dribble
* BALLSPIELENDER IV "kein zusätzliches Feld ... trotzdem auf Gold umdrehen? Ja."
  -> test_expansion_faq.py::test_FAQ_ball_playing_centre_back_may_flip_without_the_extra_field
* MANNDECKER "Wann genau drehe ich auf Gold um? Wenn entschieden wird, ob du gefoult hast." and
  "Von wo aus wird der Freistoß ausgeführt? Vom Standort des Ballführers."
  -> test_expansion_faq.py::test_FAQ_man_marker_is_booked_and_the_free_kick_is_where_the_carrier_stands
* MANNDECKER "Einsetzen, wenn der Ballführer mein Mitspieler ist? Nein."
  -> test_expansion_faq.py::test_FAQ_man_marker_not_against_his_own_team_mate
* FLÜGELVERTEIDIGER (Gold) "Jederzeit zurück? Ja, aber gleichzeitig auf Silber umdrehen."
  -> test_expansion_abilities.py::test_HX_A_16_wing_back_gold_to_the_other_wing_without_flipping_and_back_to_silver
     and test_expansion_abilities.py::test_HX_A_16_the_return_may_come_in_a_later_round
* SECHSER "Langen Pass abfangen, der den Gegner durch ein Abfangen erreicht? Ja."
  -> test_expansion_abilities.py::test_HX_A_10_and_HX_A_3_two_sechser_intercept_in_turn_within_one_window
* DEFENSIVSTÜRMER "Kurzen Pass abfangen, der den Gegner durch ein Abfangen erreicht? Ja."
  -> test_expansion_abilities.py::test_HX_A_10_defensive_forward_answers_an_interception_and_HX_A_3_window_stays_open

Positions as ``states.board`` draws them; the kick-off layout is ``states.KICK_OFF``.
"""

from matches.engine.hat_trick import phases as P
from matches.engine.hat_trick.pitch import code

from .expansion_states import lineup, offered, use, uses_of, xnew
from .states import arrange, at, ball_at, event, kinds, play, rejects


def refused(s, action: dict, code_: str = "ability_not_usable", rule: str = "HX-A.7") -> None:
    assert action not in offered(s)
    rejects(s, action, code_, rule)


# ---------------------------------------------------------------- ALLGEMEINE FRAGEN


def test_FAQ_general_when_is_a_dribble_successful():
    """F: Wann ist ein Dribbling erfolgreich? A: Wenn der Ballführer nach vorn zieht."""
    blue = lineup({4: "ball_playing_centre_back-2-4"})  # silver: after a successful dribble
    # blue no. 4 (ball on b3) dribbles into the emptied b4: he moves forward, a success
    s = arrange(xnew(blue), {"b3": "B4", "b4": ""}, cards=("D2l", "D1l"), phase="defender_move")
    s = arrange(s, {}, ball="b3", attacker=0)
    s, events = play(s, "skip")
    assert event(events, "dribble_won").data["to"] == "b4" and ball_at(s) == "b4:B4"
    assert use(0, 4) in offered(s) and use(0, 4, direction="forward") in offered(s)
    # the same dribble onto his team-mate in front (b4): the ball goes on, he stays on b3
    s = arrange(xnew(blue), {"b3": "B4", "b4": "B8"}, cards=("D2l", "D1l"), phase="defender_move")
    s = arrange(s, {}, ball="b3", attacker=0)
    s, events = play(s, "skip")
    assert "dribble_won" not in kinds(events) and at(s, "b3") == "B4" and ball_at(s) == "b4:B8"
    refused(s, use(0, 4))


def test_FAQ_general_what_is_a_kick_off():
    """F: Was ist ein Anstoß? A: Der Zeitpunkt, wenn Spielerkarten nach einem Tor oder zu Beginn
    einer Spielhälfte neu aufgebaut werden."""
    start = xnew(lineup(), lineup(colour="red"))
    # a goal: blue no. 9 shoots from b6 in a scoring opportunity, the keeper draws too little
    s = arrange(start, {"b6": "B9", "a5": "", "c3": "B10"}, ball="b6", phase="chance_play_cards")
    s = arrange(s, {}, attacker=0)
    s, _ = play(s, "D3l/S1l", "skip", "skip", "shot D3 R3")
    s, events = play(s, "draw S1l")
    assert kinds(events)[kinds(events).index("goal") + 1] == "kick_off"
    assert s.grid == start.grid  # the player cards are set up again
    assert event(events, "kick_off").side == 1 and s.attacker == 1
    assert ball_at(s) == "c4:R6"  # red's lowest midfield number kicks off
    # (the kick-off of a half: test_restarts.py::test_HT_8_3_second_half_kicked_off_by_the_other_team)


def test_FAQ_general_what_is_a_free_kick():
    """F: Was ist ein Freistoß? A: Ein Freistoß ist ein ruhender Ball nach einem Foulspiel."""
    # blue no. 8 (b3) dribbles at red no. 3 (b4) with equal cards: a foul (HT-4.3)
    base = xnew(lineup(), lineup(colour="red"))
    s = arrange(base, {"b3": "B8", "b4": "R3"}, cards=("D2l", "D2r"), phase="defender_move")
    s = arrange(s, {}, ball="b3", attacker=0)
    s, events = play(s, "skip")
    assert kinds(events).index("foul") < kinds(events).index("free_kick")
    kick = event(events, "free_kick").data
    assert s.phase == P.FK_DEFENDER_MOVE and ball_at(s) == f"{kick['at']}:B8"
    # a dead ball: both teams move a player, the ball stays where it is
    s, _ = play(s, "6b", "10b")
    assert s.phase == P.FK_CHOICE and ball_at(s) == f"{kick['at']}:B8"
    # no foul, no free kick: the same dribble won clearly
    s = arrange(base, {"b3": "B8", "b4": "R3"}, cards=("D4l", "D1r"), phase="defender_move")
    s, events = play(arrange(s, {}, ball="b3", attacker=0), "skip")
    assert "foul" not in kinds(events) and "free_kick" not in kinds(events)


def _foul_onto(field: str):
    """Blue no. 8 dribbles from the field before ``field`` at red no. 3 there: a foul."""
    before = field[0] + str(int(field[1]) - 1)
    s = xnew(lineup(), lineup(colour="red"))
    s = arrange(s, {before: "B8", field: "R3"}, cards=("D2l", "D2r"), phase="defender_move")
    return play(arrange(s, {}, ball=before, attacker=0), "skip")


def test_FAQ_general_what_is_a_penalty():
    """F: Was ist ein Strafstoß? A: Ein Freistoß, der aus einer der beiden mittleren Spalten der
    letzten Reihe ausgetragen wird."""
    for middle in ("b6", "c6"):
        s, events = _foul_onto(middle)
        assert "penalty" in kinds(events) and "free_kick" not in kinds(events)
        assert s.phase == P.PENALTY and ball_at(s) == f"{middle}:B8"
    # a wing of the last row, or the middle of the row before: a free kick, no penalty
    for other in ("a6", "d6", "b5"):
        s, events = _foul_onto(other)
        assert "penalty" not in kinds(events) and event(events, "free_kick").data["at"] == other
        assert s.phase == P.FK_DEFENDER_MOVE


# ---------------------------------------------------------------- MANNDECKER (SILBER)


def test_FAQ_man_marker_who_is_sent_off():
    """F: Wer wird des Feldes verwiesen? A: Der Manndecker."""
    red = lineup({4: "man_marker-4"}, colour="red")
    # red is already on a yellow card; blue no. 6 (b3) dribbles, the man-marker stands on a3
    s = arrange(xnew(lineup(), red), {"a3": "R4"}, cards=("D2l", "D3l"), phase="defender_move")
    s = arrange(s, {}, ball="b3", attacker=0, yellow=(False, True))
    s, _ = play(s, use(1, 4))
    s, events = play(s, "skip")
    assert event(events, "foul").data["fouler"] == 4
    assert event(events, "red_card").data == {"player": 4, "second_yellow": True}
    assert s.sent_off == ((), (4,)) and code(1, 4) not in s.grid
    # red no. 7 (b4), the defender the dribble ran at, stays on the pitch
    assert code(1, 7) in s.grid and at(s, "b4") == "R7"


# ---------------------------------------------------------------- ABWEHRCHEF (GOLD)


def test_FAQ_defensive_leader_no_team_mate_ability_for_the_extra_move():
    """F: Darf ein Mitspieler seine Fähigkeit einsetzen, um so die zusätzliche Bewegung
    vorzunehmen? A: Nein."""
    # blue defends; the gold defensive leader (no. 4, b1) has the gold overlapping full-back
    # (no. 2, a1; gold: two fields forward along his wing) next to him
    blue = lineup({4: "defensive_leader-4-5", 2: "overlapping_full_back-2-3"}, gold=(4, 2))
    s = arrange(xnew(blue), {"a3": ""}, cards=("S1l", "S2r"), phase="attacker_move")
    s = arrange(s, {}, ball="c4", attacker=1)
    assert use(0, 4, target=2, direction="forward") not in offered(s)  # red has not moved yet
    s, _ = play(s, "7b")  # red no. 7 moves: blue's extra move is open
    assert s.phase == P.DEFENDER_MOVE
    extra = [u for u in uses_of(s, 4) if u.get("target") == 2]
    assert extra == [use(0, 4, target=2, direction="forward")]  # one field, no "via"
    s, events = play(s, extra[0])
    used = event(events, "ability_used").data
    assert used["ability"] == "defensive_leader.gold" and used["mover"] == 2
    assert (used["from"], used["to"]) == ("a1", "a2")  # one field, not his two
    assert code(0, 2) in s.x.gold and s.x.uses_of(code(0, 2)) == 0  # his card is untouched
    assert code(0, 4) not in s.x.gold


# ---------------------------------------------------------------- FLÜGELVERTEIDIGER (SILBER/GOLD)


def test_FAQ_wing_back_silver_needs_no_successful_dribble():
    """F: (Silber) Muss das Dribbling erfolgreich gewesen sein, damit die Fähigkeit als
    eingesetzt gelten kann? A: Nein."""
    for cards, won in ((("D4l", "D1r"), True), (("D1l", "D4r"), False)):
        # blue no. 6 dribbles on the a wing from a3 at red no. 7 (a4); the wing-back is on a1
        s = xnew(lineup({2: "wing_back-2"}))
        s = arrange(s, {"a3": "B6", "a4": "R7"}, cards=cards, phase="defender_move")
        s, events = play(arrange(s, {}, ball="a3", attacker=0), "skip")
        assert ("dribble_won" in kinds(events)) is won
        assert ("dribble_lost" in kinds(events)) is not won
        forward = use(0, 2, direction="forward")
        assert forward in offered(s)
        s, events = play(s, forward)
        assert event(events, "ability_used").data["to"] == "a2" and code(0, 2) in s.x.gold
    # a dribble on another column is not on his wing
    s = xnew(lineup({2: "wing_back-2"}))
    s = arrange(s, {"b4": "R7"}, cards=("D1l", "D4r"), phase="defender_move")
    s, _ = play(arrange(s, {}, ball="b3", attacker=0), "skip")
    refused(s, use(0, 2, direction="forward"))


# ---------------------------------------------------------------- ÜBERLAPPENDER AV (GOLD)


def test_FAQ_overlapping_full_back_flips_after_the_move():
    """F: Wann genau drehe ich auf die silberne Seite um – nach der Bewegung oder nach dem
    Spielzug? A: Nach der Bewegung."""
    s = xnew(lineup({3: "overlapping_full_back-2-3"}, gold=(3,)))  # no. 3 on d1
    s = arrange(s, {}, cards=("S2l", "S1r"), ball="b3", attacker=0, phase="attacker_move")
    s, events = play(s, use(0, 3, direction="forward"))
    used = event(events, "ability_used").data
    assert (used["from"], used["to"], used["gold"]) == ("d1", "d3", False)
    # silver at once, while the round's step 2 is still going on
    assert code(0, 3) not in s.x.gold and s.phase == P.ATTACKER_MOVE and at(s, "d3") == "B3"
    s, events = play(s, "skip", "skip")  # the rest of the round changes nothing more
    assert code(0, 3) not in s.x.gold and "ability_used" not in kinds(events)


# ---------------------------------------------------------------- FLÜGELLÄUFER (SILBER/GOLD)

WIDE = "wide_midfielder-10"  # silver: fall back after a forward move on the wing; gold: jump


def jump_ready(placement: dict[str, str], ball: str = "b3"):
    """The gold wide midfielder (no. 10) on a3, blue attacks, step 2."""
    s = xnew(lineup({10: WIDE}, gold=(10,)))
    s = arrange(s, {"a3": "B10", **placement}, cards=("S2r", "S1r"), phase="attacker_move")
    return arrange(s, {}, ball=ball, attacker=0)


def test_FAQ_wide_midfielder_flips_after_the_jump():
    """F: (Gold) Wann genau drehe ich auf die silberne Seite um – nach dem Sprung oder nach dem
    Spielzug? A: Nach dem Sprung."""
    s, events = play(jump_ready({"a4": "R7"}), use(0, 10, direction="forward"))
    used = event(events, "ability_used").data
    assert (used["from"], used["to"], used["gold"]) == ("a3", "a5", False)
    assert code(0, 10) not in s.x.gold and s.phase == P.ATTACKER_MOVE


def test_FAQ_wide_midfielder_jump_is_not_blocked_by_the_ball_carrier():
    """F: (Gold) Wird der „Sprung" vom Ballführer geblockt? A: Nein."""
    # blue no. 6 holds the ball on a4, right in front of the wide midfielder
    s = jump_ready({"a4": "B6"}, ball="a4")
    assert use(0, 10, direction="forward") in offered(s)
    s, _ = play(s, use(0, 10, direction="forward"))
    assert at(s, "a5") == "B10" and ball_at(s) == "a4:B6"
    # red's ball carrier in front of him does not block it either (blue defends, step 2)
    s = xnew(lineup({10: WIDE}, gold=(10,)))
    s = arrange(s, {"a3": "B10", "a4": "R7"}, cards=("S2r", "S1r"), phase="defender_move")
    s = arrange(s, {}, ball="a4", attacker=1)
    s, _ = play(s, use(0, 10, direction="forward"))
    assert at(s, "a5") == "B10" and ball_at(s) == "a4:R7"


def test_FAQ_wide_midfielder_no_silver_retreat_after_the_gold_jump():
    """F: (Silber) Darf ich meine silberne Fähigkeit beim Rückzug nach dem Einsatz der goldenen
    Fähigkeit einsetzen? A: Nein."""
    s, _ = play(jump_ready({"a4": "R7"}), use(0, 10, direction="forward"))
    assert code(0, 10) not in s.x.gold  # silver now, but the jump opens no retreat
    refused(s, use(0, 10, direction="backward"))
    # a regular forward move on his wing does open it
    s = xnew(lineup({10: WIDE}))
    s = arrange(s, {"a3": "B10"}, cards=("S2r", "S1r"), phase="attacker_move")
    s, _ = play(arrange(s, {}, ball="b3", attacker=0), "10f")
    assert at(s, "a4") == "B10"
    assert use(0, 10, direction="backward") in offered(s)


# ---------------------------------------------------------------- ABRÄUMER (GOLD)


def test_FAQ_ball_winner_blocks_only_an_ability_that_could_be_used_now():
    """F: Kann ich den potentiellen Einsatz einer Fähigkeit verhindern? A: Ja, wenn die Fähigkeit
    zu diesem Zeitpunkt vom Gegner gültig eingesetzt werden könnte."""
    # gold ball winner blue no. 6 on b3; red no. 7 (box-to-box, silver: after his team won the
    # ball, move one field) on b4 and red no. 11 (goal poacher, after a parry only) on b2
    red = lineup({7: "box_to_box-7-8"}, colour="red")
    s = xnew(lineup({6: "ball_winner-6"}, gold=(6,)), red)
    s = arrange(s, {}, cards=("S2l", "S1r"), ball="c3", attacker=0, phase="attacker_move")
    s = s._replace(x=s.x._replace(window=(("ball_won", 1, {"winner": 8}),)))
    assert use(1, 7, direction="backward") in offered(s)  # red no. 7 could use his now
    assert use(0, 6, target=7) in offered(s)
    refused(s, use(0, 6, target=11))  # red no. 11 could use nothing now
    s, events = play(s, use(0, 6, target=7))
    assert event(events, "ability_used").data["blocked"] == 7
    rejects(s, use(1, 7, direction="backward"), "ability_blocked", "HX-A.11")
    # without the event red no. 7 could use nothing: nothing to prevent
    s = xnew(lineup({6: "ball_winner-6"}, gold=(6,)), red)
    s = arrange(s, {}, cards=("S2l", "S1r"), ball="c3", attacker=0, phase="attacker_move")
    refused(s, use(0, 6, target=7))


# ---------------------------------------------------------------- ZENTRALER MITTELFELDSPIELER


def test_FAQ_central_midfielder_borrowed_ability_needs_the_neighbour_after_the_dribble():
    """F: Ich benutze die silberne Fähigkeit des Ballspielenden IV – wann genau müssen wir
    benachbart sein? A: Die geliehene Fähigkeit sagt es: „nach einem erfolgreichen Dribbeln"."""
    borrowed = use(0, 6, direction="forward", via="ball_playing_centre_back.silver")
    for biv_at, open_ in (("a4", True), ("a3", False)):
        # the silver central midfielder (no. 6, ball on b3) dribbles into the emptied b4; the
        # ball-playing centre-back (no. 4) stands on a4 (his neighbour after the dribble) or on
        # a3 (his neighbour before it only)
        blue = lineup({6: "central_midfielder-6", 4: "ball_playing_centre_back-2-4"})
        s = arrange(xnew(blue), {"b4": "", biv_at: "B4"}, cards=("D2l", "D1l"))
        s, events = play(arrange(s, {}, ball="b3", attacker=0, phase="defender_move"), "skip")
        assert event(events, "dribble_won").data["to"] == "b4"
        if open_:
            assert borrowed in offered(s)
            s, events = play(s, borrowed)
            assert ball_at(s) == "b5:B6" and code(0, 6) in s.x.gold
            assert code(0, 4) not in s.x.gold  # the lender's card stays
        else:
            refused(s, borrowed)


# ---------------------------------------------------------------- HALBFELDSPIELER (SILBER/GOLD)

HALF_SPACE = "half_space_player-8-10"  # silver: diagonal move after a completed short pass


def test_FAQ_half_space_player_not_in_a_scoring_opportunity():
    """F: (Silber/Gold) Darf ich die Fähigkeit bei einer Torchance einsetzen (und auf die andere
    Seite umdrehen)? A: Nein."""
    diagonal = use(0, 8, direction="diagonal_forward")
    # open play: blue no. 6 passes from b3 to no. 10 on a4; no. 8 (b5) may move diagonally
    s = xnew(lineup({8: HALF_SPACE}))
    s = arrange(s, {"a4": "B10"}, cards=("S4l", "S1r"), ball="b3", phase="defender_move")
    s, events = play(arrange(s, {}, attacker=0), "skip")
    assert event(events, "pass_completed").data["receiver"] == 10
    assert diagonal in offered(s)
    # a scoring opportunity: no. 9 (b6) passes to no. 11 (c5); no. 8 on b5 may not
    s = xnew(lineup({8: HALF_SPACE}))
    s = arrange(s, {"b6": "B9"}, ball="b6", attacker=0, phase="chance_play_cards")
    s, events = play(s, "S1r/S4l", "skip", "skip", "p11")
    assert event(events, "pass_completed").data["chance"] is True
    refused(s, diagonal)
    assert code(0, 8) not in s.x.gold


def test_FAQ_half_space_player_not_at_a_long_shot():
    """F: (Silber/Gold) Darf ich die Fähigkeit beim Weitschuss einsetzen (und auf die andere
    Seite umdrehen)? A: Nein."""
    # the half-space player (no. 8) shoots from b4, the third line before red's goal
    s = xnew(lineup({8: HALF_SPACE}), match_events=["long_shot"])
    s = arrange(s, {"b4": "B8"}, cards=("S3l", "S1l"), phase="attacker_move", ball="b4")
    assert uses_of(s, 8) == []
    s, events = play(s, "shot S3 R1")
    assert "long_shot" in kinds(events) and "ability_used" not in kinds(events)
    assert event(events, "shot").data["power"] == 3 + 3  # no modifier of any ability
    assert uses_of(s, 8) == [] and code(0, 8) not in s.x.gold


# ---------------------------------------------------------------- FLÜGELSTÜRMER (SILBER/GOLD)


def test_FAQ_winger_modifier_ends_with_the_scoring_opportunity():
    """F: Bleibt die Fähigkeit „aktiv", nachdem der Torhüter einen Schuss pariert oder die
    Torchance zu einem Freistoß oder zu einem Eckball führt? A: Nein. Die Torchance ist dann
    bereits beendet ... Der Einsatz der Fähigkeit ist aufgebraucht."""
    # the winger (no. 9) on c5 announces his silver; no. 11 shoots from b6 and is parried back
    # to himself: a new scoring opportunity begins
    s = xnew(lineup({9: "winger-9-11"}))
    s = arrange(s, {"b6": "B11", "c5": "B9"}, ball="b6", attacker=0, phase="chance_play_cards")
    s, _ = play(s, "D4r/S1l", use(0, 9))
    assert [a[1] for a in s.x.armed] == ["winger.silver"]
    s, _ = play(s, "skip", "skip", "shot D4 R2")
    assert s.x.armed == ()  # the shot ends the opportunity
    s, events = play(s, "draw S4l S4r")
    assert "parry" in kinds(events) and s.phase == P.SO_PLAY_CARDS
    assert s.x.armed == () and code(0, 9) not in s.x.gold  # not active in the new one


# ---------------------------------------------------------------- HÄNGENDE SPITZE (SILBER)


def test_FAQ_second_striker_passes_on_a_ball_he_has_just_received():
    """F: Muss ich den Ball auch dann abspielen, wenn ich den Ball während dieser Spielrunde
    soeben bekommen habe? A: Ja."""
    # the second striker (no. 10, a5) takes the ball from no. 8 (b5); the round's pass is then
    # played by him (here the step-2 sideways pass back to b5)
    s = xnew(lineup({10: "second_striker-10-11"}))
    s = arrange(s, {}, cards=("S2l", "S1r"), ball="b5", attacker=0, phase="attacker_move")
    s, _ = play(s, use(0, 10))
    assert ball_at(s) == "a5:B10"
    s, events = play(s, "skip", "skip")
    passes = ("ball_passed_sideways", "pass_completed", "pass_intercepted")
    passed = [e for e in events if e.kind in passes]
    assert passed and passed[0].data["passer"] == 10


# ---------------------------------------------------------------- FALSCHE 9 (SILBER)


def test_FAQ_false_nine_already_on_the_last_line_does_not_count():
    """F: Beim Torschuss mit einer Dribbling-Aktionskarte befinde ich mich bereits vor dem
    Einsatz in der letzten Reihe. Darf ich auf Gold umdrehen? A: Nein – die Fähigkeit gilt als
    nicht eingesetzt."""
    step = use(0, 9, direction="forward")
    s = xnew(lineup({9: "false_nine-9"}))  # no. 9 on d5, the line before red's goal
    s = arrange(s, {"b5": "B9"}, cards=("D2l", "S1r"), ball="b5", attacker=0)
    s = arrange(s, {}, phase="attacker_move")
    assert step in offered(s)
    # in a scoring opportunity on the last line with a dribbling card: nothing to use
    s = xnew(lineup({9: "false_nine-9"}))
    s = arrange(s, {"b6": "B9"}, ball="b6", attacker=0, phase="chance_play_cards")
    s, _ = play(s, "D3r/S1l")
    assert s.phase == P.SO_ATTACKER_MOVE
    refused(s, step)
    assert code(0, 9) not in s.x.gold


# ---------------------------------------------------------------- MITTELSTÜRMER (SILBER/GOLD)


def test_FAQ_centre_forward_gold_only_after_silver():
    """F: Darf ich beide Fähigkeiten eine nach der anderen benutzen? A: Ja, aber nur die goldene
    nach der silbernen und nicht umgekehrt. (Only the second half is reachable in our
    reconstruction: docs/rules/hat-trick.md HX-A.15.)"""
    cf = code(0, 9)
    s = xnew(lineup({9: "centre_forward-9"}, gold=(9,)))  # gold, no silver use this round
    s = arrange(s, {"b5": "B9"}, cards=("L2l", "S1r"), ball="c3", attacker=0)
    s = arrange(s, {}, phase="attacker_move")
    refused(s, use(0, 9))
    # with his silver used this round, the gold is open
    s = s._replace(x=s.x._replace(uses=((cf, "centre_forward.silver"),)))
    assert use(0, 9) in offered(s)
