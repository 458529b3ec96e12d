"""Statements written as SQL from the models' own metadata, for the paths that run most.

Django compiles every ORM query anew, and that costs 0.4-1.7 ms a statement on our machines:
ten to thirty times what the database then takes to run it. Two paths pay it often enough to
matter: logging a move (a handful of statements a move, from every phone at every table) and
the stats jobs (thousands of rows a pass). They use these helpers; everything else uses the
ORM.

What goes in and comes out is what the ORM itself writes and reads. Tables and columns come
from ``Model._meta``. Values are adapted as the ORM adapts them when it saves (JSON and
datetimes by the backend's adapters, ints and strings as they are, anything else by the
field's ``get_db_prep_save``).
Values read pass through the converters the ORM applies (the backend's and the field's own
``from_db_value``) and become instances through ``Model.from_db``, with the columns not read
left deferred. ``tests/api/test_sql.py`` holds each helper against the ORM, on SQLite and on
PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from django.db import connection, models

Adapter = Callable[[Any], Any]


def table(model: type[models.Model]) -> str:
    """The model's table name, quoted for the database."""
    return connection.ops.quote_name(model._meta.db_table)


def column(model: type[models.Model], name: str, alias: str | None = None) -> str:
    """A field's column, quoted, under ``alias`` when given."""
    quoted = connection.ops.quote_name(model._meta.get_field(name).column)
    return f"{alias}.{quoted}" if alias else quoted


_PLAIN_FIELDS = (
    models.IntegerField,  # and its small/big/positive kinds
    models.CharField,
    models.TextField,
)
_JSON, _DATETIME, _PREPARED = "json", "datetime", "prepared"


def _kind(field: models.Field) -> str | None:
    """How a value of ``field`` goes to the database; ``None``: as it is."""
    if isinstance(field, models.JSONField):
        return _JSON
    if isinstance(field, models.DateTimeField):
        return _DATETIME
    if isinstance(field, models.ForeignKey):
        return _kind(field.target_field)
    if isinstance(field, _PLAIN_FIELDS):
        return None  # ints and strings are what the driver takes
    return _PREPARED


@cache
def _plan(model: type[models.Model], names: tuple[str, ...]) -> tuple[tuple[int, str, Any], ...]:
    """(index, kind, field) of the values among ``names`` that need adapting."""
    fields = [model._meta.get_field(name) for name in names]
    return tuple(
        (index, kind, field)
        for index, field in enumerate(fields)
        if (kind := _kind(field)) is not None
    )


def _adapter(kind: str, field: models.Field) -> Adapter:
    ops = connection.ops
    if kind == _JSON:
        encoder = field.encoder
        # None is SQL NULL, as JSONField.get_db_prep_save has it
        return lambda value: None if value is None else ops.adapt_json_value(value, encoder)
    if kind == _DATETIME:
        # one time often recurs on many rows (a match's, on every row it feeds): adapt it once
        adapted: dict[Any, Any] = {}

        def adapt_datetime(value: Any) -> Any:
            out = adapted.get(value, adapted)
            if out is adapted:
                out = adapted[value] = ops.adapt_datetimefield_value(value)
            return out

        return adapt_datetime
    return lambda value: field.get_db_prep_save(value, connection)


def _adapted(
    model: type[models.Model], names: tuple[str, ...], rows: Iterable[Sequence]
) -> list[list]:
    adapters = [(index, _adapter(kind, field)) for index, kind, field in _plan(model, names)]
    params = []
    for row in rows:
        row = list(row)
        for index, adapt in adapters:
            row[index] = adapt(row[index])
        params.append(row)
    return params


@cache
def _insert_sql(
    vendor: str, model: type[models.Model], names: tuple[str, ...], conflict: tuple[str, ...]
) -> tuple[str, str, str]:
    head = "INSERT INTO {} ({}) VALUES ".format(
        table(model), ", ".join(column(model, name) for name in names)
    )
    one = "({})".format(", ".join(["%s"] * len(names)))
    tail = ""
    if conflict:
        tail = " ON CONFLICT ({}) DO NOTHING".format(
            ", ".join(column(model, name) for name in conflict)
        )
    return head, one, tail


