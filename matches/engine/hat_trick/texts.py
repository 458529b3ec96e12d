"""What a player reads: one sentence per error code and per step hint (see ``engine/i18n.py``).

Placeholders are keys of the error's ``details``: ``side`` (a team), ``player`` (a shirt
number), ``players`` / ``allowed`` (lists of numbers), ``card`` (an action card), ``kind`` (an
action card's kind), ``edge`` / ``card_edge`` (left or right), ``step`` (a step, told by its
hint), ``event`` (an optional match event), ``style`` / ``played`` (a style).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matches.engine.i18n import N_

ERRORS: dict[str, str] = {
    "game_over": N_("The match is over: no more moves can be logged."),
    "wrong_step": N_("That is not possible now. {step}"),
    # HT-1: cards
    "card_not_in_edition": N_("The action cards of this edition hold no card “{card}”."),
    "card_not_available": N_(
        "{side} cannot reveal “{card}”: every such card of the deck has already been played."
    ),
    "not_in_hand": N_("{side} has no card in hand."),
    "deck_empty": N_("{side} has no card left to draw."),
    # HT-2: moving
    "no_such_player": N_("Player no. {player} of {side} is not on the pitch."),
    "sideways_move": N_("A player moves one field forward or backward, never sideways."),
    "off_pitch": N_("No. {player} would leave the pitch."),
    "wrong_edge": N_(
        "No. {player} has his footballs on the {edge} edge, the action card played shows them "
        "on the {card_edge}: only players with their footballs on the card's edge may move."
    ),
    "cannot_move_ball_holder": N_(
        "The player with the ball stays where he is: he cannot be moved, nor pushed by a team-mate."
    ),
    "defender_moves_ball_holder": N_(
        "The defending team cannot change the position of the player with the ball."
    ),
    "cannot_move_just_moved": N_(
        "The player who has just moved cannot be moved again or pushed away."
    ),
    "wrong_receiver@HT-2.6": N_("The ball goes to one of the nearest team-mates: no. {players}."),
    "wrong_receiver@HT-5.3": N_(
        "In a scoring opportunity a short pass goes to a team-mate right next to the ball holder."
    ),
    "wrong_receiver@HT-5.4": N_(
        "In a scoring opportunity a long ball goes to a team-mate in the final three lines."
    ),
    # HT-3: the action
    "illegal_long_ball_line@HT-3B.1": N_(
        "A long ball goes one, two or three lines forward and stays on the pitch."
    ),
    "illegal_long_ball_line@HT-3B.2": N_(
        "The long ball must go to a line with one of your players in it: {allowed} lines forward."
    ),
    # HT-5, HT-6: scoring opportunity and shot
    "no_scoring_opportunity": N_(
        "A shot is taken only in a scoring opportunity, at a penalty or in a penalty shootout."
    ),
    "shot_before_action": N_(
        "Not yet: in a scoring opportunity the card's action comes first (or is refused), then "
        "the shot."
    ),
    "shot_out_of_range": N_("The ball holder is not in the final two lines: no shot from there."),
    "card_missing": N_("A shootout penalty is shot with the shooter's top action card: name it."),
    "unexpected_card": N_("Only a shootout penalty names an action card with the shot."),
    "unknown_shooting_card": N_("There is no such shooting card in this edition."),
    "wrong_shooting_card": N_(
        "The shooting card must have the colour of the {kind} that led to the shot."
    ),
    "wrong_goalkeeper_card": N_(
        "That is not one of the defending team's goalkeeper cards in play."
    ),
    "too_many_cards": N_("For this shot the goalkeeper may draw no more than {allowed} cards."),
    # expansion: abilities, ties, keepers
    "no_such_player@HX-A.2": N_("Player no. {player} of {side} is not on the pitch."),
    "no_ability": N_("The side of no. {player} that is face up has no ability."),
    "ability_blocked": N_("The ability of no. {player} is blocked this round."),
    "ability_limit": N_("No. {player} has already used two abilities this round."),
    "ability_already_announced": N_(
        "No. {player} has already announced this ability; it stays active until it is resolved."
    ),
    "ability_not_usable": N_("The ability of no. {player} cannot take effect at this moment."),
    "ability_without_effect": N_("This ability has no effect at this moment."),
    "choose_tied_player": N_(
        "Several players tie for the lowest number: first choose one of them (no. {players})."
    ),
    "not_a_tied_player": N_("Choose one of the tied players: no. {players}."),
    "no_tie": N_("No tie of lowest numbers waits for a choice now."),
    "abilities_first": N_(
        "A style card has already been played at this moment: abilities come before style "
        "cards, so log the ability first."
    ),
    "star_keeper_not_available": N_(
        "The star goalkeeper cards are not yours now: only a “+” save with a regular card earns "
        "them."
    ),
    # expansion: match events
    "match_event_off": N_("The optional match event “{event}” is not played in this match."),
    "long_shot_not_possible": N_(
        "A long shot is taken by the ball holder from the third line before the goal, in his "
        "team's step 2 before anyone moves."
    ),
    "counter_not_possible": N_(
        "A counter is run right after winning the ball, before the next cards, by the new ball "
        "holder onto an empty field or a team-mate's field in front of him."
    ),
    "protest_not_possible": N_(
        "Only the captain of the team just shown the yellow card may protest, and at once."
    ),
    "substitution_not_allowed": N_(
        "A substitution brings a bench card on for a player on the pitch whose shirt number it "
        "carries, between rounds (not in a scoring opportunity), at most three per team."
    ),
    # expansion: style cards
    "unknown_style_card": N_("There is no such style card in this edition."),
    "no_style_card": N_("Your team has no style yet: it holds no style card."),
    "no_style_card_left": N_("You hold no style card you could play."),
    "wrong_style": N_("Your team plays {style} style cards only."),
    "style_card_spent": N_("This style card has already been played."),
    "style_limit": N_("Each manager plays at most one style card per round."),
    "style_card_fresh": N_("A style card cannot be played in the round it was earned."),
    "style_order": N_(
        "A {played} style card has already been played at this moment: style cards take effect "
        "tactical, technical, physical, total, the attacker's first within a style; log them in "
        "that order."
    ),
    "style_not_usable": N_("This style card cannot take effect at this moment."),
    # malformed input: one sentence per cause (details.cause)
    "invalid_action:not_a_move": N_("This is not a Hat-Trick move."),
    "invalid_action:not_notation": N_("This line of the match record is not a Hat-Trick move."),
    "invalid_action:not_text": N_("A move of the match record is a line of text."),
    "invalid_action:empty": N_("The line is empty: it holds no move."),
    "invalid_action:shirt_number": N_("The move must name a player by his shirt number, 1 to 99."),
    "invalid_action:unexpected_part": N_("Part of the line does not belong to this kind of move."),
    "invalid_action:side_letter": N_("The move must name the team: blue or red."),
    "invalid_action:style_card_missing": N_("Name the style card the team plays."),
    "invalid_action:shot_cards": N_("A shot names the shooting card and the goalkeeper card."),
    "invalid_action:card_not_object": N_(
        "An action card is given by its kind, its footballs and its edge."
    ),
    "invalid_action:card_unknown_field": N_(
        "An action card has nothing but a kind, footballs and an edge."
    ),
    "invalid_action:card_incomplete": N_(
        "The action card lacks its kind, its footballs or its edge."
    ),
    "invalid_action:card_kind": N_("An action card is a short pass, a long ball or a dribbling."),
    "invalid_action:card_footballs": N_(
        "An action card shows a whole number of footballs, 1 to 9."
    ),
    "invalid_action:card_edge": N_(
        "An action card shows its footballs on the left or on the right edge."
    ),
    "invalid_action:card_code": N_(
        "That is not an action card: name its kind, its footballs and its edge."
    ),
    "invalid_action:not_a_number": N_("“{field}” must be a whole number from {low} to {high}."),
    "invalid_action:side": N_("The move must name one of the two teams."),
    "invalid_action:card_id": N_("“{field}” must name a card."),
    "invalid_action:not_an_object": N_("A move is an object that names its kind."),
    "invalid_action:unknown_type": N_("Hat-Trick has no such kind of move."),
    "invalid_action:unknown_field": N_(
        "The move carries a detail this kind of move does not take."
    ),
    "invalid_action:missing_field": N_("Missing in this move: “{field}”."),
    "invalid_action:two_cards": N_(
        "Both action cards are given together: the blue team's first, then the red team's."
    ),
    "invalid_action:direction": N_("A player moves one field forward or backward."),
    "invalid_action:free_kick_choice": N_(
        "At a free kick, say yes or no: does the team go to a scoring opportunity?"
    ),
    "invalid_action:drawn_cards": N_("The goalkeeper's draw lists the cards he has drawn."),
    "invalid_action:bench_card": N_("A substitution names the bench card that comes on."),
    "invalid_action:ability_direction": N_(
        "An ability moves a player forward, backward, diagonally forward or to the other wing."
    ),
    "invalid_action:not_a_state": N_("This is not the state of a Hat-Trick match."),
    "invalid_setup:option_per_side": N_("This match option takes one entry for each team."),
    "invalid_setup:option_on_off": N_("This match option is either on or off."),
    "invalid_setup:two_sides": N_("Hat-Trick is played by exactly two teams."),
    "invalid_setup:side_not_object": N_("{side}: a team is given with its name."),
    "invalid_setup:side_name": N_("{side} needs a name."),
    "invalid_setup:options_not_object": N_("The match options are given as an object."),
    "invalid_setup:unknown_option": N_("Hat-Trick has no such match option."),
    "invalid_setup:kickoff": N_("The kick-off goes to the blue or to the red team."),
    "invalid_setup:edition_malformed": N_("The edition's data is incomplete or malformed."),
    "invalid_setup:edition_two_sides": N_("The edition must describe two teams."),
    "invalid_setup:edition_player_cards": N_(
        "The edition must have 10 player cards for each team."
    ),
    "invalid_setup:edition_deck_twice": N_(
        "The edition's action card deck lists the same card twice."
    ),
    "invalid_setup:edition_layout_twice": N_(
        "The edition's kick-off layout puts two players on one field."
    ),
    "invalid_setup:edition_layout_count": N_(
        "The edition's kick-off layout must place 20 players."
    ),
    "invalid_setup:stars_and_national_team": N_(
        "{side}: choose star players or a national team, not both."
    ),
    "invalid_setup:unknown_national_team": N_("{side}: the edition has no such national team."),
    "invalid_setup:star_players": N_("{side}: the star players are named by their shirt numbers."),
    "invalid_setup:star_goalkeepers": N_("Star goalkeepers are chosen for each team: yes or no."),
    "invalid_setup:no_star_player": N_(
        "{side}: there is no player no. {players} to flip to his star side."
    ),
    "invalid_setup:match_events": N_(
        "The optional match events are long shot, corners, substitutions, captain and counter."
    ),
    "invalid_setup:ability_data": N_(
        "The edition describes an ability's effect in a way the rules do not know."
    ),
    "invalid_setup:match_events_without_lineup": N_(
        "The match events belong to the expansion: each team needs a lineup of the expansion's player cards."
    ),
    "invalid_setup:style_card_style": N_(
        "Each style card is tactical, technical, physical or total."
    ),
    "invalid_setup:style_card_effect": N_(
        "The edition describes a style card's effect in a way the rules do not know."
    ),
    "invalid_setup:style_card_condition": N_(
        "The edition describes a style card's condition in a way the rules do not know."
    ),
    "invalid_setup:style_card_conditions": N_(
        "The style cards of one style form one deck: they share one condition."
    ),
    "invalid_lineup:face_not_object": N_(
        "{side}: each side of a player card gives attack, defence and ability."
    ),
    "invalid_lineup:face_footballs": N_(
        "{side}: a player card's footballs for attack and defence are whole numbers from 0 to 9."
    ),
    "invalid_lineup:face_ability": N_(
        "{side}: a player card names an ability of the catalog, or none."
    ),
    "invalid_lineup:card_not_object": N_("{side}: each place of the lineup needs a player card."),
    "invalid_lineup:card_id": N_("{side}: each player card is in the lineup once."),
    "invalid_lineup:card_numbers": N_(
        "{side}: a player card carries one or two shirt numbers from 2 to 11, among them the number it plays under."
    ),
    "invalid_lineup:card_edge": N_(
        "{side}: a player card has its footballs on the left or on the right edge."
    ),
    "invalid_lineup:card_role": N_("{side}: a player card names its position in words."),
    "invalid_lineup:card_gold": N_(
        "{side}: a player card starts on its gold side or not: yes or no."
    ),
    "invalid_lineup:bench": N_("{side}: the bench holds up to 5 player cards."),
    "invalid_lineup:captain": N_(
        "{side}: the captain is one of the players with shirt numbers 2 to 11."
    ),
    "invalid_lineup:not_object": N_(
        "{side}: the lineup gives a player card for each shirt number."
    ),
    "invalid_lineup:slots": N_(
        "{side}: the lineup fills each shirt number from 2 to 11 exactly once."
    ),
    "invalid_lineup:star_keeper": N_("{side}: the star goalkeeper is chosen or not: yes or no."),
    "invalid_lineup:style": N_(
        "{side}: the team's style is tactical, technical, physical, total or none."
    ),
}

#: Step → what may be done now, with every restriction that applies at that step.
HINTS: dict[str, str] = {
    "play_cards": N_("Step 1: both managers play an action card, draw back up to 3 and reveal."),
    "attacker_move": N_(
        "Step 2: the team with the ball may move one player one field forward or backward, "
        "only a player with his footballs on the edge of its action card; not the ball holder."
    ),
    "sideways_pass": N_(
        "Step 2: two team-mates are equally near the ball holder; choose who gets the pass."
    ),
    "defender_move": N_(
        "Step 2: the defending team may move one player one field forward or backward, only a "
        "player with his footballs on the edge of its action card; it may not change the ball "
        "holder's position."
    ),
    "long_ball_line": N_(
        "Step 3: choose how many lines forward the long ball goes (1 to 3, a line with one of "
        "your players in it if there is one)."
    ),
    "free_kick_defender_move": N_(
        "Free kick: the defending team may move one player first (any edge; not the ball holder)."
    ),
    "free_kick_attacker_move": N_(
        "Free kick: the team with the ball may move one player (any edge; not the ball holder, "
        "not the defender who has just moved)."
    ),
    "free_kick_choice": N_("Free kick: go to a scoring opportunity, or play on."),
    "chance_play_cards": N_(
        "Scoring opportunity: both managers play an action card and reveal; nobody draws."
    ),
    "chance_attacker_move": N_(
        "Scoring opportunity: the attacking team may move one player, only a player with his "
        "footballs on the edge of its action card; not the ball holder."
    ),
    "chance_sideways_pass": N_(
        "Scoring opportunity: two team-mates are equally near the ball holder; choose who gets "
        "the pass."
    ),
    "chance_defender_move": N_(
        "Scoring opportunity: the defending team may move one player, only a player with his "
        "footballs on the edge of its action card, and may swap with the ball holder."
    ),
    "chance_action": N_(
        "Scoring opportunity: play the card's pass (short pass: to a team-mate right next to "
        "the ball holder; long ball: to a team-mate in the final three lines), or refuse."
    ),
    "chance_shot": N_(
        "Scoring opportunity: shoot with a shooting card of the action card's colour against a "
        "goalkeeper card, or refuse and look for a better chance."
    ),
    "penalty": N_(
        "Penalty: the attacker plays a shooting card of the colour of the action card that led "
        "to the foul, the defending manager a goalkeeper card; the goalkeeper draws one card "
        "fewer than for a normal shot from there."
    ),
    "keeper_draw": N_(
        "Save attempt: the goalkeeper's manager draws cards, up to the number his goalkeeper "
        "card gives; he may stop at any time."
    ),
    "goal_kick_attacker_move": N_(
        "Goalkeeper's kick: the goalkeeper's team may move one player (any edge)."
    ),
    "goal_kick_defender_move": N_(
        "Goalkeeper's kick: the other team may move one player (any edge; not the player who "
        "has just moved)."
    ),
    "goal_kick": N_(
        "Goalkeeper's kick: the goalkeeper's manager plays an action card face up and draws one; "
        "the ball goes to the lowest number in the first line (dribbling), the second line "
        "(short pass) or the third line (long ball), counted from his goal."
    ),
    "extra_time_kickoff": N_("Extra time: say which team kicks off (drawn at random)."),
    "shootout": N_(
        "Penalty shootout: turn up the top action card, then play a shooting card of its colour "
        "and a goalkeeper card."
    ),
    "match_over": N_("The match is over."),
    "tie": N_(
        "Lowest number: several players tie; their manager chooses one of them (no. {players})."
    ),
}


def hint(legal: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The hint's template key and parameters for what ``legal_actions`` gives."""
    for entry in legal.get("actions", ()):
        if entry.get("type") == "choose":
            return "tie", {"players": entry["players"]}
    return legal["step"], {}


