"""The match log: creating a match and writing to its append-only log (``services``, its
statements in ``write_sql``, the parsed states kept for the next write in ``snapshots``, the
finished match handed to the stats jobs in ``handoff``), reading it (``selectors``, which
actions are in effect in ``replay``), a write's answer (``answers``) and the log's endpoints
(``api``)."""
