"""Setting up a match and applying actions: the heart of the engine."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from matches.engine.amigo_hattrick.errors import refused_setup
from matches.engine.base import JSON, GameEvent, SetupError, Transition

from .actions import Action, Deal, Pass, Play
from .cards import Card, sort_hand
from .edition import read_edition
from .legal import check, destination
from .scoring import colour_counts, game_score, positive_colour
from .state import Laid, Options, State, Step, Termination, Trick
from .tricks import next_leader

MIN_PLAYERS = 4
MAX_PLAYERS = 6
HANDS_OPTIONS = ("any", "known", "unknown")
OPTION_KEYS = ("games", "target", "first_dealer", "hands")


def _setup_error(code: str, rule: str, **details: JSON) -> SetupError:
    return refused_setup(code, rule, **details)


def _whole(value: JSON) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_options(options: Mapping[str, JSON], players: int) -> Options:
    """AH-1.3: ``games`` (default 2 × players, or no limit when a target is set), ``target``
    (default none), ``first_dealer`` (default 0), ``hands`` (``any``, ``known``, ``unknown``)."""
    if not isinstance(options, Mapping):
        raise _setup_error("invalid_options", "AH-1.3")
    unknown = sorted(str(key) for key in options if key not in OPTION_KEYS)
    if unknown:
        raise _setup_error("unknown_option", "AH-1.3", options=unknown)
    target = options.get("target")
    if target is not None and (not _whole(target) or target < 1):
        raise _setup_error("invalid_option", "AH-6.2")
    games = options.get("games")
    if games is None and target is None:
        games = 2 * players
    if games is not None and (not _whole(games) or games < 1):
        raise _setup_error("invalid_option", "AH-6.1")
    first_dealer = options.get("first_dealer", 0)
    if not _whole(first_dealer) or not 0 <= first_dealer < players:
        raise _setup_error("invalid_option", "AH-2.3")
    hands = options.get("hands", "any")
    if hands not in HANDS_OPTIONS:
        raise _setup_error("invalid_option", "AH-2.2")
    return Options(games=games, target=target, first_dealer=first_dealer, hands=hands)


def initial_state(
    *, edition: Mapping[str, JSON], sides: Sequence[Mapping[str, JSON]], options: Mapping[str, JSON]
) -> State:
    """The match before the first deal. Sides are the persons, listed clockwise (AH-1.1)."""
    if not isinstance(sides, Sequence) or isinstance(sides, str | bytes):
        raise _setup_error("invalid_sides", "AH-1.1", cause="not_a_list")
    players = len(sides)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise _setup_error(
            "wrong_player_count",
            "AH-1.1",
            players=players,
            minimum=MIN_PLAYERS,
            maximum=MAX_PLAYERS,
        )
    names = []
    for index, side in enumerate(sides):
        name = side.get("name") if isinstance(side, Mapping) else None
        if not isinstance(name, str) or not name.strip():
            raise _setup_error("invalid_sides", "AH-1.1", cause="name", side=index)
        names.append(name.strip())
    deck = read_edition(edition)
    hand_size = deck.hand_size(players)
    if hand_size is None:
        raise _setup_error("invalid_edition", "AH-2.1")
    opts = read_options(options, players)
    return State(
        names=tuple(names),
        colours=deck.colours,
        low=deck.low,
        high=deck.high,
        hand_size=hand_size,
        options=opts,
        step=Step.DEAL,
        game=0,
        dealer=opts.first_dealer,
        round=0,
        leader=(opts.first_dealer + 1) % players,
        turn=None,
        hands=None,
        hand_counts=(0,) * players,
        used=(),
        tricks=(),
        passes=(),
        won=((),) * players,
        face_down=((),) * players,
        last_cards=None,
        scores=(),
        termination=None,
    )


def _with_card(
    cards: tuple[tuple[Card, ...], ...], side: int, new: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return tuple(hand + new if index == side else hand for index, hand in enumerate(cards))


def apply(state: State, action: Action) -> Transition:
    """The state after ``action`` and the events it caused; raises IllegalActionError."""
    check(state, action)
    if isinstance(action, Deal):
        return _deal(state, action)
    return _lay(state, action)


def _deal(state: State, deal: Deal) -> Transition:
    game = state.game + 1
    leader = state.left_of(state.dealer)  # AH-2.3
    new = state._replace(
        step=Step.PLAY,
        game=game,
        round=1,
        leader=leader,
        turn=leader,
        hands=None if deal.hands is None else tuple(sort_hand(hand) for hand in deal.hands),
        hand_counts=(state.hand_size,) * state.players,
        used=(),
        tricks=(),
        passes=(),
        won=((),) * state.players,
        face_down=((),) * state.players,
        last_cards=None,
    )
    event = GameEvent(
        "game_dealt",
        state.dealer,
        {
            "game": game,
            "dealer": state.dealer,
            "leader": leader,
            "hands_known": deal.hands is not None,
        },
    )
    return Transition(new, (event,))


def _lay(state: State, action: Play | Pass) -> Transition:
    side = state.turn
    assert side is not None
    card = action.card
    hands = state.hands
    if hands is not None:
        hands = tuple(
            tuple(c for c in hand if c != card) if index == side else hand
            for index, hand in enumerate(hands)
        )
    counts = tuple(
        count - 1 if index == side else count for index, count in enumerate(state.hand_counts)
    )
    where = {
        "game": state.game,
        "round": state.round,
        "card": card.text,
        "colour": card.colour,
        "number": card.number,
    }
    if isinstance(action, Pass):
        new = state._replace(
            passes=state.passes + (Laid(side, card),),
            face_down=_with_card(state.face_down, side, (card,)),
        )
        event = GameEvent("card_passed", side, where)
    else:
        _, trick_number = destination(state, card)
        assert trick_number is not None
        tricks = list(state.tricks)
        opened = trick_number > len(tricks)
        if opened:
            tricks.append(Trick(card.colour, (Laid(side, card),)))
        else:
            old = tricks[trick_number - 1]
            tricks[trick_number - 1] = Trick(old.colour, old.cards + (Laid(side, card),))
        new = state._replace(tricks=tuple(tricks))
        event = GameEvent("card_played", side, {**where, "trick": trick_number, "opened": opened})
    new = new._replace(hands=hands, hand_counts=counts, used=state.used + (card,))
    acted = sum(len(trick.cards) for trick in new.tricks) + len(new.passes)
    if acted < state.players:
        return Transition(new._replace(turn=new.left_of(side)), (event,))
    return _end_round(new, [event])


def _end_round(state: State, events: list[GameEvent]) -> Transition:
    """AH-4.1–4.3: the tricks go to their winners; the highest card leads the next round."""
    won = state.won
    for number, trick in enumerate(state.tricks, start=1):
        winner = trick.winner.side
        cards = tuple(laid.card for laid in trick.cards)
        won = _with_card(won, winner, cards)
        events.append(
            GameEvent(
                "trick_won",
                winner,
                {
                    "game": state.game,
                    "round": state.round,
                    "trick": number,
                    "colour": trick.colour,
                    "cards": [card.text for card in cards],
                    "count": len(cards),
                    "high_card": trick.winner.card.text,
                },
            )
        )
    leader, reason = next_leader(state.tricks)
    events.append(
        GameEvent(
            "round_ended",
            leader,
            {"game": state.game, "round": state.round, "next_leader": leader, "decided_by": reason},
        )
    )
    state = state._replace(won=won, tricks=(), passes=(), leader=leader, turn=leader)
    if any(count > 1 for count in state.hand_counts):
        return Transition(state._replace(round=state.round + 1), tuple(events))
    return _end_game(state, events)


def _end_game(state: State, events: list[GameEvent]) -> Transition:
    """AH-5.1–5.3 and AH-6: the last cards stay unplayed; score; next dealer or match end."""
    scores = tuple(
        game_score(state.won[side], state.face_down[side]) for side in range(state.players)
    )
    last_cards = None if state.hands is None else tuple(hand[0] for hand in state.hands)
    all_used = set(state.used)
    unplayed = [card.text for card in sort_hand([c for c in _deck(state) if c not in all_used])]
    state = state._replace(
        scores=state.scores + (scores,),
        last_cards=(None,) * state.players if last_cards is None else last_cards,
        hands=None if state.hands is None else ((),) * state.players,
        hand_counts=(0,) * state.players,
        turn=None,
    )
    totals = state.totals
    events.append(
        GameEvent(
            "game_scored",
            None,
            {
                "game": state.game,
                "scores": list(scores),
                "totals": list(totals),
                "colours": [colour_counts(state.won[side]) for side in range(state.players)],
                "positive_colour": [
                    positive_colour(state.won[side]) for side in range(state.players)
                ],
                "passes": [len(state.face_down[side]) for side in range(state.players)],
                "last_cards": None if last_cards is None else [card.text for card in last_cards],
                "unplayed": unplayed,
            },
        )
    )
    options = state.options
    termination = None
    if options.target is not None and max(totals) >= options.target:
        termination = Termination.TARGET_REACHED
    elif options.games is not None and state.game >= options.games:
        termination = Termination.GAMES_PLAYED
    if termination is None:
        return Transition(
            state._replace(step=Step.DEAL, dealer=state.left_of(state.dealer)), tuple(events)
        )
    best = max(totals)
    winners = [side for side in range(state.players) if totals[side] == best]
    events.append(
        GameEvent(
            "match_ended",
            None,
            {
                "termination": termination.value,
                "games": state.game,
                "totals": list(totals),
                "winners": winners,
            },
        )
    )
    return Transition(state._replace(step=Step.OVER, termination=termination), tuple(events))


def _deck(state: State) -> tuple[Card, ...]:
    return tuple(
        Card(colour, number)
        for colour in state.colours
        for number in range(state.low, state.high + 1)
    )
