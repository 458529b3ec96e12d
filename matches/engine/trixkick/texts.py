"""What a player reads: one sentence per error code and per step hint (see ``engine/i18n.py``).

Placeholders are keys of the error's ``details``: ``side`` (a team), ``piece`` / ``partner`` /
``out`` / ``into`` (a piece, told by its symbols as the rulebook does: "KKL"), ``symbol`` (head,
left foot, right foot), ``field`` / ``origin`` / ``to`` (a field of the board, "C3"),
``fields`` (several), ``count`` / ``reach`` (numbers), ``step`` (what the team is to do now).
"""

from __future__ import annotations

from matches.engine.i18n import N_

ERRORS: dict[str, str] = {
    "game_over": N_("The match is over: no more moves can be logged."),
    "not_now": N_("That is not possible now: {side} is to {step}."),
    "not_timed": N_("This match is played to a number of goals, not on time."),
    "unknown_piece": N_("There is no piece {piece} in this match."),
    "not_your_piece": N_("{piece} is not one of your pieces."),
    "not_your_piece@TK-3": N_("It is {side}'s turn, and {piece} belongs to the other team."),
    "not_your_piece@TK-14": N_("You can only substitute your own pieces."),
    "not_on_board": N_("{piece} is not on the board."),
    # TK-2 set-up
    "piece_not_in_hand": N_("{piece} is already set up."),
    "piece_sent_off": N_("{piece} has been sent off and takes no further part in the match."),
    "piece_substituted": N_("{piece} has been substituted and does not come back."),
    "piece_on_bench": N_(
        "{piece} is a substitute on the bench: it comes on only by a substitution."
    ),
    "field_full": N_("{field} already holds two of your pieces: at most two per team on a field."),
    "kickoff_field_taken": N_("You already have a kick-off piece on {field}."),
    "not_own_half": N_("At a kick-off each team sets up in its own half only."),
    "kickoff_piece_missing": N_("The kicking-off team must put one piece on C2 and one on C3."),
    "protected_field": N_(
        "The opponents of the kicking team may not stand on {field} at this set-up."
    ),
    "one_taker_only": N_("Only one of your pieces may stand where the ball is kicked from."),
    "taker_missing": N_("One of your pieces must stand on {fields} to take the kick."),
    "not_your_turn": N_("It is the other team's turn to set up its keepers."),
    "keeper_count": N_("Set up {count} keepers, one in each corner of the goal."),
    # TK-3 moves
    "kick_first": N_(
        "The kick-off or set piece opens the move: play the ball first, before any run."
    ),
    "must_move@TK-3.1": N_(
        "An attacking move plays the ball or runs a piece (one of the two may be skipped, not "
        "both)."
    ),
    "must_move@TK-3.2": N_("The defending team must run one piece while it can."),
    "already_played": N_("You have already played the ball in this move."),
    "already_ran": N_("You have already run a piece in this move."),
    # TK-4 playing the ball
    "ball_loose": N_(
        "The ball lies loose on {field}: a piece must first receive it (symbol: {symbol})."
    ),
    "not_holder": N_("{piece} does not have the ball: it is not on the ball's field."),
    "not_the_winner": N_(
        "{piece} did not win the ball: the piece that was drawn into the field and won it plays "
        "it on ({pieces})."
    ),
    "holder_lacks_symbol": N_(
        "The ball was received with {symbol}: only a piece on its field that shows {symbol} may "
        "play it on, and {piece} does not."
    ),
    "symbol_missing": N_("{piece} shows no {symbol} to play the ball with."),
    "symbol_must_change@TK-4.2": N_(
        "You may not play on with {symbol}: the ball was received with it, and the symbol "
        "changes between receiving and playing on."
    ),
    "symbol_must_change@TK-7.4": N_(
        "You may not play on with {symbol}: the ball was won with it. Play on with another symbol."
    ),
    "symbol_must_change@TK-12.3": N_(
        "You may not play on with {symbol}: the foul was decided with it. Take the free kick "
        "with another symbol."
    ),
    "out_of_range": N_(
        "With {count} × {symbol} the ball cannot go from {origin} to {to}: up to two fields only "
        "in a straight line, three also in an L."
    ),
    "out_of_range@TK-10": N_(
        "At a corner the corner flag counts as the first field: with {count} × {symbol} the ball "
        "cannot reach {to} from the flag."
    ),
    "kickoff_pass": N_(
        "The kick-off goes from the piece on C2 to a piece on C3 (or back) that shows the same "
        "symbol."
    ),
    "goal_kick_in_area": N_("A goal kick must be played out of the penalty area."),
    "second_touch": N_(
        "The taker of a corner or goal kick may not play the ball again before another piece has."
    ),
    # TK-5 runs
    "out_of_reach": N_(
        "{piece} cannot run to {to}: one field in a straight line, two with two identical "
        "symbols, three with three."
    ),
    # TK-8, TK-9 shots
    "not_in_shooting_zone": N_(
        "Shots are taken only from the opponents' penalty area or their second row."
    ),
    "shot_too_weak": N_("From the second row a shot needs two {symbol}; {piece} shows {count}."),
    "no_keeper_there": N_("With two keepers only the left or the right corner can be shot at."),
    "far_corner_needs_three": N_(
        "From an outer field of the second row the far corner needs three symbols."
    ),
    "rebound_field": N_("The rebounding ball goes onto one of your own second-row fields."),
    # TK-12 fouls
    "not_a_fouler": N_("Only a piece of the fouling team on the foul's field can get the card."),
    # TK-14 substitutions
    "substitutions_off": N_("Substitutions are not played in this match."),
    "no_substitution_now": N_(
        "Substitutions happen at a new set-up; before the first kick-off pick your pieces instead."
    ),
    "cannot_come_off": N_("{piece} is not a piece of yours waiting to be set up."),
    "not_on_bench": N_(
        "{piece} is not a substitute on your bench (a substituted piece does not come back)."
    ),
    "no_substitutions_left": N_("You have used all three substitutions."),
    "one_triple_only": N_("Only one substitute with three identical symbols may come on."),
    "symbols_differ": N_("{into} must show the same kinds of symbols as {out}."),
    # TK-15 double pass, TK-16 castling (Rochade)
    "double_pass_off": N_("The double pass is not played in this match."),
    "set_piece_kick": N_("A kick-off or set piece cannot be taken as a double pass."),
    "partner_not_diagonal": N_(
        "The double pass goes to a team-mate on a diagonally neighbouring field."
    ),
    "partner_cannot_receive": N_("{partner} shows no {symbol} to receive the first pass."),
    "partner_symbol_missing": N_("{partner} shows no {symbol} to play the ball back."),
    "return_not_diagonal": N_("The ball comes back one field diagonally from the partner."),
    "cannot_take_back": N_("{piece} shows no {symbol} to take the ball back."),
    "castle_defence_only": N_(
        "Castling is a defending move: only the defending team may swap two pieces."
    ),
    "castling_off": N_("Castling is not played in this match."),
    "not_adjacent": N_("Castling swaps two pieces on neighbouring fields."),
    "ball_in_field": N_("No castling with a piece on the ball's field."),
    # malformed input and set-ups: one sentence per cause (details.cause)
    "invalid_action:not_a_move": N_("This is not a TriXKick move."),
    "invalid_action:not_notation": N_("This line of the match record is not a TriXKick move."),
    "invalid_action:not_text": N_("A move of the match record is a line of text."),
    "invalid_action:not_an_object": N_("A move is an object that names its kind."),
    "invalid_action:unknown_type": N_("TriXKick has no such kind of move."),
    "invalid_action:unknown_field": N_(
        "The move carries a detail this kind of move does not take."
    ),
    "invalid_action:missing_field": N_("Missing in this move: “{field}”."),
    "invalid_action:piece": N_(
        "“{field}” must name one of the pieces by its team and its symbols."
    ),
    "invalid_action:board_field": N_("“{field}” must name a field of the board."),
    "invalid_action:symbol": N_("“{field}” must be head, left foot or right foot."),
    "invalid_action:goal_target": N_(
        "“{field}” must be the left, the middle or the right part of the goal."
    ),
    "invalid_action:corner": N_("“{field}” must be the left or the right corner."),
    "invalid_action:side": N_("“{field}” must be one of the two teams."),
    "invalid_action:keeper_order": N_(
        "“{field}” lists the goalkeepers' symbols from left to right, each once."
    ),
    "invalid_sides:two_sides": N_("TriXKick is played by exactly two teams."),
    "invalid_sides:side_not_object": N_(
        "{side}: a team is given with its name and, if you like, its pieces."
    ),
    "invalid_sides:unknown_side_key": N_("{side}: a team has nothing but a name and its pieces."),
    "invalid_sides:side_name": N_("{side} needs a name."),
    "invalid_state": N_("This is not the state of a TriXKick match."),
    "invalid_edition": N_("The edition's data must be an object."),
    "invalid_pieces:unknown_key": N_(
        "A team's pieces are its field pieces and its substitutes, nothing else."
    ),
    "invalid_pieces:not_object": N_(
        "A team's pieces are given as its field pieces and its substitutes."
    ),
    "invalid_pieces:symbol_list": N_("“{group}” must list pieces by their symbols."),
    "invalid_pieces:piece_count": N_("“{group}”: between {minimum} and {maximum} pieces."),
    "invalid_pieces:not_a_piece": N_(
        "“{group}”: a piece carries two to four symbols: head, left foot, right foot."
    ),
    "invalid_pieces:piece_twice": N_("“{group}” holds the same piece twice."),
    "invalid_pieces:field_and_substitute": N_(
        "A piece cannot be both a field piece and a substitute."
    ),
    "invalid_option:match_length": N_("The match length is a number of goals or a playing time."),
    "invalid_option:goals_only": N_(
        "A match played to a number of goals takes nothing but that number."
    ),
    "invalid_option:goals": N_("The number of goals is a whole number from 1 to 99."),
    "invalid_option:time_only": N_(
        "A match played on time takes nothing but its periods and their minutes."
    ),
    "invalid_option:periods": N_("The number of periods is a whole number from 1 to {high}."),
    "invalid_option:minutes": N_("The minutes of a period are a whole number from 1 to {high}."),
    "invalid_option:match_length_kind": N_("A match is played to a number of goals or on time."),
    "invalid_option:not_object": N_("The match options are given as an object."),
    "invalid_option:unknown_option": N_("TriXKick has no such match option."),
    "invalid_option:on_off": N_("This match option is either on or off."),
    "invalid_option:kickoff_side": N_(
        "The kick-off goes to the team that won the coin toss: one of the two teams."
    ),
    "invalid_option@TK-18.2": N_(
        "The reserve goalkeeper's support belongs to the variant with two goalkeepers: switch that on too."
    ),
}

