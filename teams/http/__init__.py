"""The teams app's HTTP API, one module per feature: editions, teams, builds."""
