"""Checking an action against the rules, and listing what may be done next."""

from __future__ import annotations

from matches.engine.base import JSON

from .actions import Action, Deal, Pass, Play
from .cards import Card, sort_hand
from .errors import Code, game_over, illegal
from .hints import english_hint
from .state import State, Step

# --- where a card goes ----------------------------------------------------------------------


def destination(state: State, card: Card) -> tuple[str, int | None]:
    """Where ``card`` can go now: ``("play", trick)`` or, for the third colour while two
    tricks lie, ``("pass", None)``. With fewer than two tricks every card can be played."""
    colours = [trick.colour for trick in state.tricks]
    if card.colour in colours:
        return "play", colours.index(card.colour) + 1
    if len(colours) < 2:
        return "play", len(colours) + 1
    return "pass", None


# --- checks ---------------------------------------------------------------------------------


def check(state: State, action: Action) -> None:
    """Raise the IllegalActionError that ``action`` earns here, if any."""
    if state.step is Step.OVER:
        raise game_over("AH-6.1")
    if isinstance(action, Deal):
        _check_deal(state, action)
        return
    if state.step is Step.DEAL:
        raise illegal(Code.DEAL_REQUIRED, "AH-2.1", side=state.dealer, game=state.game + 1)
    _check_card(state, action.card)
    if isinstance(action, Pass):
        _check_pass(state, action)
    else:
        _check_play(state, action)


def _check_deal(state: State, deal: Deal) -> None:
    if state.step is not Step.DEAL:
        raise illegal(Code.DEAL_NOT_EXPECTED, "AH-2.1", game=state.game)
    if deal.hands is None:
        if state.options.hands == "known":
            raise illegal(Code.HANDS_REQUIRED, "AH-2.2")
        return
    if state.options.hands == "unknown":
        raise illegal(Code.HANDS_NOT_LOGGED, "AH-2.2")
    if len(deal.hands) != state.players:
        raise illegal(
            Code.WRONG_HAND_COUNT, "AH-2.1", expected=state.players, given=len(deal.hands)
        )
    seen: set[Card] = set()
    for side, hand in enumerate(deal.hands):
        if len(hand) != state.hand_size:
            raise illegal(
                Code.WRONG_HAND_SIZE, "AH-2.1", side=side, expected=state.hand_size, given=len(hand)
            )
        for card in hand:
            _check_in_deck(state, card)
            if card in seen:
                raise illegal(Code.CARD_DEALT_TWICE, "AH-2.1", card=card.text)
            seen.add(card)


def _check_in_deck(state: State, card: Card) -> None:
    if card.colour not in state.colours or not state.low <= card.number <= state.high:
        raise illegal(Code.CARD_NOT_IN_DECK, "AH-1.2", card=card.text)


def _check_card(state: State, card: Card) -> None:
    _check_in_deck(state, card)
    if card in state.used:
        raise illegal(Code.CARD_ALREADY_PLAYED, "AH-3.7", card=card.text)
    assert state.turn is not None
    if state.hands is not None and card not in state.hands[state.turn]:
        raise illegal(Code.CARD_NOT_IN_HAND, "AH-3.7", card=card.text, side=state.turn)


def _check_play(state: State, play: Play) -> None:
    card = play.card
    kind, trick = destination(state, card)
    if kind == "pass":
        raise illegal(
            Code.THIRD_COLOUR, "AH-3.5", card=card.text, colours=[t.colour for t in state.tricks]
        )
    if play.trick is None or play.trick == trick:
        return
    if not state.tricks:
        raise illegal(Code.WRONG_TRICK, "AH-3.2", card=card.text)
    if play.trick == 1 or len(state.tricks) == 2:
        target = state.tricks[play.trick - 1]
        raise illegal(
            Code.WRONG_TRICK, "AH-3.3", card=card.text, trick=play.trick, colour=target.colour
        )
    raise illegal(
        Code.WRONG_TRICK, "AH-3.4", card=card.text, trick=play.trick, colour=state.tricks[0].colour
    )


def _check_pass(state: State, action: Pass) -> None:
    card = action.card
    if len(state.tricks) < 2:
        raise illegal(Code.PASS_NEEDS_TWO_TRICKS, "AH-3.6", card=card.text)
    if card.colour in (trick.colour for trick in state.tricks):
        raise illegal(Code.PASS_NEEDS_THIRD_COLOUR, "AH-3.6", card=card.text, colour=card.colour)


# --- what may be done next ------------------------------------------------------------------


def _action_json(state: State, card: Card) -> dict[str, JSON]:
    kind, trick = destination(state, card)
    if kind == "pass":
        return {"type": "pass", "card": card.to_json()}
    return {"type": "play", "card": card.to_json(), "trick": trick}


def _shapes(state: State) -> list[dict[str, JSON]]:
    """Hands not logged: per trick the colours that go on it, leaving out colours whose every
    card is out this game (nobody can hold one)."""
    used = set(state.used)
    left = {
        colour
        for colour in state.colours
        if any(Card(colour, n) not in used for n in range(state.low, state.high + 1))
    }
    on_table = [trick.colour for trick in state.tricks]
    others = [colour for colour in state.colours if colour not in on_table and colour in left]
    shapes: list[dict[str, JSON]] = [
        {"type": "play", "trick": number, "colours": [colour], "opens": False}
        for number, colour in enumerate(on_table, start=1)
        if colour in left
    ]
    if others:
        kind = "play" if len(on_table) < 2 else "pass"
        entry: dict[str, JSON] = {"type": kind, "colours": others}
        if kind == "play":
            entry.update(trick=len(on_table) + 1, opens=True)
        shapes.append(entry)
    return shapes


def hint(state: State) -> str:
    """What happens next, in English (``texts.hint`` gives it as a template for translation)."""
    return english_hint(state)


def legal_actions(state: State) -> dict[str, JSON]:
    """``{"hint", "actor", "step", "hands", "actions"}`` (see the rules doc, section Logging)."""
    result: dict[str, JSON] = {
        "hint": hint(state),
        "actor": None,
        "step": state.step.value,
        "hands": "unknown" if state.hands is None else "known",
        "actions": [],
    }
    if state.step is Step.OVER:
        return result
    if state.step is Step.DEAL:
        result["actor"] = state.dealer
        result["hands"] = state.options.hands
        result["actions"] = [
            {
                "type": "deal",
                "hands": {"any": "optional", "known": "required", "unknown": "omitted"}[
                    state.options.hands
                ],
                "players": state.players,
                "hand_size": state.hand_size,
            }
        ]
        return result
    assert state.turn is not None
    result["actor"] = state.turn
    if state.hands is not None:
        result["actions"] = [
            _action_json(state, card) for card in sort_hand(state.hands[state.turn])
        ]
    else:
        result["actions"] = _shapes(state)
        result["used"] = [card.text for card in state.used]
    return result


__all__ = ["check", "destination", "hint", "legal_actions"]
