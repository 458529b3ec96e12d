"""The teams app's one layer over the games' team facets (``Game.teams``, a
:class:`matches.engine.teams.TeamRules` each game package gives itself): which games have
teams and builds, a facet's refusal as an API error, the words a team's input takes.

Nothing here names a game: what differs per game is in its facet.
"""

from __future__ import annotations

from companion.errors import DomainError
from matches.engine import UnknownGameError, games, get_game
from matches.engine.teams import BudgetRules, TeamRefusal, TeamRules, team_choices


def team_rules(game: str) -> TeamRules | None:
    """How teams are built for ``game``; ``None``: teams are not built for it."""
    try:
        return get_game(game).teams
    except UnknownGameError:
        return None


def budget_rules(game: str) -> BudgetRules | None:
    """How budget builds are checked for ``game``; ``None``: it has none."""
    rules = team_rules(game)
    return rules.builds if rules is not None else None


def refused(exc: TeamRefusal) -> DomainError:
    """A facet's refusal as the API's 400, said in the reader's language."""
    return DomainError(exc.code, exc.sentence())


def input_words(name: str) -> tuple[str, ...]:
    """The words an input of a team or build takes (``colour``, ``style``, ``pool``,
    ``orientation``, ``budget_class``), over every game that builds teams."""
    return team_choices([game.teams for game in games() if game.teams is not None], name)
