"""Names of the steps a match moves through (``State.phase``) and their plain-word hints."""

PLAY_CARDS = "play_cards"
ATTACKER_MOVE = "attacker_move"
SIDEWAYS_PASS = "sideways_pass"
DEFENDER_MOVE = "defender_move"
LONG_BALL_LINE = "long_ball_line"
FK_DEFENDER_MOVE = "free_kick_defender_move"
FK_ATTACKER_MOVE = "free_kick_attacker_move"
FK_CHOICE = "free_kick_choice"
SO_PLAY_CARDS = "chance_play_cards"
SO_ATTACKER_MOVE = "chance_attacker_move"
SO_SIDEWAYS_PASS = "chance_sideways_pass"
SO_DEFENDER_MOVE = "chance_defender_move"
SO_ACTION = "chance_action"
SO_SHOT = "chance_shot"
PENALTY = "penalty"
KEEPER_DRAW = "keeper_draw"
GK_ATTACKER_MOVE = "goal_kick_attacker_move"
GK_DEFENDER_MOVE = "goal_kick_defender_move"
GK_CARD = "goal_kick"
ET_KICKOFF = "extra_time_kickoff"
SHOOTOUT = "shootout"
OVER = "match_over"

MOVE_PHASES = frozenset(
    {
        ATTACKER_MOVE,
        DEFENDER_MOVE,
        SO_ATTACKER_MOVE,
        SO_DEFENDER_MOVE,
        FK_DEFENDER_MOVE,
        FK_ATTACKER_MOVE,
        GK_ATTACKER_MOVE,
        GK_DEFENDER_MOVE,
    }
)
CHANCE_PHASES = frozenset(
    {SO_PLAY_CARDS, SO_ATTACKER_MOVE, SO_SIDEWAYS_PASS, SO_DEFENDER_MOVE, SO_ACTION, SO_SHOT}
)

HINTS = {
    PLAY_CARDS: "Step 1: both managers play an action card, draw up to 3 and reveal.",
    ATTACKER_MOVE: "Step 2: the team with the ball may move one player (footballs on the card's edge).",
    SIDEWAYS_PASS: "Step 2: two team-mates are equally near; choose who gets the sideways pass.",
    DEFENDER_MOVE: "Step 2: the defending team may move one player (not onto the ball holder).",
    LONG_BALL_LINE: "Step 3: choose how many lines forward the long ball goes.",
    FK_DEFENDER_MOVE: "Free kick: the defending team may move one player (any edge).",
    FK_ATTACKER_MOVE: "Free kick: the team with the ball may move one player (any edge).",
    FK_CHOICE: "Free kick: go to a scoring opportunity, or play on.",
    SO_PLAY_CARDS: "Scoring opportunity: both managers play an action card (no drawing) and reveal.",
    SO_ATTACKER_MOVE: "Scoring opportunity: the attacking team may move one player.",
    SO_SIDEWAYS_PASS: "Scoring opportunity: choose who gets the sideways pass.",
    SO_DEFENDER_MOVE: "Scoring opportunity: the defending team may move one player, even onto the ball holder.",
    SO_ACTION: "Scoring opportunity: perform the card's pass, or refuse.",
    SO_SHOT: "Scoring opportunity: shoot on goal, or refuse and look for a better chance.",
    PENALTY: "Penalty: the attacker plays a shooting card, the keeper a goalkeeper card.",
    KEEPER_DRAW: "Save attempt: the goalkeeper's manager draws cards (he may stop at any time).",
    GK_ATTACKER_MOVE: "Goal kick: the goalkeeper's team may move one player (any edge).",
    GK_DEFENDER_MOVE: "Goal kick: the other team may move one player (any edge, not the one just moved).",
    GK_CARD: "Goal kick: the goalkeeper's manager plays an action card face up.",
    ET_KICKOFF: "Extra time: say which team kicks off (drawn at random).",
    SHOOTOUT: "Penalty shootout: turn up the top action card and play shooting and goalkeeper cards.",
    OVER: "The match is over.",
}