#: Hint key → the clauses that govern that step (the state answer's quick reference).
STEP_CLAUSES: dict[str, tuple[str, ...]] = {
    "play_cards": ("HT-1.1", "HT-1.2", "HT-1.4"),
    "attacker_move": ("HT-2.1", "HT-2.2", "HT-2.4", "HT-2.9"),
    "sideways_pass": ("HT-2.5", "HT-2.6"),
    "defender_move": ("HT-2.1", "HT-2.2", "HT-2.8", "HT-2.9"),
    "long_ball_line": ("HT-3B.1", "HT-3B.2"),
    "free_kick_defender_move": ("HT-4.4",),
    "free_kick_attacker_move": ("HT-4.4",),
    "free_kick_choice": ("HT-4.5",),
    "chance_play_cards": ("HT-5.1",),
    "chance_attacker_move": ("HT-5.2", "HT-2.1", "HT-2.4"),
    "chance_sideways_pass": ("HT-2.6",),
    "chance_defender_move": ("HT-5.2", "HT-2.1"),
    "chance_action": ("HT-5.3", "HT-5.4", "HT-5.7"),
    "chance_shot": ("HT-5.6", "HT-5.7", "HT-6.1", "HT-6.2"),
    "penalty": ("HT-4.6", "HT-4.7", "HT-6.1", "HT-6.2"),
    "keeper_draw": ("HT-6.4", "HT-6.5", "HT-6.6"),
    "goal_kick_attacker_move": ("HT-7.1",),
    "goal_kick_defender_move": ("HT-7.1",),
    "goal_kick": ("HT-7.2", "HT-7.3"),
    "extra_time_kickoff": ("HT-8.4",),
    "shootout": ("HT-8.5",),
    "match_over": ("HT-0.5",),
    "tie": ("HX-N.2", "HX-N.4"),
}

