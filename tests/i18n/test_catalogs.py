"""Every sentence a player reads exists in English and German, and speaks no engine jargon.

The engines' error codes are found in their source (every ``illegal(...)``, ``IllegalActionError``
and ``GameOverError`` raised with a literal code), so a code added later without a sentence
fails here, as does a sentence without its German translation or a catalog not compiled.
"""

from __future__ import annotations

import ast
import gettext as stdlib_gettext
import re
from importlib import import_module
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from django.utils import translation

from matches import i18n
from matches.engine.base import EngineError
from matches.engine.i18n import error_template

pytestmark = pytest.mark.no_services

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "companion" / "locale"
PO = LOCALE / "de" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
GAMES = {
    "hat-trick": ROOT / "matches" / "engine" / "hat_trick",
    "trixkick": ROOT / "matches" / "engine" / "trixkick",
    "amigo-hattrick": ROOT / "matches" / "engine" / "amigo_hattrick",
}
RAISERS = {"illegal", "IllegalActionError", "GameOverError", "game_over"}


def _literal(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "Code"
    ):
        from matches.engine.amigo_hattrick.errors import Code

        return Code[node.attr].value
    return None


def _rules(node) -> list[str | None]:
    """The clause ids a rule argument can take (both arms of a conditional), None: unknown."""
    if isinstance(node, ast.IfExp):
        return _rules(node.body) + _rules(node.orelse)
    value = _literal(node)
    return [value]


