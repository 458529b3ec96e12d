"""The match log: matches, their append-only event logs, and everything read from them.

A package per feature, each with its services/selectors and its HTTP module (``api``);
imports point down only (HTTP -> services/selectors -> engines and models), a feature uses
another's public functions, and no feature imports another's HTTP module (the import-linter
contracts of pyproject.toml). ``matches.engine`` holds the rules engines, pure Python, and
imports nothing of the rest.

- ``log``: opening a match and writing to its log (``services``: create, append one or a batch,
  undo, redo, abandon, import; ``write_sql``: the append path's statements; ``snapshots``:
  parsed states kept for the next write; ``handoff``: finished matches to the stats jobs),
  reading it (``selectors``: visibility, the state at any seq, the log; ``replay``: which
  actions are in effect), a write's answer and the recipe an idempotent retry rebuilds it from
  (``answers``), and the log's endpoints (``api``).
- ``invitations``: a side names a user only with their consent.
- ``parts``: choices both sides make at once, face down, from a phone each.
- ``live``: live streams (``wakeups`` after commit, ``feed``: what a stream sends,
  ``delivery`` to open streams, the ASGI route in ``handler``, ``signals``).
- ``rules_at_hand``: the rules' clauses in a few words (``clauses``) and the tutorials.
- ``http``: the HTTP surface the endpoints share: ``serializers`` (their
  ``...Input``/``...Output``/``...Query`` shapes), ``presenters`` (the JSON of matches, sides
  and events, built directly from rows), ``reading`` (what every match view reads first: the
  match if the reader may see it, else 404; a page of events as answered), ``filters``
  (history filters), ``responses`` (the error responses they declare), ``schema`` (the game
  protocol in the OpenAPI schema).
- Shared by the features: ``models``, ``errors`` (the log's own errors), ``error_codes`` (the
  codes registered with ``companion.api.codes``), ``i18n`` (engine sentences in the reader's
  language), ``fields`` (serializer fields the apps' APIs share); ``urls`` gathers the
  features' routes.

The write path from the view to the database and back is described in docs/api.md, "The
write path".
"""
