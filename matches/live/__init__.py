"""Live streams: wake-ups after commit, per topic and per viewer (``wakeups``), the kinds of
thing a stream follows (``topics``: a match's events here, ``feed``; a competition's table in
``competitions.live``), what a match's stream sends (``feed``), the delivery of what is new to
the open streams (``delivery``), the ASGI route that serves them (``handler``), what every
stream's view does before it opens (``opening``: limits, viewer), the wake-ups of changes that
are not appends (``signals``), and the match stream's endpoint (``api``)."""