#: What the team to move does at each step (``not_now`` names it).
STEPS: dict[str, str] = {
    "place": N_("set up a piece"),
    "keepers": N_("set up its keepers"),
    "attack": N_("make the attacking move"),
    "defend": N_("make the defending run"),
    "card": N_("pick the piece that gets the yellow card"),
    "corner_choice": N_("pick the corner"),
    "rebound": N_("set the rebounding ball on its second row"),
    "penalty": N_("take the penalty"),
}

HINTS: dict[str, str] = {
    "over": N_("The match is over."),
    "place/kickoff": N_(
        "{side} sets up a piece, in its own half only; the kicking-off team puts one piece on "
        "C2 and one on C3. At most two pieces of a team stand on a field."
    ),
    "place/corner": N_(
        "{side} sets up a piece for the corner: exactly one piece of the kicking team stands on "
        "the corner field {fields}, no opponent there. At most two pieces of a team stand on a "
        "field."
    ),
    "place/goal_kick": N_(
        "{side} sets up a piece for the goal kick: at least one piece of the keeper's team in "
        "its penalty area ({fields}), no opponent there. At most two pieces of a team stand on "
        "a field."
    ),
    "place/free_kick": N_(
        "{side} sets up a piece for the free kick, the fouled team first: exactly one piece of "
        "the fouled team on the foul's field {fields}, no opponent there. At most two pieces of "
        "a team stand on a field."
    ),
    "place/penalty": N_(
        "{side} sets up a piece for the penalty: only the taker stands in the penalty area "
        "({fields}). At most two pieces of a team stand on a field."
    ),
    "keepers": N_("{side} sets up its keepers face down: {count} keepers, one in each corner."),
    "attack/kickoff": N_(
        "{side} kicks off: a pass from the piece on C2 to a piece on C3 (or back) that shows "
        "the same symbol; then one run may follow."
    ),
    "attack/set_piece": N_(
        "{side} takes the kick from {field}: the ball is played first, then one run may follow."
    ),
    "attack/loose": N_(
        "{side} attacks: the ball lies loose on {field}; a piece of {side} must first receive "
        "it (symbol: {symbol}), running onto its field. One run and one ball play per move."
    ),
    "attack/won": N_(
        "{side} has won the ball with {symbol} and attacks: play the ball on with another "
        "symbol, and run one piece, in either order (one of the two may be skipped)."
    ),
    "attack": N_(
        "{side} attacks: play the ball on with another symbol than it was received with "
        "({symbol}), and run one piece, in either order (one of the two may be skipped)."
    ),
    "attack/free": N_(
        "{side} attacks: play the ball with any symbol, and run one piece, in either order "
        "(one of the two may be skipped)."
    ),
    "defend": N_(
        "{side} defends: run one piece (one field in a straight line, two with two identical "
        "symbols, three with three); it must run while it can."
    ),
    "defend/castling": N_(
        "{side} defends: run one piece (one field in a straight line, two with two identical "
        "symbols, three with three), or castle: swap two pieces on neighbouring fields, not on "
        "the ball's field."
    ),
    "card": N_("{side} picks which of its pieces on the foul's field gets the yellow card."),
    "corner_choice": N_("{side} picks the corner the ball was parried into."),
    "rebound": N_("{side} sets the rebounding ball on one of its own second-row fields."),
    "penalty": N_(
        "{side} takes the penalty: a shot from the penalty area with any symbol but the foul's; "
        "announce the corner."
    ),
}


