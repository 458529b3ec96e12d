"""``manage.py record_api_examples``: the schema's examples, recorded from the tour of the API.

Run it with the test settings (``make examples``): the tour is played through the Django test
client on a new test database (migrated, then prepared as an operator prepares a new server),
which is dropped afterwards; mails stay in memory and tasks run at once, as in the test suite.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from django.core.management.base import BaseCommand
from django.db import connection
from django.test.utils import setup_test_environment, teardown_test_environment

from companion.celery import app
from companion.examples import tour
from companion.examples.session import STAFF, Recorder, prepare_server
from companion.openapi_examples import FILE

ABOUT = (
    "The schema's examples: every request and answer of the tour of the API "
    "(companion/examples/tour.py), in order, as a fresh server answered them. Written by "
    "`make examples`; docs/api.md, 'Examples', says how a replay maps ids, tokens and times."
)


class Command(BaseCommand):
    help = "Play the tour of the API on a fresh database and write the schema's examples."

    def add_arguments(self, parser):
        parser.add_argument("--output", type=Path, default=FILE, help="where to write them")

    def handle(self, *args, output: Path, **options):
        setup = {"staff": STAFF}
        setup_test_environment()
        eager = app.conf.task_always_eager
        app.conf.task_always_eager = True
        old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
        logging.disable(logging.WARNING)  # the refusals the tour asks for are no news
        try:
            prepare_server(setup)
            recorder = Recorder()
            tour.play(recorder)
        finally:
            logging.disable(logging.NOTSET)
            connection.creation.destroy_test_db(old_name, verbosity=0)
            app.conf.task_always_eager = eager
            teardown_test_environment()
        data = {"about": ABOUT, "setup": setup, "steps": recorder.steps}
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        output.write_text(text, encoding="utf-8")
        examples = sum(1 for step in recorder.steps if step["example"])
        self.stdout.write(f"{len(recorder.steps)} steps, {examples} examples: {output}")
