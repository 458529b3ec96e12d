"""The stats API: public reads of manager stats, leaderboards, head-to-head, player stats,
team cards (JSON and SVG) and rating charts. Bad query parameters are 400 in the error shape.

A module per kind of stats (``manager_stats``, ``ratings``, ``player_stats``, ``team_cards``),
and what their views share (``public``)."""
