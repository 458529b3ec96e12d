"""Engine sentences in a language: error messages, step hints, effects and the words for
their parameters, free of Django so that a phone can run them beside the engines.

The engines give codes and parameters (``<game>/texts.py`` holds the English templates); this
module looks each template up through :func:`matches.engine.i18n.gettext` (the server installs
Django's catalog, a phone the same compiled catalog through the standard library's ``gettext``)
and fills in the parameters in words of the same language: a team's name instead of a side
index, "Langer Pass 4, links" instead of ``L4l``. See docs/i18n.md.
"""

from __future__ import annotations

import logging
import re
import string
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from matches.engine import ERRORS as REGISTRY_ERRORS
from matches.engine import UnknownGameError as UnknownGameError  # re-exported
from matches.engine import game_of_rule as game_of_rule  # re-exported
from matches.engine import get_game
from matches.engine.base import error_template
from matches.engine.i18n import gettext, pgettext

logger = logging.getLogger("matches.i18n")


def _texts_of(game: str | None) -> ModuleType | None:
    """The game's sentence templates (its ``texts`` module), ``None``: none in the catalog."""
    if game is None:
        return None
    try:
        return get_game(game).texts
    except UnknownGameError:
        return None


def texts(game: str) -> ModuleType:
    """The sentence templates of ``game`` (KeyError when it has none)."""
    found = _texts_of(game)
    if found is None:
        raise KeyError(game)
    return found


# ---------------------------------------------------------------- words for parameters


def any_of(items: Sequence[str]) -> str:
    """ "a, b or c" in the active language."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return gettext("{first} or {last}").format(first=", ".join(items[:-1]), last=items[-1])


def all_of(items: Sequence[str]) -> str:
    """ "a, b and c" in the active language."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return gettext("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def word_of(table: Mapping[str, Any], key: Any) -> str:
    """``table[key]()`` (a lazily translated word), or ``key`` itself when it has none."""
    found = table.get(key)
    return found() if found else str(key)


#: the colours a side is called by when it has no name of its own (Hat-Trick's), with their
#: words in the reader's language
COLOUR_SIDE_NAMES: tuple[tuple[str, Callable[[], str]], ...] = (
    ("Blue", lambda: pgettext("team", "Blue")),
    ("Red", lambda: pgettext("team", "Red")),
)
_COLOURS = dict(COLOUR_SIDE_NAMES)


def side_name(game: str, index: object, names: Sequence[str] | None) -> str:
    """A side by its team's (or person's) name; Blue/Red, Team A/B when no name is at hand."""
    if not isinstance(index, int):
        return str(index)
    if names and 0 <= index < len(names) and names[index]:
        name = names[index]
        if name in _COLOURS:
            return _COLOURS[name]()
        return name
    default = _default_side_names(game)
    if 0 <= index < len(default):
        return default[index][1]
    return pgettext("a person at the table", "Player {number}").format(number=index + 1)


def _default_side_names(game: str) -> list[tuple[str, str]]:
    try:
        defaults = get_game(game).default_side_names
    except UnknownGameError:
        return []
    return [(name, words()) for name, words in defaults]


def _numbers(value: object) -> str:
    if isinstance(value, list | tuple):
        return any_of([str(v) for v in value])
    return str(value)


def part_in_words(module: ModuleType | None, value: object) -> str | None:
    """A field of a move or set-up (``"player"``, ``"cards[0]"``) in words as the texts
    ``module`` names it (its ``PARTS``), ``None``: not one."""
    if not isinstance(value, str) or module is None:
        return None
    phrase = getattr(module, "PARTS", {}).get(_INDEX.sub("", value))
    return gettext(phrase) if phrase else None


def part_name(game: str, value: object) -> str | None:
    """A field of a move or set-up of ``game`` in words, ``None``: not one."""
    return part_in_words(_texts_of(game), value)


_INDEX = re.compile(r"\[\d+\]$")