#: Step → its short name, for the picture's caption.
STEP_NAMES: dict[str, str] = {
    "play_cards": N_("Step 1: action cards"),
    "attacker_move": N_("Step 2: the attacking team moves"),
    "sideways_pass": N_("Step 2: choose the sideways pass"),
    "defender_move": N_("Step 2: the defending team moves"),
    "long_ball_line": N_("Step 3: long ball, choose the line"),
    "free_kick_defender_move": N_("Free kick: the defending team moves"),
    "free_kick_attacker_move": N_("Free kick: the attacking team moves"),
    "free_kick_choice": N_("Free kick: scoring opportunity or play on"),
    "chance_play_cards": N_("Scoring opportunity: action cards"),
    "chance_attacker_move": N_("Scoring opportunity: the attacking team moves"),
    "chance_sideways_pass": N_("Scoring opportunity: choose the sideways pass"),
    "chance_defender_move": N_("Scoring opportunity: the defending team moves"),
    "chance_action": N_("Scoring opportunity: the pass"),
    "chance_shot": N_("Scoring opportunity: the shot"),
    "penalty": N_("Penalty"),
    "keeper_draw": N_("Save attempt"),
    "goal_kick_attacker_move": N_("Goalkeeper's kick: the goalkeeper's team moves"),
    "goal_kick_defender_move": N_("Goalkeeper's kick: the other team moves"),
    "goal_kick": N_("Goalkeeper's kick"),
    "extra_time_kickoff": N_("Extra time: kick-off"),
    "shootout": N_("Penalty shootout"),
    "match_over": N_("Match over"),
}

