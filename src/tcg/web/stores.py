"""``open_store(db)``: the store of a database, SQLite (``store``) or PostgreSQL (``store_pg``).
Here, above both back ends, so that neither imports the other (``store_pg`` builds on
``store``'s ``SQLStore``)."""
from __future__ import annotations

import os

from .store import SQLiteStore, SQLStore, default_db_path


def open_store(db: str | os.PathLike | None = None) -> SQLStore:
    """The store of ``db``: a ``postgresql://`` (or ``postgres://``) URL opens PostgreSQL (the
    ``postgres`` extra), anything else is a SQLite file (default: ``default_db_path()``)."""
    target = str(db) if db is not None else str(default_db_path())
    if target.startswith(("postgresql://", "postgres://")):
        from .store_pg import PostgresStore  # psycopg only when asked for
        return PostgresStore(target)
    return SQLiteStore(target)


__all__ = ["open_store"]