def render_param(game: str, key: str, value: Any, names: Sequence[str] | None) -> str:
    """One parameter of a template, in words of the active language."""
    if key in ("field", "group"):  # a part of a move (a TriXKick "field" may be a board field)
        words = part_name(game, value)
        if words is not None:
            return words
    if key in ("side", "team", "fouled_side", "dealer", "leader", "next_leader"):
        return side_name(game, value, names)
    if key == "winners":
        return all_of([side_name(game, v, names) for v in value])
    try:
        own = get_game(game).words(key, value, names)
    except UnknownGameError:
        own = None
    if own is not None:
        return own
    return _numbers(value)


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def fill(game: str, template: str, params: Mapping[str, Any], names: Sequence[str] | None) -> str:
    """``template`` in the active language with ``params`` in words."""
    words = {key: render_param(game, key, params.get(key), names) for key in placeholders(template)}
    return gettext(template).format(**words)


# ---------------------------------------------------------------- errors and hints


def error_message(
    code: str,
    rule: str | None,
    details: Mapping[str, Any] | None,
    *,
    game: str | None = None,
    names: Sequence[str] | None = None,
) -> str | None:
    """The sentence for an engine error, or ``None`` when the catalog has no template for it."""
    game = game or game_of_rule(rule)
    module = _texts_of(game)
    cause = (details or {}).get("cause")
    cause = cause if isinstance(cause, str) else None
    if module is None or game is None:  # no game's refusal: the registry's, or none
        template = error_template(REGISTRY_ERRORS, code, rule, cause)
        # (no game: "" names none, as an unknown game names none)
        return None if template is None else fill(game or "", template, details or {}, names)
    template = error_template(module.ERRORS, code, rule, cause)
    if template is None:
        logger.warning("no sentence for %s error %s (%s)", game, code, rule)
        return None
    params = dict(details or {})
    missing = placeholders(template) - set(params)
    if missing:
        logger.warning("%s error %s lacks %s for its sentence", game, code, sorted(missing))
        return None
    return fill(game, template, params, names)


def hint_key(game: str, state: Any, legal: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The key of the current step's hint (``texts.HINTS``) and its parameters."""
    hint = get_game(game).hint
    if hint is None:
        raise TypeError(f"The game {game!r} has no hints.")
    return hint(state, legal)


def hint_message(
    game: str, state: Any, legal: Mapping[str, Any], names: Sequence[str] | None = None
) -> str | None:
    """The hint of ``legal`` (what ``legal_actions(state)`` gave) in the active language."""
    if _texts_of(game) is None or get_game(game).hint is None:
        return None
    key, params = hint_key(game, state, legal)
    if names is None:
        names = list(_state_names(game, state))
    return fill(game, texts(game).HINTS[key], params, names)


def _state_names(game: str, state: Any) -> Sequence[str]:
    return get_game(game).side_names(state)


def game_name(game: str) -> str:
    """The game's name in the active language (its key when there is no such game)."""
    try:
        return get_game(game).title()
    except UnknownGameError:
        return str(game)


def effect_text(
    game: str, effect: Mapping[str, Any], names: Sequence[str] | None = None
) -> str | None:
    """What a logged event's effect means, in the active language (``None``: no sentence,
    or a detail it needs is hidden from this viewer)."""
    module = _texts_of(game)
    if module is None:
        return None
    template = getattr(module, "EFFECTS", {}).get(effect.get("kind"))
    if template is None:
        return None
    params = dict(effect.get("data") or {})
    params["side"] = effect.get("side")
    if "in" in params:  # a TriXKick substitution names the incoming piece "in"
        params["into"] = params["in"]
    if any(params.get(key) is None for key in placeholders(template)):
        return None
    return fill(game, template, params, names)


def state_side_names(game: str, state: Any) -> list[str]:
    """The sides' names as the engine state holds them, in order."""
    return list(_state_names(game, state))


def to_move_name(game: str, state: Any, side: int) -> str:
    """The name of side ``side`` as hints and ``to_move`` call it (its team's or person's)."""
    return side_name(game, side, state_side_names(game, state))


def hint_with_actor(game: str, state: Any, hint: str, actor: Any) -> str:
    """The hint, naming the side whose move it is when it does not already."""
    if not isinstance(actor, int) or isinstance(actor, bool):
        return hint
    name = to_move_name(game, state, actor)
    if name in hint:
        return hint
    return gettext("{doing} ({team} to move)").format(doing=hint, team=name)
