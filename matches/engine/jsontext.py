"""Checks of JSON text from outside, before or after ``json.loads``, without recursion.

``nesting_exceeds`` tells whether brackets nest deeper than a limit (so a parser cannot recurse
its way into a ``RecursionError``); ``lone_surrogate`` finds a string holding a lone UTF-16
surrogate (``"\\ud800"`` is valid JSON but no character: it can be neither stored nor written
out as UTF-8). The API's body parser and the match file reader both use them.
"""

from __future__ import annotations

import re
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")


def nesting_exceeds(text: str, limit: int) -> bool:
    """Whether brackets nest deeper than ``limit`` outside strings (one pass, no recursion)."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def lone_surrogate(value: Any) -> str | None:
    """The first string (key or value) of a parsed JSON value holding a lone surrogate."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def may_hold_surrogate(text: str) -> bool:
    """Whether JSON text can parse to a lone surrogate: only through a ``\\u`` escape."""
    return "\\u" in text
