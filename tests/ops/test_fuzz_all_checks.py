"""A small schemathesis run with every check it has but two, on every operation: no 5xx, no
answer under ``/api/`` that is not JSON (the match file, the picture and the stream aside, each
in its declared media type), every status, header, media type and body as the schema declares,
required headers, unsupported methods, ``Allow``, authentication not ignored, resources
available. ``FUZZ_ALL_EXAMPLES`` sets the examples per operation (default: a few, for CI); the
larger run of ``tests/ops/test_fuzz_api.py`` goes deeper.

Left out, and why (docs/operations.md): ``positive_data_acceptance``, because input the schema
allows can still break a rule the schema cannot state (an edition that does not exist, a move
the game refuses: 400 with its code, listed); ``negative_data_rejection``, because DRF reads
``0`` for a boolean as false and a number for a text as its digits, which the schema does not
allow but the server accepts.
"""

from __future__ import annotations

import copy
import os

import pytest
import schemathesis
import schemathesis.specs.openapi.checks  # noqa: F401 - registers the OpenAPI checks
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from schemathesis.checks import CHECKS
from schemathesis.config import SchemathesisConfig

from tests.ops.test_fuzz_api import (  # noqa: F401
    _aim,
    keep_the_test_connection,
    stream_conformance,
    world,
)
from tests.ops.test_fuzz_api import schema as deeper

EXAMPLES = int(os.environ.get("FUZZ_ALL_EXAMPLES", "3"))
FILES = ("text/plain", "image/svg+xml", "text/event-stream")
SEEN = {"count": 0, "not_json": []}

LEFT_OUT = {"positive_data_acceptance", "negative_data_rejection"}
# a stream's messages checked by their data, as the schema types them (test_fuzz_api.py)
CHECKED = [
    stream_conformance if check.__name__ == "response_schema_conformance" else check
    for check in CHECKS.get_all()
    if check.__name__ not in LEFT_OUT
]

# the schema the deeper run loaded from the server (building it again costs seconds), with the
# default phases, the coverage phase among them, but the examples phase (the recorded examples
# are replayed in their order by tests/api/test_schema_examples.py)
schema = schemathesis.openapi.from_dict(
    copy.deepcopy(deeper.raw_schema),
    config=SchemathesisConfig.from_dict({"phases": {"examples": {"enabled": False}}}),
)
schema.app, schema.location = get_wsgi_application(), deeper.location


@pytest.mark.django_db
@pytest.mark.any_database
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
@pytest.mark.slow
def test_every_check_of_schemathesis_passes(case, world):  # noqa: F811
    SEEN["count"] += 1
    _aim(case, world, SEEN["count"] % 2 == 0)
    headers = {"Authorization": f"Bearer {world['token']}", "Accept-Encoding": "identity"}
    with keep_the_test_connection():
        response = case.call_and_validate(headers=headers, checks=CHECKED)
    assert response.status_code < 500
    found = {name.lower(): value for name, value in response.headers.items()}
    media = found.get("content-type", [""])
    media = media[0] if isinstance(media, list) else media
    if response.status_code != 304 and response.content:
        assert media.startswith("application/json") or media.startswith(FILES), (
            case.path,
            media,
        )
