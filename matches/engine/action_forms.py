"""The action methods every engine offers alike: an action read from and written to its JSON
form (the game's ``actions`` module) and its one-line notation (the game's ``notation``
module), and the table a notation module writes its actions with."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from types import ModuleType
from typing import Any, ClassVar

from matches.engine.base import JSON


class ActionForms:
    """``parse_action``, ``action_to_json``, ``format_action`` and ``parse_notation`` of
    :class:`matches.engine.base.GameEngine`, read from the modules an engine class names as
    ``actions`` (with ``parse_action`` and ``action_to_json``) and ``notation`` (with
    ``format_action`` and ``parse_notation``)."""

    actions: ClassVar[ModuleType]
    notation: ClassVar[ModuleType]

    def parse_action(self, data: JSON) -> Any:
        return self.actions.parse_action(data)

    def action_to_json(self, action: Any) -> dict[str, JSON]:
        written: dict[str, JSON] = self.actions.action_to_json(action)
        return written

    def format_action(self, action: Any) -> str:
        text: str = self.notation.format_action(action)
        return text

    def parse_notation(self, text: str) -> Any:
        return self.notation.parse_notation(text)


class NotationTable:
    """An action's one-line notation, looked up by its type: a ``str.format`` template over the
    action as ``a`` (``"sw{a.receiver}"``) or a function of it. A foreign object is refused
    with ``refuse()``."""

    def __init__(
        self,
        forms: Mapping[type, str | Callable[[Any], str]],
        refuse: Callable[[], Exception],
    ) -> None:
        self._forms = {
            kind: form if callable(form) else partial(_fill, form) for kind, form in forms.items()
        }
        self._refuse = refuse

    def __call__(self, action: Any) -> str:
        form = self._forms.get(type(action))
        if form is None:
            raise self._refuse()
        return form(action)


def _fill(template: str, action: Any) -> str:
    return template.format(a=action)
