"""Building blocks the apps' models share: choices labelled by their own values, and the
visibility a match and a competition both have.

Nothing here is a table: the choices and fields end up in the models that use them, with the
same columns, choices and labels as if each model declared them itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import models

if TYPE_CHECKING:
    # the stubs give TextChoices a metaclass of their own, for the types of `choices` and
    # `values`: a metaclass of text choices derives from it
    from django.db.models.enums import _TextChoicesType as _TextChoicesMeta
else:
    from django.db.models.enums import ChoicesType as _TextChoicesMeta


class _LabelledByValue(_TextChoicesMeta):
    """The metaclass of :class:`Choices`: a member declared with its value alone is labelled
    with that value, its underscores read as spaces; one declared ``value, label`` keeps its
    label."""

    def __new__(metacls, classname: str, bases: tuple[type, ...], classdict: Any, **kwds: Any):
        for key in classdict._member_names:
            value = classdict[key]
            if isinstance(value, str):
                # dict.__setitem__, as Django's ChoicesType does: the enum's class dictionary
                # refuses a second assignment of a member
                dict.__setitem__(classdict, key, (value, value.replace("_", " ")))
        return super().__new__(metacls, classname, bases, classdict, **kwds)


class Choices(models.TextChoices, metaclass=_LabelledByValue):
    """Text choices whose label is the value itself (``IN_PROGRESS = "in_progress"`` is
    labelled "in progress") unless a member names its own (``SWISS = "swiss", "Swiss"``)."""


class Visibility(Choices):
    """Who sees a match or a competition: everyone (public lists), or its people alone."""

    PUBLIC = "public"
    PRIVATE = "private"


def visibility_field() -> models.CharField:
    """A match's or a competition's ``visibility``: public unless chosen otherwise."""
    return models.CharField(max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC)