_PLAY = ("TK-3.1", "TK-4.1", "TK-4.2", "TK-4.4", "TK-8.1")
#: Hint key → the clauses that govern that step (the state answer's quick reference).
STEP_CLAUSES: dict[str, tuple[str, ...]] = {
    "over": ("TK-17",),
    "place/kickoff": ("TK-2.1", "TK-2.2", "TK-5.2"),
    "place/corner": ("TK-10", "TK-5.2"),
    "place/goal_kick": ("TK-11", "TK-5.2"),
    "place/free_kick": ("TK-12.3", "TK-5.2"),
    "place/penalty": ("TK-12.5", "TK-5.2"),
    "keepers": ("TK-2.3",),
    "attack/kickoff": ("TK-6", "TK-3.1"),
    "attack/set_piece": ("TK-3.1", "TK-4.4"),
    "attack/loose": ("TK-4.5", "TK-7.3", "TK-3.1"),
    "attack/won": ("TK-7.4", *_PLAY),
    "attack": _PLAY,
    "attack/free": _PLAY,
    "defend": ("TK-3.2", "TK-5.1", "TK-5.2", "TK-7.1"),
    "defend/castling": ("TK-3.2", "TK-5.1", "TK-16", "TK-7.1"),
    "card": ("TK-12.2",),
    "corner_choice": ("TK-8.5",),
    "rebound": ("TK-9",),
    "penalty": ("TK-12.5", "TK-8.1"),
}

