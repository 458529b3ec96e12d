"""The match log: matches, their append-only event logs, and everything read from them.

The modules by layer (imports point down only; ``matches.engine`` holds the rules engines,
pure Python, and imports nothing of the rest):

- HTTP: ``api`` (the log), ``invitations_api``, ``parts_api``, ``rules_api``, ``live_api``;
  ``serializers`` (their ``...Input``/``...Output``/``...Query`` shapes), ``filters``
  (history filters), ``fields``, ``schema`` and ``schema_examples`` (the game protocol in the
  OpenAPI schema), ``error_codes`` (the codes registered with ``companion.api.codes``).
- Between the views and the rest: ``reading`` (what every match view reads first: the match
  if the reader may see it, else 404; a page of events as answered) and ``write_answers``
  (a write's answer, and the recipe an idempotent retry rebuilds it from).
- Writes: ``services`` (create, append, undo, redo, abandon, import), ``invitations``,
  ``parts`` (face-down choices), ``handoff`` (finished matches to the stats jobs),
  ``write_sql`` (the append path's statements), ``snapshots`` (parsed states kept for the
  next write), ``live`` (wake-ups after commit).
- Reads: ``selectors`` (querysets and states: visibility, the state at any seq, the log),
  ``replay`` (which actions are in effect), ``presenters`` (the JSON of matches, sides and
  events, built directly from rows).
- Words: ``i18n`` (engine sentences in the reader's language), ``rules`` (the rules at
  hand), ``tutorials``; ``errors`` (the log's own errors).

The write path from the view to the database and back is described in docs/api.md, "The
write path".
"""
