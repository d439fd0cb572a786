"""DATABASE_URL: a postgresql:// URL selects PostgreSQL; a SQLite path (or nothing) keeps the
SQLite file of DATABASE_PATH; any other engine is refused in one line that shows no password."""

from __future__ import annotations

import pytest

from bot.settings import Settings

URL = "postgresql://menagerie:s3cret@db.example:5432/menagerie"


def test_without_a_url_the_sqlite_file_is_opened():
    assert Settings.from_env({}).database == "menagerie.sqlite3"
    assert Settings.from_env({"DATABASE_PATH": "/srv/m.sqlite3"}).database == "/srv/m.sqlite3"
    assert Settings.from_env({"DATABASE_URL": "  "}).database == "menagerie.sqlite3"


@pytest.mark.parametrize("url", [URL, "postgres://bot@/menagerie?host=/run/postgresql"])
def test_a_postgresql_url_is_opened_instead_of_the_file(url):
    settings = Settings.from_env({"DATABASE_URL": f" {url} ", "DATABASE_PATH": "x.sqlite3"})
    assert settings.database == url


def test_the_url_and_its_password_stay_out_of_a_printed_settings():
    assert "s3cret" not in repr(Settings.from_env({"DATABASE_URL": URL}))


@pytest.mark.parametrize(("given", "path"), [("/srv/m.sqlite3", "/srv/m.sqlite3"),
                                             ("sqlite:///srv/m.sqlite3", "srv/m.sqlite3"),
                                             ("sqlite:////srv/m.sqlite3", "/srv/m.sqlite3")])
def test_a_sqlite_path_as_the_url_is_that_file(given, path):
    settings = Settings.from_env({"DATABASE_URL": given, "DATABASE_PATH": "other.sqlite3"})
    assert (settings.database, settings.database_url) == (path, "")


def test_another_engine_is_refused_without_its_password():
    with pytest.raises(ValueError) as refused:
        Settings.from_env({"DATABASE_URL": "mysql://root:s3cret@db/menagerie"})
    assert str(refused.value) == ("DATABASE_URL must be postgresql://… (or a SQLite file's"
                                  " path; not mysql://…)")
