"""Live streams of matches: wake-ups after commit, per match and per viewer (``wakeups``), what
a stream sends (``feed``), the delivery of new events to a match's open streams
(``delivery``), the ASGI route that serves them (``handler``), the wake-ups of changes that are
not appends (``signals``), and the endpoint (``api``)."""
