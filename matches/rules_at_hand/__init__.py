"""The rules at hand: each game's clauses in a few words (``clauses``), its tutorials
(``tutorials``), and their endpoints under ``/api/games/{game}/`` (``api``)."""
