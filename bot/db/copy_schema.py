"""What `bot.db.copy` copies: the tables of the SQLite schema and their PostgreSQL twins, checked
to match column for column, with each column's PostgreSQL type and sequence, in an order that
inserts parents before the rows whose foreign keys name them. All of it is read from the two
catalogs, so a new migration needs no change here."""

from __future__ import annotations

import graphlib
from collections.abc import Sequence
from dataclasses import dataclass

from bot.db.engine import SqliteDatabase
from bot.db.postgres import VERSION_TABLE, PostgresDatabase


class CopyError(Exception):
    """The copy cannot be done; the message is one line saying why and what to do."""


@dataclass(frozen=True, slots=True)
class Table:
    """One table to copy: its columns with their PostgreSQL types (udt_name), and which of
    them draw from a sequence (serial or identity)."""

    name: str
    columns: tuple[tuple[str, str], ...]
    serials: tuple[str, ...]


def quoted(name: str) -> str:
    """``name`` as an SQL identifier, whatever it holds (the same in both dialects)."""
    return '"' + name.replace('"', '""') + '"'


async def plan(src: SqliteDatabase, dst: PostgresDatabase) -> list[Table]:
    """The tables to copy, parents before the tables whose foreign keys point at them, after
    checking that both sides have the same tables and columns.

    Raises:
        CopyError: a table or column is missing on one side (each one named).
    """
    sqlite = await _sqlite_tables(src)
    postgres = await _postgres_tables(dst)
    problems = [f"table {t} is missing in PostgreSQL" for t in sorted(set(sqlite) - set(postgres))]
    problems += [f"table {t} is missing in SQLite" for t in sorted(set(postgres) - set(sqlite))]
    for table in sorted(set(sqlite) & set(postgres)):
        theirs = [name for name, _ in postgres[table]]
        problems += [f"column {table}.{c} is missing in PostgreSQL"
                     for c in sqlite[table] if c not in theirs]
        problems += [f"column {table}.{c} is missing in SQLite"
                     for c in theirs if c not in sqlite[table]]
    if problems:
        raise CopyError(f"Cannot copy: the two schemas differ ({'; '.join(problems)}). Both"
                        " are at this version's newest migration, so one was changed by hand.")
    serials = await _serial_columns(dst)
    return [Table(name, tuple(postgres[name]), tuple(serials.get(name, ())))
            for name in await _parents_first(dst, sorted(sqlite))]


async def _sqlite_tables(src: SqliteDatabase) -> dict[str, list[str]]:
    """Every table of the SQLite schema but its own (sqlite_*) and the version bookkeeping
    (kept in PRAGMA user_version; a table of that name would be PostgreSQL's, not data)."""
    found: dict[str, list[str]] = {}
    for name, sql in await src.fetch_all(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"):
        if name == VERSION_TABLE:
            continue
        if "WITHOUT ROWID" in " ".join(str(sql).upper().split()):
            raise CopyError(f"Cannot copy the table {name}: it is WITHOUT ROWID, and this copy"
                            " reads each table in rowid order.")
        found[name] = [row[0] for row in await src.fetch_all(
            "SELECT name FROM pragma_table_info(?) ORDER BY cid", (name,))]
    return found


async def _postgres_tables(dst: PostgresDatabase) -> dict[str, list[tuple[str, str]]]:
    """Every table of the target's schema but the version bookkeeping: (column, udt_name)."""
    found: dict[str, list[tuple[str, str]]] = {}
    for row in await dst.fetch_all(
            "SELECT c.table_name, c.column_name, c.udt_name FROM information_schema.columns c"
            " JOIN information_schema.tables t USING (table_schema, table_name)"
            " WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'"
            " ORDER BY c.table_name, c.ordinal_position"):
        if row["table_name"] != VERSION_TABLE:
            found.setdefault(row["table_name"], []).append((row["column_name"], row["udt_name"]))
    return found


async def _serial_columns(dst: PostgresDatabase) -> dict[str, list[str]]:
    """The columns of each table that take their values from a sequence (serial, identity),
    read from the catalog, so a new one needs no change here."""
    found: dict[str, list[str]] = {}
    for row in await dst.fetch_all(
            "SELECT c.relname, a.attname FROM pg_class c"
            " JOIN pg_namespace n ON n.oid = c.relnamespace"
            " JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped"
            " WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')"
            " AND pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname)"
            " IS NOT NULL ORDER BY c.relname, a.attnum"):
        found.setdefault(row["relname"], []).append(row["attname"])
    return found


async def _parents_first(dst: PostgresDatabase, names: Sequence[str]) -> list[str]:
    """``names`` in an order that inserts every row after the rows its foreign keys name
    (alphabetical where the keys leave a choice)."""
    order = graphlib.TopologicalSorter({name: set() for name in names})
    for child, parent in await dst.fetch_all(
            "SELECT child.relname, parent.relname FROM pg_constraint k"
            " JOIN pg_class child ON child.oid = k.conrelid"
            " JOIN pg_class parent ON parent.oid = k.confrelid"
            " JOIN pg_namespace n ON n.oid = child.relnamespace"
            " WHERE k.contype = 'f' AND n.nspname = current_schema()"):
        if child != parent and child in names and parent in names:
            order.add(child, parent)
    try:
        order.prepare()
    except graphlib.CycleError as error:
        raise CopyError(f"Cannot copy: the foreign keys of {error.args[1]} form a cycle.") from None
    found: list[str] = []
    while order.is_active():
        ready = sorted(order.get_ready())
        found += ready
        order.done(*ready)
    return found
