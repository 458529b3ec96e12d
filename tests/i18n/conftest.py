import pytest

from teams.services import reference_editions_load


@pytest.fixture
def editions(db):
    return reference_editions_load()
