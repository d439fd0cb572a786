"""How a value SQLite stored becomes the value a PostgreSQL column of a given type takes, for
`bot.db.copy`. SQLite keeps five storage classes and is loose about which a column holds;
asyncpg encodes each PostgreSQL type from one Python type only, and refuses the rest.

Today the two migration sets differ only in width (INTEGER → BIGINT, REAL → DOUBLE PRECISION)
and keep flags as 0/1 and JSON as TEXT in both; the other types are here so a later migration
that uses them on PostgreSQL's side needs no change to the copy.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

Convert = Callable[[Any], Any]


def converter(pg_type: str) -> Convert:
    """The conversion for a PostgreSQL column of ``pg_type`` (its ``udt_name``: int8, bool,
    jsonb, timestamptz, …); NULL stays NULL. A value that does not fit raises ValueError saying
    why. A type not named here gets the value as SQLite gave it."""
    convert = _CONVERTERS.get(pg_type, _same)

    def nullable(value: Any) -> Any:
        return None if value is None else convert(value)

    return nullable


def _same(value: Any) -> Any:
    return value


def _integer(value: Any) -> int:
    if isinstance(value, (bool, int)):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            pass
    raise ValueError(f"{value!r} is not a whole number")


def _float(value: Any) -> float:
    if isinstance(value, (bool, int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            pass
    raise ValueError(f"{value!r} is not a number")


def _numeric(value: Any) -> Decimal:
    try:
        # Through str: Decimal(0.1) would keep the binary float's long expansion.
        return Decimal(str(value).strip())
    except InvalidOperation:
        raise ValueError(f"{value!r} is not a number") from None


def _text(value: Any) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8")
    return str(value)


_TRUE, _FALSE = {"1", "t", "true", "y", "yes", "on"}, {"0", "f", "false", "n", "no", "off"}


def _boolean(value: Any) -> bool:
    # SQLite has no booleans: a flag is stored as 0/1 (or, by hand, as text).
    if isinstance(value, (bool, int, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise ValueError(f"{value!r} is not a flag (0 or 1)")


def _json(value: Any) -> str:
    # asyncpg takes json and jsonb as text; checked here, so a bad document names its row.
    text = _text(value)
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"{text[:40]!r} is not JSON ({error})") from None
    return text


def _moment(value: Any) -> dt.datetime:
    """A point in time, in UTC: seconds since 1970 (how the bot stores times), or ISO text
    (SQLite's own date functions write that, without a zone: UTC)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return dt.datetime.fromtimestamp(value, dt.UTC)
    if isinstance(value, str):
        try:
            moment = dt.datetime.fromisoformat(value.strip())
        except ValueError:
            pass
        else:
            return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
    raise ValueError(f"{value!r} is not a time")


def _timestamptz(value: Any) -> dt.datetime:
    return _moment(value)


def _timestamp(value: Any) -> dt.datetime:
    # A column without a zone holds UTC's wall clock, as SQLite's datetime('now') does.
    return _moment(value).astimezone(dt.UTC).replace(tzinfo=None)


def _date(value: Any) -> dt.date:
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value.strip()[:10])
        except ValueError:
            pass
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _moment(value).date()
    raise ValueError(f"{value!r} is not a date")


def _bytea(value: Any) -> bytes:
    return value.encode("utf-8") if isinstance(value, str) else bytes(value)


_CONVERTERS: dict[str, Convert] = {
    "int2": _integer, "int4": _integer, "int8": _integer,
    "float4": _float, "float8": _float, "numeric": _numeric,
    "text": _text, "varchar": _text, "bpchar": _text,
    "bool": _boolean, "json": _json, "jsonb": _json,
    "timestamptz": _timestamptz, "timestamp": _timestamp, "date": _date,
    "bytea": _bytea,
}
