"""Examples of every operation of the API, recorded from a real session on a fresh server.

``manage.py record_api_examples`` plays the tour (:mod:`companion.examples.tour`: accounts, a
Hat-Trick match played to its end by two phones, teams, builds, stats...) through the Django test
client on a fresh database and writes every request and answer it made, in order, to
``companion/openapi_examples.json`` (:mod:`companion.examples.session` says how a step is kept).
The schema takes its examples from that file (:mod:`companion.openapi_examples`), and
``tests/api/test_schema_examples.py`` plays the file again, step by step, on a fresh server.
"""
