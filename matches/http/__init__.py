"""The HTTP surface the match endpoints share: their input and output shapes (``serializers``),
the JSON of matches, sides and events built directly (``presenters``), what every match view
reads first (``reading``), history filters (``filters``), the error responses they declare
(``responses``), and the game protocol in the OpenAPI schema (``schema``)."""
