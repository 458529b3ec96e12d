"""Every rule clause that needs a test has one.

The house rule: every interpretation of a point the rulebook leaves open is written down in
``docs/rules/`` next to its clause, and has a test. This test reads the three rules documents,
collects every clause id (``HT-…``, ``HX-…``, ``TK-…``, ``AH-…``) and fails when a clause marked
as an interpretation, or naming an error code that the engines (or the team-building checks)
raise, is cited by no test file under ``tests/``. A test cites a clause by its id
(``"HX-S.4"``, e.g. ``err.rule == "HX-S.4"``, or in a docstring or comment) or in its name
(``test_HX_S_4_…``, ``test_tk_4_3_…``).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [
    ROOT / "docs" / "rules" / f"{name}.md" for name in ("hat-trick", "trixkick", "amigo-hattrick")
]
# Where the codes a clause may name come from: the engines and the team-building checks.
CODE_SOURCES = [ROOT / "matches" / "engine"]

ID = r"(?:HT|HX|TK|AH)-[A-Z0-9]+(?:\.[0-9]+)?"
# A clause is defined by a bullet that starts with its id in bold, or by a heading.
DEFINITION = re.compile(rf"^\s*(?:[*-]\s+\*\*({ID})\*\*|#{{2,4}}\s+({ID})\b)")
INTERPRETATION = re.compile(r"interpretation|\(ours\)|our rules|our interpretation", re.I)
BACKTICKED = re.compile(r"`([a-z]+(?:_[a-z]+)+)`")

# Clause ids that are headings or definitions with nothing of their own to test: the clauses
# under them are tested one by one. Keep this short; only a heading with sub-clauses belongs here.
ALLOWED_UNTESTED = {
    # "### HX-E Optional match events (our rules)": says every event below is our rule;
    # HX-E.0 to HX-E.5 each have their tests.
    "HX-E": "heading of the optional match events",
}

# Known gaps: clauses that need a test and have none yet. This list may only shrink: a listed
# clause that gets a test fails test_known_gaps_are_still_gaps until it is removed here.
KNOWN_GAPS: dict[str, str] = {}


@cache
def clauses() -> dict[str, str]:
    """Clause id -> its text (the defining line and its continuation), over the three docs."""
    found: dict[str, str] = {}
    for doc in DOCS:
        current = None
        for line in doc.read_text().splitlines():
            m = DEFINITION.match(line)
            if m:
                current = m.group(1) or m.group(2)
                found[current] = found.get(current, "") + line + "\n"
            elif line.startswith(("#", "* **", "- **")):
                current = None
            elif current is not None:
                found[current] += line + "\n"
    return found


@cache
def error_codes() -> frozenset[str]:
    """The codes the engines and the team checks raise (first string argument of a raise helper
    or an error class, or a member of an error-code enum)."""
    text = ""
    for source in CODE_SOURCES:
        files = [source] if source.is_file() else sorted(source.rglob("*.py"))
        text += "".join(f.read_text() for f in files)
    raised = re.findall(
        r"\b(?:illegal|violation|game_over|\w*Error)\(\s*\"([a-z]+(?:_[a-z]+)*)\"", text
    )
    enum_members = re.findall(r"^\s+[A-Z_]+ = \"([a-z]+(?:_[a-z]+)+)\"", text, re.M)
    return frozenset(raised) | frozenset(enum_members)


@cache
def texts_of_tests() -> str:
    this = Path(__file__).resolve()  # its lists name clauses; naming is not testing
    files = [p for p in sorted((ROOT / "tests").rglob("*.py")) if p.resolve() != this]
    return "\n".join(p.read_text() for p in files)


def cited(clause: str) -> bool:
    dotted = clause
    underscored = clause.replace("-", "_").replace(".", "_")
    for form in (dotted, underscored):
        # not a prefix of a longer id: HX-S.1 is not cited by HX-S.12, TK-3 not by TK_3_1
        if re.search(
            rf"(?<![A-Za-z0-9]){re.escape(form)}(?![0-9]|[._][0-9])", texts_of_tests(), re.I
        ):
            return True
    return False


def needs_a_test(clause: str) -> bool:
    text = clauses()[clause]
    codes = set(BACKTICKED.findall(text)) & error_codes()
    return bool(INTERPRETATION.search(text) or codes)


def test_the_documents_define_clauses():
    ids = clauses()
    for prefix, at_least in (("HT-", 50), ("HX-", 60), ("TK-", 40), ("AH-", 25)):
        assert sum(1 for c in ids if c.startswith(prefix)) >= at_least, prefix
    # the detection itself: known interpretations and known error codes are seen as such
    assert INTERPRETATION.search(ids["HX-S.12"]) and INTERPRETATION.search(ids["HT-0.3"])
    assert "style_card_fresh" in error_codes() and "third_colour" in error_codes()
    assert needs_a_test("HX-S.4") and needs_a_test("AH-3.5") and needs_a_test("TK-12.4")


def test_the_allow_list_names_headings_with_clauses_under_them():
    for clause in ALLOWED_UNTESTED:
        assert clause in clauses(), f"{clause} is not a clause of docs/rules/ any more"
        assert clauses()[clause].startswith("#"), f"{clause} is not a heading"
        assert any(c.startswith(clause + ".") for c in clauses()), f"{clause} has no clauses"


def test_known_gaps_are_still_gaps():
    for clause in KNOWN_GAPS:
        assert clause in clauses() and needs_a_test(clause), clause
        assert not cited(clause), f"{clause} has a test now: remove it from KNOWN_GAPS"


@pytest.mark.parametrize("clause", sorted(clauses()))
def test_every_interpretation_and_every_error_code_has_a_test(clause):
    if clause in ALLOWED_UNTESTED or clause in KNOWN_GAPS or not needs_a_test(clause):
        return
    assert cited(clause), (
        f"{clause} is an interpretation or names an error code in docs/rules/, but no test "
        f"under tests/ cites it (by id, e.g. err.rule == {clause!r}, or in a test's name)"
    )
