"""The ``data`` of each Hat-Trick game event (effect), by ``kind``: what the stats jobs and the
phone's event texts read. Player numbers are shirt numbers; ``side`` is on the effect itself."""

from __future__ import annotations

from typing import Literal, NotRequired

from matches.engine.base import shape
from matches.engine.hat_trick.actions import ActionCardShape as ActionCard
from matches.engine.hat_trick.actions import CardId, CardKind, Player, Side
from matches.engine.hat_trick.protocol import Field

Number = int
Nobody = Player | None
DUEL = {"attack": Number, "defence": Number, "attack_card": Number, "defence_card": Number}
OPTIONAL_DUEL = {key: NotRequired[value] for key, value in DUEL.items()}
SHOT = {
    "shooter": Player,
    "power": Number,
    "keeper_total": Number,
    "cards_drawn": Number,
    "goalkeeper_card": CardId,
}
#: the player a moved player swapped places with (HX: an ability's or style card's swap)
SwappedWith = shape("SwappedWith", side=Side, player=Player)


Moved = shape(
    "PlayerMovedData",
    {
        "player": Player,
        "from": Field,
        "to": Field,
        "swapped_with": SwappedWith | None,
    },
)

EFFECTS: dict[str, type] = {
    "kick_off": shape("KickOffData", half=Number, player=Player),
    "half_ended": shape("HalfEndedData", half=Number, score=list[Number]),
    "match_ended": shape(
        "MatchEndedData",
        score=list[Number],
        winners=list[Side],
        termination=Literal["full_time", "extra_time", "penalty_shootout"],
    ),
    "shootout_started": shape("ShootoutStartedData", first=Side),
    "card_revealed": shape(
        "CardRevealedData", {"card": ActionCard, "from": Literal["hand", "pile"]}
    ),
    "player_moved": Moved,
    "move_skipped": shape("MoveSkippedData"),
    "ball_passed_sideways": shape(
        "BallPassedSidewaysData",
        {"passer": Player, "receiver": Player, "from": Field, "to": Field},
    ),
    "pass_completed": shape(
        "PassCompletedData",
        {
            "passer": Player,
            "receiver": Nobody,
            "pass_type": CardKind,
            "from": Field,
            "to": Field | None,
            "chance": NotRequired[bool],
            "foul": NotRequired[bool],
            **OPTIONAL_DUEL,
        },
    ),
    "pass_intercepted": shape(
        "PassInterceptedData",
        {
            "passer": Player,
            "pass_type": CardKind,
            "from": Field,
            "interceptor": Nobody,
            "to": Field | None,
            **DUEL,
        },
    ),
    "long_ball_completed": shape(
        "LongBallCompletedData",
        {
            "passer": Player,
            "pass_type": CardKind,
            "from": Field,
            "lines": Number,
            "receiver": Nobody,
            "to": Field | None,
            "foul": bool,
            **DUEL,
        },
    ),
    "long_ball_intercepted": shape(
        "LongBallInterceptedData",
        {
            "passer": Player,
            "pass_type": CardKind,
            "from": Field,
            "lines": Number,
            "interceptor": Nobody,
            "to": Field | None,
            **DUEL,
        },
    ),
    "dribble_won": shape(
        "DribbleWonData",
        {
            "dribbler": Player,
            "from": Field,
            "defender": Nobody,
            "to": Field,
            "foul": NotRequired[bool],
            **OPTIONAL_DUEL,
        },
    ),
    "dribble_lost": shape(
        "DribbleLostData",
        {"dribbler": Player, "from": Field, "defender": Player, "to": Field, **DUEL},
    ),
    "foul": shape("FoulData", fouler=Player, fouled_side=Side, taker=Player),
    "yellow_card": shape("YellowCardData", player=Player),
    "red_card": shape("RedCardData", player=Player, second_yellow=bool, dissent=NotRequired[bool]),
    "penalty": shape("PenaltyData", taker=Player),
    # ``provoked``: the free kick was won by an ability (HX), not by a foul
    "free_kick": shape("FreeKickData", taker=Player, at=Field, provoked=NotRequired[bool]),
    # a corner whose taker the manager still chooses (HX-N.2) names neither yet
    "corner": shape("CornerData", taker=Nobody, at=Field | None),
    "scoring_opportunity": shape("ScoringOpportunityData", player=Player),
    "chance_refused": shape("ChanceRefusedData", player=Player),
    "chance_round_ended": shape(
        "ChanceRoundEndedData",
        reason=Literal["action_not_possible", "no_shooting_position", "refused"],
    ),
    "chance_ran_out": shape("ChanceRanOutData", receiver=Nobody, receiver_side=Side),
    "long_shot": shape("LongShotData", {"shooter": Player, "from": Field}),
    "shot": shape(
        "ShotData",
        shooter=Player,
        power=Number,
        card_footballs=Number,
        shooting_card=CardId,
        modifier=Number,
        goalkeeper_card=CardId,
        symbol=Literal["", "+", "-"],
        draws=Number,
        penalty=bool,
        position=Literal[
            "final_line_centre",
            "final_line_wing",
            "second_line_centre",
            "second_line_wing",
            "long_shot",
        ],
    ),
    "goal": shape("GoalData", **SHOT, scorer=Player, penalty=bool, score=list[Number]),
    "save": shape("SaveData", **SHOT),
    "parry": shape("ParryData", **SHOT, receiver=Player, receiver_side=Side, to=Field),
    "goal_kick": shape(
        "GoalKickData",
        card=ActionCard,
        line=Number,
        receiver=Nobody,
        receiver_side=Side,
        to=Field | None,
    ),
    "temporary_deck": shape("TemporaryDeckData", cards=Number),
    "deck_ran_out": shape("DeckRanOutData"),
    # the expansion (HX-)
    "ability_announced": shape("AbilityAnnouncedData", player=Player, ability=str),
    "ability_used": shape(
        "AbilityUsedData",
        {
            "player": Player,
            "ability": str,
            "gold": bool,
            "mover": NotRequired[Player],
            "from": NotRequired[Field],
            "to": NotRequired[Field],
            "via": NotRequired[str],
            "target": NotRequired[str],
            "amount": NotRequired[Number],
            "previous_holder": NotRequired[Player],
            "previous_side": NotRequired[Side],
            "swapped_with": NotRequired[Player],
        },
    ),
    "lowest_number_tie": shape("LowestNumberTieData", decides=str, players=list[Player]),
    "tie_decided": shape("TieDecidedData", decides=str, player=Player, at=Field),
    "keeper_promoted": shape("KeeperPromotedData", goalkeeper_card=CardId),
    "keeper_demoted": shape("KeeperDemotedData", goalkeeper_card=CardId),
    "style_card_earned": shape(
        "StyleCardEarnedData",
        style=Literal["tactical", "technical", "total"],
        style_found=bool,
    ),
    "style_card_played": shape(
        "StyleCardPlayedData",
        card=CardId,
        style=Literal["tactical", "technical", "total"],
        player=NotRequired[Player],
    ),
    "style_card_effect": shape(
        "StyleCardEffectData",
        {
            "card": CardId,
            "player": NotRequired[Player],
            "swapped_with": NotRequired[Player],
            "from": NotRequired[Field],
            "mover": NotRequired[Player],
            "to": NotRequired[Field],
            "target": NotRequired[str],
            "amount": NotRequired[Number],
        },
    ),
    "style_cards_refilled": shape("StyleCardsRefilledData", cards=Number),
    "substitution": shape("SubstitutionData", player=Player, off=CardId, on=CardId, count=Number),
    "counter": shape("CounterData", {"player": Player, "from": Field, "to": Field}),
    "protest_upheld": shape("ProtestUpheldData", captain=Player),
    "protest_rejected": shape("ProtestRejectedData", captain=Player),
}
