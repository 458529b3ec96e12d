"""What a player reads: one sentence per error code and per step hint (see ``engine/i18n.py``).

Placeholders are keys of the error's ``details``: ``side`` (a person at the table), ``card``
(a card, "red 10"), ``colour`` / ``colours`` (a colour, several), ``trick`` / ``game`` /
``round`` / ``expected`` / ``given`` / ``count`` / ``points`` (numbers), ``winners`` (people).
"""

from __future__ import annotations

from matches.engine.i18n import N_

ERRORS: dict[str, str] = {
    "game_over": N_("The match is over: no more cards are dealt or played."),
    "deal_required": N_("{side} must deal game {game} before anyone plays."),
    "deal_not_expected": N_(
        "Game {game} is still being played; the next deal comes after its last round."
    ),
    "hands_required": N_("This match logs every hand: give the cards of each hand."),
    "hands_not_logged": N_("This match does not log hands: deal without listing them."),
    "wrong_hand_count": N_("Give one hand for each of the {expected} players, not {given}."),
    "wrong_hand_size": N_(
        "Each player gets {expected} cards at this table; the hand of {side} has {given}."
    ),
    "card_dealt_twice": N_("The card {card} is dealt twice; every card is dealt once."),
    "card_not_in_deck": N_("There is no card {card} in this deck."),
    "card_already_played": N_("The card {card} has already been played or passed in this game."),
    "card_not_in_hand": N_("{side} does not hold the card {card}."),
    "third_colour": N_(
        "Two tricks lie ({colours}): the card {card} may go on neither, and no third trick may "
        "be opened; pass with it instead."
    ),
    "wrong_trick@AH-3.2": N_("The lead opens trick 1; there is no trick 2 yet."),
    "wrong_trick@AH-3.3": N_("Trick {trick} is {colour}: only {colour} cards go on it."),
    "wrong_trick@AH-3.4": N_(
        "A second trick must be of another colour than trick 1, which is {colour}."
    ),
    "pass_needs_two_tricks": N_("Passing is allowed only while two tricks lie on the table."),
    "pass_needs_third_colour": N_(
        "To pass, show a card of the colour that is not on the table; {colour} is on the table."
    ),
    # malformed input and set-ups: one sentence per cause (details.cause)
    "invalid_action:not_a_move": N_("This is not a move of the Hattrick card game."),
    "invalid_action:not_an_object": N_(
        "A move is an object that names its kind: deal, play or pass."
    ),
    "invalid_notation": N_("An empty line is not a move."),
    "invalid_trick": N_("A card goes on trick 1 or trick 2."),
    "invalid_card:number_range": N_(
        "The cards are numbered from {low} to {high}; there is no {number}."
    ),
    "invalid_card:not_text": N_("A card is named by its colour and its number."),
    "invalid_card:card_text": N_(
        "That is not a card: name its colour, red, blue or green, and its number."
    ),
    "invalid_card:card_shape": N_("A card is given by its colour and its number."),
    "invalid_card:colour_text": N_("A card's colour is red, blue or green, named in words."),
    "invalid_card:number_whole": N_("A card's number is a whole number."),
    "unknown_colour": N_("There are three colours: red, blue and green."),
    "missing_field": N_("Missing in this move: {fields}."),
    "unknown_field": N_("The move carries a detail this kind of move does not take."),
    "unknown_action_type": N_("A move is a deal, a play or a pass."),
    "invalid_hands": N_("A deal lists one hand of cards for each player."),
    "invalid_state": N_("This is not the state of a Hattrick match."),
    "invalid_edition:not_object": N_("The edition's data must be an object."),
    "invalid_edition:no_colours": N_("The edition must list its colours."),
    "invalid_edition:unknown_colour": N_("The edition's colours are red, blue and green."),
    "invalid_edition:colour_letter": N_(
        "The edition writes the colour {colour} with the wrong letter."
    ),
    "invalid_edition:three_colours": N_("Hattrick is played with exactly three different colours."),
    "invalid_edition:numbers": N_("The edition must give the lowest and the highest card number."),
    "invalid_edition:number_range": N_(
        "The card numbers lie between {low} and {high}, the lowest below the highest."
    ),
    "invalid_edition:hand_sizes": N_(
        "The edition must give the hand size for each number of players."
    ),
    "invalid_edition:players": N_(
        "The edition gives a hand size for something that is not a number of players."
    ),
    "invalid_edition:hand_size": N_(
        "The hand size for {players} players must be a whole number of at least 2."
    ),
    "invalid_edition:hand_size_total": N_(
        "All {count} cards are dealt: the hand size for {players} players does not add up to them."
    ),
    "invalid_edition@AH-2.1": N_("The edition gives no hand size for this number of players."),
    "invalid_options": N_("The match options are given as an object."),
    "unknown_option": N_(
        "The options are the number of games, the target score, the first dealer and the hands."
    ),
    "invalid_option@AH-6.2": N_("The target score is a whole number above 0."),
    "invalid_option@AH-6.1": N_("The number of games is a whole number above 0."),
    "invalid_option@AH-2.3": N_("The first dealer is one of the players at the table."),
    "invalid_option@AH-2.2": N_("The hands are logged always, never, or as the players like."),
    "invalid_sides:not_a_list": N_("The players are listed in their order at the table."),
    "invalid_sides:name": N_("{side} needs a name."),
    "wrong_player_count": N_(
        "Hattrick is played by {minimum} to {maximum} players, not {players}."
    ),
}

HINTS: dict[str, str] = {
    "over": N_("The match is over: {winners} won with {points} points."),
    "deal": N_("{side} deals game {game}: {count} cards to each player."),
    "lead": N_("{side} leads round {round} of game {game} with any card."),
    "one_trick": N_(
        "{side}: follow the {colour} trick with a {colour} card, or open a second trick with a "
        "card of another colour."
    ),
    "two_tricks": N_(
        "{side}: follow the {colour} or the {other} trick, or pass: show a {third} card and lay "
        "it face down (it scores −2). No third trick."
    ),
}


STEP_CLAUSES: dict[str, tuple[str, ...]] = {
    "over": ("AH-6.3",),
    "deal": ("AH-2.1", "AH-2.2"),
    "lead": ("AH-3.2", "AH-3.7"),
    "one_trick": ("AH-3.3", "AH-3.4", "AH-3.7"),
    "two_tricks": ("AH-3.3", "AH-3.5", "AH-3.6", "AH-3.7"),
}

#: Event kind → what a player reads in the match log (placeholders: ``side`` and the data).
EFFECTS: dict[str, str] = {
    "game_dealt": N_("{dealer} has dealt game {game}; {leader} leads."),
    "card_played": N_("{side} plays on trick {trick}."),
    "card_passed": N_("{side} passes."),
    "trick_won": N_("{side} wins trick {trick} with {high_card}: {count} cards in {colour}."),
    "round_ended": N_("Round {round} is over; {next_leader} leads the next."),
    "game_scored": N_("Game {game} is scored."),
    "match_ended": N_("The match is over: {winners} won."),
}

#: The parts of a move or a set-up (the keys of their JSON) in words, for ``{field}``.
PARTS: dict[str, str] = {
    "type": N_("the kind of move"),
    "card": N_("the card"),
    "colour": N_("the colour"),
    "number": N_("the number"),
}
