"""The examples in the engines' docstrings run, in every module of every engine."""

import doctest
import importlib
import inspect
import pkgutil

import pytest

import matches.engine

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(matches.engine.__path__, "matches.engine.")
    if ">>> " in inspect.getsource(importlib.import_module(info.name))
)


def test_the_engines_have_examples():
    games = {name.split(".")[2] for name in MODULES if name.count(".") >= 2}
    assert {"hat_trick", "trixkick", "amigo_hattrick"} <= games, MODULES


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