def insert_rows(
    model: type[models.Model],
    fields: Sequence[str],
    rows: Iterable[Sequence],
    *,
    skip_conflicts_on: Sequence[str] = (),
) -> int:
    """INSERT value tuples (in ``fields`` order); the number of rows inserted.

    One multi-row statement per 500 rows. No defaults and no ``auto_now``: pass every column
    the table needs. ``skip_conflicts_on``: the columns of a unique constraint; a row that
    would break it is left out (``ON CONFLICT … DO NOTHING``) instead of raising, and the
    count tells how many went in.
    """
    names = tuple(fields)
    params = _adapted(model, names, rows)
    if not params:
        return 0
    head, one, tail = _insert_sql(connection.vendor, model, names, tuple(skip_conflicts_on))
    inserted = 0
    with connection.cursor() as cursor:
        for start in range(0, len(params), 500):
            chunk = params[start : start + 500]
            cursor.execute(
                head + ", ".join([one] * len(chunk)) + tail,
                [value for row in chunk for value in row],
            )
            inserted += cursor.rowcount
    return inserted


@cache
def _update_sql(vendor: str, model: type[models.Model], names: tuple[str, ...]) -> str:
    return "UPDATE {} SET {} WHERE {} = %s".format(
        table(model),
        ", ".join(f"{column(model, name)} = %s" for name in names),
        column(model, model._meta.pk.name),
    )


def update_row(model: type[models.Model], pk: Any, values: Mapping[str, Any]) -> int:
    """UPDATE one row by primary key; the number of rows changed (0 or 1). No ``auto_now``."""
    names = tuple(values)
    (row,) = _adapted(model, names, [values.values()])
    with connection.cursor() as cursor:
        cursor.execute(_update_sql(connection.vendor, model, names), [*row, pk])
        return cursor.rowcount


class Columns:
    """Columns of a model under a table alias in a SELECT: their list, and instances from rows.

    ``names``: the fields to read (all concrete fields when omitted); the others are deferred
    on the instances, loaded on first access as the ORM does.
    """

    def __init__(self, model: type[models.Model], alias: str, names: Sequence[str] = ()):
        self.model = model
        self.alias = alias
        self.fields = (
            [model._meta.get_field(name) for name in names]
            if names
            else list(model._meta.concrete_fields)
        )
        self.attnames = [field.attname for field in self.fields]
        self._select: dict[str, str] = {}
        self._converters: tuple[Any, list] | None = None

    def __len__(self) -> int:
        return len(self.fields)

    def select(self) -> str:
        """The SELECT list of these columns."""
        text = self._select.get(connection.vendor)
        if text is None:
            quote = connection.ops.quote_name
            text = ", ".join(f"{self.alias}.{quote(field.column)}" for field in self.fields)
            self._select[connection.vendor] = text
        return text

    def _converters_now(self) -> list:
        cached = self._converters
        if cached is not None and cached[0] is connection.ops:
            return cached[1]
        found = []
        for index, field in enumerate(self.fields):
            expression = field.get_col(self.alias)
            functions = connection.ops.get_db_converters(expression) + field.get_db_converters(
                connection
            )
            if functions:
                found.append((index, expression, functions))
        self._converters = (connection.ops, found)
        return found

    def instance(self, values: Sequence[Any]) -> models.Model:
        """The instance a row's values (these columns, in order) stand for."""
        values = list(values)
        for index, expression, functions in self._converters_now():
            value = values[index]
            for convert in functions:
                value = convert(value, expression, connection)
            values[index] = value
        return self.model.from_db(connection.alias, self.attnames, values)


def fits(field: models.Field, value: int) -> bool:
    """Does the integer fit ``field``'s column? The ORM finds no row for one that does not (the
    database would refuse it as a parameter), and these statements must do the same."""
    low, high = connection.ops.integer_field_range(field.get_internal_type())
    return (low is None or value >= low) and (high is None or value <= high)


def split(row: Sequence[Any], *parts: Columns) -> list[Sequence[Any]]:
    """A row read as several ``Columns`` one after another, cut into their values."""
    cut, start = [], 0
    for part in parts:
        cut.append(row[start : start + len(part)])
        start += len(part)
    return cut


def fetch(sql: str, params: Sequence[Any]) -> list[tuple]:
    """The rows of a SELECT, as tuples."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()
