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
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any

from matches.engine.i18n import error_template, gettext, pgettext

logger = logging.getLogger("matches.i18n")

#: game key → its texts module
TEXT_MODULES = {
    "hat-trick": "matches.engine.hat_trick.texts",
    "trixkick": "matches.engine.trixkick.texts",
    "amigo-hattrick": "matches.engine.amigo_hattrick.texts",
}
_GAME_OF_RULE = {"HT": "hat-trick", "HX": "hat-trick", "TK": "trixkick", "AH": "amigo-hattrick"}


def texts(game: str):
    return import_module(TEXT_MODULES[game])


def game_of_rule(rule: str | None) -> str | None:
    return _GAME_OF_RULE.get((rule or "").split("-", 1)[0])


# ---------------------------------------------------------------- words for parameters


def _or(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return gettext("{first} or {last}").format(first=", ".join(items[:-1]), last=items[-1])


def _and(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return gettext("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def side_name(game: str, index: Any, names: Sequence[str] | None) -> str:
    """A side by its team's (or person's) name; Blue/Red, Team A/B when no name is at hand."""
    if not isinstance(index, int):
        return str(index)
    if names and 0 <= index < len(names) and names[index]:
        name = names[index]
        colours = {"Blue": lambda: pgettext("team", "Blue"), "Red": lambda: pgettext("team", "Red")}
        if name in colours:  # the colour a side is called by when it has no name of its own
            return colours[name]()
        return name
    default = _default_side_names(game)
    if 0 <= index < len(default):
        return default[index][1]
    return pgettext("a person at the table", "Player {number}").format(number=index + 1)


def _default_side_names(game: str) -> list[tuple[str, str]]:
    if game == "hat-trick":
        return [("Blue", pgettext("team", "Blue")), ("Red", pgettext("team", "Red"))]
    if game == "trixkick":
        return [("A", pgettext("team", "Team A")), ("B", pgettext("team", "Team B"))]
    return []


HT_KINDS = {
    "short_pass": lambda: pgettext("Hat-Trick action card", "Short pass"),
    "long_ball": lambda: pgettext("Hat-Trick action card", "Long ball"),
    "dribbling": lambda: pgettext("Hat-Trick action card", "Dribbling"),
}
EDGES = {
    "left": lambda: pgettext("edge of a card", "left"),
    "right": lambda: pgettext("edge of a card", "right"),
}
HT_STYLES = {
    "tactical": lambda: pgettext("style card", "tactical"),
    "technical": lambda: pgettext("style card", "technical"),
    "physical": lambda: pgettext("style card", "physical"),
    "total": lambda: pgettext("style card", "total"),
}
HT_MATCH_EVENTS = {
    "long_shot": lambda: pgettext("match event", "Long shot"),
    "corners": lambda: pgettext("match event", "Corners"),
    "substitutions": lambda: pgettext("match event", "Substitutions"),
    "captain": lambda: pgettext("match event", "Captain"),
    "counter": lambda: pgettext("match event", "Counter"),
}
TK_SYMBOLS = {
    "K": lambda: pgettext("TriXKick symbol", "head"),
    "L": lambda: pgettext("TriXKick symbol", "left foot"),
    "R": lambda: pgettext("TriXKick symbol", "right foot"),
}
AH_COLOURS = {
    "red": lambda: pgettext("card colour", "red"),
    "blue": lambda: pgettext("card colour", "blue"),
    "green": lambda: pgettext("card colour", "green"),
}
_AH_LETTERS = {"R": "red", "B": "blue", "G": "green"}


def _word(table: Mapping[str, Any], key: Any) -> str:
    found = table.get(key)
    return found() if found else str(key)


def ht_card(card: Any) -> str:
    """A Hat-Trick action card in words: "Long ball 4, left"."""
    if isinstance(card, Mapping) and {"kind", "footballs", "edge"} <= set(card):
        return gettext("{kind} {footballs}, {edge}").format(
            kind=_word(HT_KINDS, card["kind"]),
            footballs=card["footballs"],
            edge=_word(EDGES, card["edge"]),
        )
    return str(card)


def tk_piece(pid: Any) -> str:
    """A TriXKick piece by its symbols, as the rulebook names it ("KKL")."""
    return pid.split("-", 1)[1] if isinstance(pid, str) and "-" in pid else str(pid)


def tk_symbol(symbol: Any) -> str:
    if symbol is None:
        return pgettext("TriXKick symbol", "any")
    return _word(TK_SYMBOLS, symbol)


def ah_card(card: Any) -> str:
    """An Amigo card in words: "red 10"."""
    if isinstance(card, Mapping):
        colour, number = card.get("colour"), card.get("number")
    elif isinstance(card, str) and card[:1] in _AH_LETTERS and card[1:].isdigit():
        colour, number = _AH_LETTERS[card[:1]], card[1:]
    else:
        return str(card)
    return gettext("{colour} {number}").format(colour=_word(AH_COLOURS, colour), number=number)


def _numbers(value: Any) -> str:
    if isinstance(value, list | tuple):
        return _or([str(v) for v in value])
    return str(value)


def part_name(game: str, value: Any) -> str | None:
    """A field of a move or set-up (``"player"``, ``"cards[0]"``) in words, ``None``: not one."""
    if not isinstance(value, str):
        return None
    phrase = getattr(texts(game), "PARTS", {}).get(_INDEX.sub("", value))
    return gettext(phrase) if phrase else None


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
        return _and([side_name(game, v, names) for v in value])
    if game == "hat-trick":
        if key == "card":
            return ht_card(value)
        if key == "pass_type":
            return _word(HT_KINDS, value)
        if key == "kind":
            return _word(HT_KINDS, value)
        if key in ("edge", "card_edge"):
            return _word(EDGES, value)
        if key == "step":
            hint_text = texts(game).HINTS.get(value)
            return gettext(hint_text) if hint_text else ""
        if key in ("style", "played"):
            return _word(HT_STYLES, value)
        if key == "event":
            return _word(HT_MATCH_EVENTS, value)
    elif game == "trixkick":
        if key in ("piece", "partner", "out", "into"):
            return tk_piece(value)
        if key == "pieces":
            return _or([tk_piece(v) for v in value])
        if key == "symbol":
            return tk_symbol(value)
        if key == "fields":
            return _or([str(v) for v in value])
        if key == "step":
            phrase = texts(game).STEPS.get(value)
            return gettext(phrase) if phrase else ""
    elif game == "amigo-hattrick":
        if key in ("card", "high_card"):
            return ah_card(value)
        if key == "fields":  # the parts of a move a refusal names
            return _and([part_name(game, v) or str(v) for v in value])
        if key in ("colour", "other", "third"):
            return _word(AH_COLOURS, value)
        if key == "colours":
            return _and([_word(AH_COLOURS, v) for v in value])
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
    if game not in TEXT_MODULES:
        return None
    cause = (details or {}).get("cause")
    template = error_template(
        texts(game).ERRORS, code, rule, cause if isinstance(cause, str) else None
    )
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
    module = texts(game)
    if game == "hat-trick":
        return module.hint(legal)
    if game == "trixkick":
        return module.hint(state.read())
    return module.hint(state)


def hint_message(
    game: str, state: Any, legal: Mapping[str, Any], names: Sequence[str] | None = None
) -> str | None:
    """The hint of ``legal`` (what ``legal_actions(state)`` gave) in the active language."""
    if game not in TEXT_MODULES:
        return None
    key, params = hint_key(game, state, legal)
    if names is None:
        names = list(_state_names(game, state))
    return fill(game, texts(game).HINTS[key], params, names)


def _state_names(game: str, state: Any) -> Sequence[str]:
    if game == "hat-trick":
        return state.setup.names
    if game == "trixkick":
        return state.read()["names"]
    return state.names


GAME_NAMES = {
    "hat-trick": lambda: pgettext("game", "Hat-Trick"),
    "trixkick": lambda: pgettext("game", "TriXKick"),
    "amigo-hattrick": lambda: pgettext("game", "Hattrick (Amigo)"),
}


def game_name(game: str) -> str:
    return _word(GAME_NAMES, game)


def style_word(style: str) -> str:
    """A Hat-Trick style (tactical, technical, physical, total) in words."""
    return _word(HT_STYLES, style)


def effect_text(
    game: str, effect: Mapping[str, Any], names: Sequence[str] | None = None
) -> str | None:
    """What a logged event's effect means, in the active language (``None``: no sentence,
    or a detail it needs is hidden from this viewer)."""
    if game not in TEXT_MODULES:
        return None
    template = getattr(texts(game), "EFFECTS", {}).get(effect.get("kind"))
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