#: Event kind → what a player reads in the match log (placeholders: ``side`` and the data).
EFFECTS: dict[str, str] = {
    "card_revealed": N_("{side} reveals “{card}”."),
    "player_moved": N_("{side} moves a player."),
    "move_skipped": N_("{side} does not move."),
    "ball_passed_sideways": N_("{side}: no. {passer} passes sideways to no. {receiver}."),
    "pass_completed": N_("{side}: the {pass_type} gets through."),
    "pass_intercepted": N_("{side}: the short pass is intercepted ({attack} against {defence})."),
    "long_ball_completed": N_("{side}: the long ball gets through."),
    "long_ball_intercepted": N_(
        "{side}: the long ball is intercepted ({attack} against {defence})."
    ),
    "dribble_won": N_("{side}: the dribbling succeeds."),
    "dribble_lost": N_("{side}: the dribbling fails."),
    "foul": N_("Foul on {fouled_side}: the defender no. {fouler} fouls."),
    "yellow_card": N_("Yellow card for {side} (no. {player})."),
    "red_card": N_("Red card: no. {player} of {side} is sent off."),
    "free_kick": N_("Free kick for {side}."),
    "penalty": N_("Penalty for {side}."),
    "scoring_opportunity": N_("Scoring opportunity for {side}."),
    "chance_refused": N_("{side} refuses and looks for a better chance."),
    "chance_round_ended": N_("The round of the scoring opportunity ends."),
    "chance_ran_out": N_("{side} has no cards left for the scoring opportunity."),
    "shot": N_("{side} shoots with power {power}."),
    "long_shot": N_("{side} tries a long shot."),
    "goal": N_("Goal for {side}!"),
    "save": N_("Saved."),
    "parry": N_("Parried."),
    "goal_kick": N_("Goalkeeper's kick for {side}."),
    "corner": N_("Corner for {side}."),
    "kick_off": N_("Kick-off: {side}."),
    "half_ended": N_("End of half {half}."),
    "match_ended": N_("The match is over."),
    "deck_ran_out": N_("{side} has no cards left in the deck."),
    "temporary_deck": N_("{side} plays on with a temporary deck of its discards."),
    "shootout_started": N_("Penalty shootout."),
    "lowest_number_tie": N_("Several players tie for the lowest number: {side} chooses."),
    "tie_decided": N_("{side} chooses no. {player}."),
    "ability_announced": N_("{side}: no. {player} announces his ability."),
    "ability_used": N_("{side}: no. {player} uses his ability."),
    "keeper_promoted": N_("{side}: the goalkeeper moves up to the star cards."),
    "keeper_demoted": N_("{side}: the goalkeeper falls back to the regular cards."),
    "style_card_earned": N_("{side} earns a style card."),
    "style_card_played": N_("{side} plays a style card."),
    "style_card_effect": N_("{side}: the style card takes effect."),
    "style_cards_refilled": N_("The style cards are refilled."),
    "substitution": N_("{side} substitutes a player."),
    "protest_upheld": N_("{side}: the captain's protest is upheld."),
    "protest_rejected": N_("{side}: the captain's protest is rejected."),
    "counter": N_("{side} counters: no. {player} runs forward."),
}

#: The parts of a move or a set-up (the keys of their JSON) in words, for ``{field}``.
PARTS: dict[str, str] = {
    "type": N_("Kind of move"),
    "cards": N_("Action cards"),
    "card": N_("Card"),
    "player": N_("Shirt number"),
    "direction": N_("Direction"),
    "receiver": N_("Receiver"),
    "lines": N_("Lines"),
    "scoring_opportunity": N_("Scoring opportunity"),
    "shooting_card": N_("Shooting card"),
    "goalkeeper_card": N_("Goalkeeper card"),
    "side": N_("Team"),
    "target": N_("Target player"),
    "via": N_("Borrowed ability"),
}