def raised_errors(game: str) -> list[tuple[str, str, str | None, set[str] | None]]:
    """(where, code, rule, detail keys) of every refusal raised with a literal code."""
    found = []
    for path in sorted(GAMES[game].rglob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name not in RAISERS:
                continue
            args = list(node.args)
            if name == "game_over":
                args = [ast.Constant("game_over"), *args]
            if not args:
                continue
            code = _literal(args[0])
            if code is None:
                continue  # the helper itself, which passes its code on
            keys = (
                None
                if any(k.arg is None for k in node.keywords)
                else {k.arg for k in node.keywords}
            )
            rules = _rules(args[1]) if len(args) > 1 else [None]
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            found.extend((where, code, rule, keys) for rule in rules)
    return found


#: Refusals of malformed input and set-ups: the helpers that build them, with the code they give
#: (by file where one name serves several codes), and the error classes raised directly.
INPUT_HELPERS = {
    "hat-trick": {"_err": {"lineup.py": "invalid_lineup", None: "invalid_setup"}},
    "trixkick": {"_bad": "invalid_option"},
    "amigo-hattrick": {"_fail": "invalid_edition"},
}
#: name → index of its message argument (the code is the first argument)
INPUT_RAISERS = {"SetupError": 2, "InvalidActionError": 2, "_invalid": 1}
#: refusals named by code, rule and cause alone (their sentence is the catalog's)
SETUP_REFUSERS = {"refused_setup", "_setup_error", "unreadable"}
_RULE_ID = re.compile(r"^[A-Z]{2}-")


def _choices(node) -> list[str | None]:
    """The literal values an argument can take (both arms of a conditional)."""
    if isinstance(node, ast.IfExp):
        return _choices(node.body) + _choices(node.orelse)
    return [_literal(node)]


def refused_inputs(game: str) -> list[tuple[str, str, str | None, str | None, set[str]]]:
    """(where, code, rule, cause, detail keys) of every refusal of malformed input or set-up."""
    found = []
    for path in sorted(GAMES[game].rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            keys = {k.arg for k in node.keywords if k.arg}
            causes: list[str | None] = [None]
            rule = None
            for keyword in node.keywords:
                if keyword.arg == "cause":
                    causes = _choices(keyword.value)
            helper = INPUT_HELPERS[game].get(name)
            if name in SETUP_REFUSERS and node.args and not isinstance(node.args[0], ast.Name):
                code = _literal(node.args[0])
                rule = _literal(node.args[1]) if len(node.args) > 1 else None
                if len(node.args) > 2 and isinstance(node.args[2], ast.Name):
                    continue  # a helper passing its cause on
                if len(node.args) > 2:
                    causes = _choices(node.args[2])
            elif helper is not None:
                code = helper if isinstance(helper, str) else helper.get(path.name, helper[None])
                # the helpers name no sentence: a literal is a rule or a cause
                for argument in node.args:
                    value = _literal(argument)
                    if value is not None and _RULE_ID.match(value):
                        rule = value
                    elif value is not None or isinstance(argument, ast.IfExp):
                        causes = _choices(argument)
            elif name in INPUT_RAISERS:
                index = INPUT_RAISERS[name]
                code = _literal(node.args[0]) if node.args else None
                message = node.args[index] if len(node.args) > index else None
                if code is None or message is None or isinstance(message, ast.Name):
                    continue  # a helper passing its code or message on
                if index == 2:
                    rule = _literal(node.args[1])
                details = node.args[index + 1] if len(node.args) > index + 1 else None
                if isinstance(details, ast.Dict):
                    for key, value in zip(details.keys, details.values, strict=True):
                        if key is None:
                            continue
                        if _literal(key) == "cause":
                            causes = _choices(value)
                        else:
                            keys.add(_literal(key))
            else:
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            found.extend((where, code, rule, cause, keys - {"cause"}) for cause in causes)
    return found + codec_refusals(game)


def codec_refusals(game: str) -> list[tuple[str, str, str | None, str | None, set[str]]]:
    """The refusals of malformed actions a game's codec derives from its action classes: those
    its fields declare, and those of an action malformed as a whole (met by reading some)."""
    codec = import_module(f"matches.engine.{GAMES[game].name}.actions").CODEC
    where = f"{game} actions"
    found = [
        (where, code, None, cause, set(keys) - {"cause"})
        for code, cause, keys in codec.declared_refusals()
    ]
    malformed = [5, {}, {"type": "?"}, {"type": codec.tags[0], "?": 1}]
    malformed += [{"type": tag} for tag in codec.tags]
    for data in malformed:
        try:
            codec.parse(data)
        except EngineError as exc:
            cause = exc.details.get("cause")
            found.append((where, exc.code, exc.rule, cause, set(exc.details) - {"cause"}))
    try:
        codec.to_json(object())
    except EngineError as exc:
        found.append((where, exc.code, exc.rule, exc.details.get("cause"), set(exc.details)))
    return found


def test_the_source_scan_finds_the_malformed_input_refusals():
    assert len(refused_inputs("hat-trick")) > 70
    assert len(refused_inputs("trixkick")) > 40
    assert len(refused_inputs("amigo-hattrick")) > 40


@pytest.mark.parametrize("game", list(GAMES))
def test_every_malformed_input_refusal_has_its_own_sentence(game):
    """One sentence per cause: a refusal naming a ``cause`` needs the ``code:cause`` sentence."""
    errors = i18n.texts(game).ERRORS
    problems = []
    for where, code, rule, cause, keys in refused_inputs(game):
        if cause is not None and f"{code}:{cause}" not in errors:
            problems.append(f"{where}: no sentence for {code}:{cause}")
            continue
        template = error_template(errors, code, rule, cause)
        if template is None:
            problems.append(f"{where}: no sentence for {code} ({rule})")
        elif i18n.placeholders(template) - keys:
            missing = sorted(i18n.placeholders(template) - keys)
            problems.append(f"{where}: {code} does not give {missing} for its sentence")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_part_of_a_move_is_named_in_words(game):
    """``{field}`` names the part of a move in words: every JSON key of every move has them."""
    parts = i18n.texts(game).PARTS
    module = import_module(i18n.texts(game).__name__.replace(".texts", ".actions"))
    if game == "amigo-hattrick":  # its sentences name no part of a move but a card's
        keys = {"type", "card", "colour", "number"}
    else:
        keys = {key for tag in module.CODEC.tags for key in module.CODEC.keys(tag)}
    assert keys | {"type"} <= set(parts)
    for language in ("en", "de"):
        with translation.override(language):
            for key in parts:
                words = i18n.part_name(game, key)
                assert words and "_" not in words, (key, words)


def test_the_source_scan_finds_the_refusals():
    assert len(raised_errors("hat-trick")) > 40
    assert len(raised_errors("trixkick")) > 50
    assert len(raised_errors("amigo-hattrick")) > 14


@pytest.mark.parametrize("game", list(GAMES))
def test_every_error_code_has_a_sentence_with_the_details_it_names(game):
    errors = i18n.texts(game).ERRORS
    problems = []
    for where, code, rule, keys in raised_errors(game):
        template = error_template(errors, code, rule)
        if template is None and rule is None:  # a rule from a variable: a variant that fits
            variants = [t for k, t in errors.items() if k.startswith(f"{code}@")]
            fitting = [t for t in variants if keys is None or i18n.placeholders(t) <= keys]
            template = (fitting or variants or [None])[0]
        if template is None:
            problems.append(f"{where}: no sentence for {code} ({rule})")
            continue
        if keys is not None and i18n.placeholders(template) - keys:
            missing = sorted(i18n.placeholders(template) - keys)
            problems.append(f"{where}: {code} does not give {missing} for its sentence")
    assert not problems, "\n".join(problems)


def _catalog():
    return read_po(PO.open("rb"), locale="de")


def _engine_messages() -> set[tuple[str | None, str]]:
    ids = set()
    for game in GAMES:
        module = i18n.texts(game)
        for table in ("ERRORS", "HINTS", "STEPS", "PARTS"):
            ids.update((None, text) for text in getattr(module, table, {}).values())
    return ids


def test_every_sentence_has_its_german_translation():
    catalog = _catalog()
    problems = []
    wanted = _engine_messages() | _code_messages()
    for context, msgid in sorted(wanted, key=lambda x: (x[0] or "", x[1])):
        message = catalog.get(msgid, context=context)
        if message is None or not message.string:
            problems.append(f"no German for {msgid!r}")
        elif message.fuzzy:
            problems.append(f"German for {msgid!r} is marked fuzzy")
        elif i18n.placeholders(msgid) != i18n.placeholders(message.string):
            problems.append(f"German for {msgid!r} names other placeholders")
    assert not problems, "\n".join(problems)


def _code_messages() -> set[tuple[str | None, str]]:
    """Every sentence marked for translation in the project's code (what `make messages` finds)."""
    ids = set()
    for package in ("companion", "matches", "teams", "stats", "competitions"):
        for _filename, _lineno, message, _comments, context in extract_from_dir(
            ROOT / package,
            method_map=[("**.py", "python")],
            keywords={
                "_": None,
                "gettext": None,
                "gettext_lazy": None,
                "gettext_noop": None,
                "N_": None,
                "tr": None,
                "pgettext": ((1, "c"), 2),
            },
        ):
            if isinstance(message, tuple):
                message = message[0]
            ids.add((context, message))
    return ids


def test_the_compiled_catalog_is_current():
    """`make install` (or `make test`) compiles the .po; a stale .mo would drop sentences."""
    assert MO.exists(), "run make install: the German catalog is not compiled"
    compiled = stdlib_gettext.GNUTranslations(MO.open("rb"))
    for message in _catalog():
        if not message.id or not message.string:
            continue
        if message.pluralizable:
            found = tuple(compiled._catalog.get((message.id[0], n)) for n in range(2))
        else:
            key = f"{message.context}\x04{message.id}" if message.context else message.id
            found = compiled._catalog.get(key)
        assert found == message.string, (
            f"{message.id!r} differs in the compiled catalog: run make install"
        )


# ---------------------------------------------------------------- the jargon test

SAMPLES = {
    "side": 0,
    "team": 1,
    "player": 7,
    "players": [7, 9],
    "allowed": [1, 2],
    "card": None,  # per game below
    "kind": "long_ball",
    "edge": "left",
    "card_edge": "right",
    "step": None,
    "event": "long_shot",
    "style": "technical",
    "played": "tactical",
    "piece": "A-KKL",
    "partner": "A-KL",
    "out": "B-KL",
    "into": "B-KKLR",
    "pieces": ["B-RRK"],
    "symbol": "K",
    "field": "C3",
    "origin": "C2",
    "to": "A7",
    "fields": ["B2", "B3"],
    "count": 2,
    "reach": 1,
    "colour": "red",
    "colours": ["red", "blue"],
    "other": "blue",
    "third": "green",
    "trick": 2,
    "game": 1,
    "round": 3,
    "expected": 15,
    "given": 14,
    "points": 4,
    "winners": [0, 2],
    "low": 1,
    "high": 99,
    "minimum": 2,
    "maximum": 10,
    "number": 21,
    "group": "substitutes",
}
GAME_SAMPLES = {
    "hat-trick": {
        "card": {"kind": "long_ball", "footballs": 4, "edge": "left"},
        "step": "defender_move",
        "field": "cards[1]",
    },
    "trixkick": {"step": "attack"},
    "amigo-hattrick": {"card": "R10", "fields": ["type", "card"], "players": 7},
}
NAMES = {
    "hat-trick": ["Ajax", "Bayern"],
    "trixkick": ["Ajax", "Bayern"],
    "amigo-hattrick": ["Ann", "Ben", "Cat", "Dan"],
}
JARGON = [
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "snake_case"),
    (re.compile(r"\(s\)|\(e\)n\b|\(n\)"), "a plural in brackets"),
    (re.compile(r"\b(side|seite|player|spieler|team|mannschaft)\s+[0-9]\b", re.I), "a side index"),
    (re.compile(r"\b[SLD][1-4][lr]\b"), "Hat-Trick card notation"),
    (re.compile(r"\b[AB]-[KLR]{2,4}\b"), "TriXKick piece id"),
    (re.compile(r"[{}\[\]]|\bNone\b|'[^'\s]+'"), "a leftover of code"),
]
#: notation only one game writes (TriXKick's fields look like Amigo cards: "B2")
GAME_JARGON = {
    "hat-trick": [(re.compile(r"\b[a-d][1-6]\b"), "a field name")],
    "trixkick": [],
    "amigo-hattrick": [(re.compile(r"\b[RBG][0-9]{1,2}\b"), "Amigo card notation")],
}


def _all_templates(game):
    module = i18n.texts(game)
    yield from (("error", key, text) for key, text in module.ERRORS.items())
    yield from (("hint", key, text) for key, text in module.HINTS.items())


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", list(GAMES))
def test_no_engine_jargon_in_any_error_or_hint(game, language):
    params = {**SAMPLES, **GAME_SAMPLES[game]}
    problems = []
    with translation.override(language):
        for kind, key, template in _all_templates(game):
            text = i18n.fill(game, template, params, NAMES[game])
            for pattern, what in JARGON + GAME_JARGON[game]:
                found = pattern.search(text.replace("Idempotency-Key", ""))
                if found:
                    problems.append(f"{kind} {key}: {what} ({found.group(0)!r}) in {text!r}")
            if language == "de" and text == template and i18n.placeholders(template) == set():
                problems.append(f"{kind} {key}: not translated: {text!r}")
    assert not problems, "\n".join(problems)


def test_sides_are_named_blue_and_red_when_the_teams_have_no_names():
    with translation.override("de"):
        text = i18n.error_message("deck_empty", "HT-8.1", {"side": 1}, game="hat-trick")
    assert text == "Rot hat keine Karte mehr zum Nachziehen."
    with translation.override("en"):
        text = i18n.error_message(
            "card_not_available",
            "HT-1.4",
            {"side": 0, "card": {"kind": "long_ball", "footballs": 4, "edge": "left"}},
            names=["Blue", "Red"],
        )
    assert text == (
        "Blue cannot reveal “Long ball 4, left”: every such card of the deck has already been "
        "played."
    )


# ---------------------------------------------------------------- unmarked sentences

#: where an error's sentence is: the argument index of the message (a dict's values count)
MESSAGE_ARGUMENT = {
    "DomainError": 1,
    "Conflict": 1,
    "_unprocessable": 1,
    "error_body": 1,
    "ValidationError": 0,
    "ParseError": 0,
    "ErrorDetail": 0,
}


def _bare_sentences(node) -> list[ast.AST]:
    """The literal English of a message argument that no gettext call wraps."""
    if isinstance(node, (ast.Constant, ast.JoinedStr)):
        is_text = isinstance(node, ast.JoinedStr) or isinstance(node.value, str)
        return [node] if is_text else []
    if isinstance(node, ast.Dict):
        return [bare for value in node.values for bare in _bare_sentences(value)]
    if isinstance(node, (ast.List, ast.Tuple)):
        return [bare for value in node.elts for bare in _bare_sentences(value)]
    return []


def unmarked_error_sentences(package: str) -> list[str]:
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        if "migrations" in path.parts or "engine" in path.parts:
            continue  # the engines' sentences are templates, checked above
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "message" for target in node.targets
            ):  # message = "…", handed to one of the above later
                for bare in _bare_sentences(node.value):
                    found.append(
                        f"{path.relative_to(ROOT)}:{bare.lineno}: {ast.unparse(bare)[:70]}"
                    )
                continue
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            index = MESSAGE_ARGUMENT.get(name)
            if index is None:
                continue
            argument = node.args[index] if len(node.args) > index else None
            if argument is None:
                argument = next((k.value for k in node.keywords if k.arg == "message"), None)
            for bare in _bare_sentences(argument):
                found.append(f"{path.relative_to(ROOT)}:{bare.lineno}: {ast.unparse(bare)[:70]}")
    return found


@pytest.mark.parametrize("package", ["stats", "teams", "matches", "companion", "competitions"])
def test_every_error_sentence_of_the_api_is_marked_for_translation(package):
    """An error the API writes itself goes through gettext, so it has German (checked above)."""
    unmarked = unmarked_error_sentences(package)
    assert not unmarked, "\n".join(unmarked)
