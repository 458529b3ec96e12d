"""Demo content for a fresh install, built only through the services."""

from __future__ import annotations

from matches.models import Match

DEMO_MOVES = [
    {
        "type": "play_cards",
        "cards": [
            {"kind": "short_pass", "footballs": 2, "edge": "left"},
            {"kind": "short_pass", "footballs": 2, "edge": "left"},
        ],
    },
    {"type": "skip"},
    {"type": "move", "player": 2, "direction": "forward"},
]


def demo_data_create(*, user) -> str:
    """Create the demo match once (the first turn of docs/api.md); return a one-line summary."""
    from matches.log.services import match_actions_append, match_create

    match = Match.objects.filter(created_by=user, game="hat-trick").first()
    if match is None:
        created = match_create(
            user=user,
            game="hat-trick",
            sides=[{"name": "Blue", "user": user}, {"name": "Red"}],
            options={"kickoff": 0},
        )
        match = match_actions_append(
            match_id=created.match.pk, user=user, actions=DEMO_MOVES, expected_seq=0
        ).match
    return f"user {user.username}, Hat-Trick match #{match.pk} at move {match.seq}"
