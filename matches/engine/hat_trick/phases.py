"""Names of the steps a match moves through (``State.phase``) and their plain-word hints."""

from matches.engine.hat_trick.texts import HINTS as STEP_HINTS

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

# Step → its hint, with every restriction that applies at that step (texts.py holds them).
HINTS = STEP_HINTS
