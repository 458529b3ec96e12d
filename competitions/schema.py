"""The live table's messages in the schema (``competitions.live``), typed as the match stream's
are: each message's ``data`` names its ``event`` (as the ``event:`` line does), so that a
client that reads only ``data`` (the Server-Sent Events client of @hey-api/openapi-ts) tells a
table from the stream's end. The stream's answer is ``TableStreamData``; ``TableStreamMessage``
is a whole message. The end is the match stream's ``StreamEnd``."""

from __future__ import annotations

from matches.http.schema import one_of, ref


def _nullable(name: str) -> dict:
    return {"allOf": [ref(name)], "nullable": True}


STREAM_COMPONENTS: dict[str, dict] = {
    "TableUpdate": {
        "type": "object",
        "description": "The data of an `event: table` message: the competition's table as it "
        "is stored now, whole, as `GET table/` answers it to this reader, and its bracket as "
        "`GET bracket/` answers it (a cup, or groups then a cup; `null` for the other "
        "formats).",
        "properties": {
            "event": {"type": "string", "enum": ["table"], "description": "As `event:`."},
            "competition": {"type": "integer"},
            "status": ref("CompetitionStatusEnum"),
            "etag": {
                "type": "string",
                "description": "The table's `ETag`, as `GET table/` sends it to this reader "
                "(`If-None-Match` with it is 304 until the table changes); the message's "
                "`id`.",
            },
            "bracket_etag": {
                "type": "string",
                "nullable": True,
                "description": "The bracket's `ETag`, as `GET bracket/` sends it.",
            },
            "table": ref("TableOutput"),
            "bracket": _nullable("BracketOutput"),
        },
        "required": [
            "event",
            "competition",
            "status",
            "etag",
            "bracket_etag",
            "table",
            "bracket",
        ],
    },
    "TableStreamData": one_of(
        "event",
        {"table": "TableUpdate", "end": "StreamEnd"},
        description="The `data` of one message of a competition's live table, parsed as JSON, "
        "chosen by its `event` (the message's `event:` line): the table, or the stream's end.",
    ),
    "TableUpdateMessage": {
        "type": "object",
        "description": '`id: "<the table\'s ETag>"`, `event: table`, `data: <a TableUpdate '
        "as JSON>`.",
        "properties": {
            "id": {"type": "string", "description": "The table's `ETag`: `Last-Event-ID`."},
            "event": {"type": "string", "enum": ["table"]},
            "data": ref("TableUpdate"),
        },
        "required": ["id", "event", "data"],
    },
    "TableStreamMessage": one_of(
        "event",
        {"table": "TableUpdateMessage", "end": "StreamEndMessage"},
        description="One whole message of a competition's live table (its `id:`, `event:` and "
        "`data:` lines), its `data` parsed as JSON.",
    ),
}


def postprocess_schema(result, generator, request, public):
    """drf-spectacular hook: the live table's messages, beside the tables and the match
    stream's end they are made of (a schema of some paths only may lack them)."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    needed = {"TableOutput", "BracketOutput", "CompetitionStatusEnum", "StreamEnd"}
    if needed <= set(schemas):
        schemas.update(STREAM_COMPONENTS)
    return result