#: Event kind → what a player reads in the match log (placeholders: ``side`` and the data).
EFFECTS: dict[str, str] = {
    "ball_played": N_("{side}: {piece} plays the ball with {symbol} to {to}."),
    "ball_received": N_("{side}: the ball is received on {field}."),
    "ball_won": N_("{side} wins the ball on {field}."),
    "loose_ball": N_("The ball lies loose on {field}."),
    "run": N_("{side}: {piece} runs to {to}."),
    "dribble": N_("{side}: {piece} dribbles."),
    "double_pass": N_("{side} plays a double pass."),
    "castling": N_("{side} castles."),
    "duel_won": N_("{side} wins the duel."),
    "duel_lost": N_("{side} loses the duel."),
    "foul": N_("Foul on {field}."),
    "yellow_card": N_("Yellow card for {piece}."),
    "red_card": N_("Red card: {piece} is sent off."),
    "free_kick": N_("Free kick on {field}."),
    "penalty": N_("Penalty."),
    "wall": N_("The ball sticks in the wall on {field}."),
    "offside": N_("Offside: {piece} on {field}."),
    "shot": N_("{side} shoots."),
    "goal": N_("Goal for {side}!"),
    "catch": N_("The keeper catches the ball."),
    "parry": N_("The keeper parries the ball."),
    "corner": N_("Corner kick on {field}."),
    "goal_kick": N_("Goal kick."),
    "counter": N_("Counter from {field}."),
    "substitution": N_("{side} substitutes {out} with {into}."),
    "period_ended": N_("End of period {period}."),
    "match_ended": N_("The match is over."),
}

#: The parts of a move or a set-up (the keys of their JSON) in words, for ``{field}``.
PARTS: dict[str, str] = {
    "type": N_("Kind of move"),
    "piece": N_("Piece"),
    "partner": N_("Double-pass partner"),
    "out": N_("Piece coming off"),
    "in": N_("Piece coming on"),
    "with": N_("Castling partner"),
    "to": N_("Target field"),
    "symbol": N_("Symbol"),
    "return_symbol": N_("Return symbol"),
    "target": N_("Part of the goal"),
    "side": N_("Team"),
    "order": N_("Goalkeepers' order"),
    "field_pieces": N_("Field pieces"),
    "substitutes": N_("Substitutes"),
}
