"""The games in PostgreSQL, for several ``tcg serve`` processes behind one address
(``tcg serve --db postgresql://user@host/db``; the ``postgres`` extra installs psycopg).

The same tables and operations as SQLite (``store.SQLStore``). Besides:

* every write transaction sends ``NOTIFY tcg_games`` ("<game> <version> <origin>", delivered at
  commit); each process ``listen``s on its own connection and brings its live copy of that game
  up to date, so a seat sees every change whichever process it is connected to;
* ``own(game)`` takes a session-level advisory lock on the game: the process holding it runs the
  game's computer player (and clocks), so no move is made twice; when that process dies its
  session ends, the lock is free, and another process takes the game over. ``release(game)``
  gives it back: when the game ends (``append`` of its result) and when the server drops the
  game's room from memory (an idle room), so a process holds a lock only per live game it runs
  (PostgreSQL's lock table is small: ``max_locks_per_transaction`` × connections, about 6,400
  by default, shared by every session).

Appending action n locks the game's row (``SELECT … FOR UPDATE``) and the (game, index) key is
unique, as in SQLite: two processes can never fork a game.
"""
from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from .store import SCHEMA as SQLITE_SCHEMA
from .store import UNKNOWN, SQLStore, StoreError

log = logging.getLogger("tcg.web")

# SQLite's tables in PostgreSQL's types (no STRICT; REAL is a double)
SCHEMA = SQLITE_SCHEMA.replace(" STRICT", "").replace(" REAL", " DOUBLE PRECISION")
CHANNEL = "tcg_games"
SCHEMA_LOCK = 7_361_007  # advisory lock held while a process creates the tables


def _psycopg():
    try:
        import psycopg
    except ImportError:
        raise StoreError("a postgresql:// database needs psycopg: install the 'postgres' extra "
                         "(uv sync --extra postgres, or pip install 'tcg[postgres]')") from None
    return psycopg


class PostgresStore(SQLStore):
    """The games of one PostgreSQL database, shared by several server processes."""

    shared = True
    FOR_UPDATE = " FOR UPDATE"

    def __init__(self, url: str):
        self.url = url
        self.origin = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"  # this process's changes
        self._psycopg = _psycopg()
        self._local = threading.local()
        self._lock_db: Any = None
        self._lock_guard = threading.Lock()
        self._owned: set[str] = set()
        self._listener: threading.Thread | None = None
        self._closing = threading.Event()
        try:
            db = self._db()
            with db.transaction():
                db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                db.execute(SCHEMA)
                self._migrate(db)  # store.MIGRATIONS: a database of an earlier version brought up to date
        except self._psycopg.Error as e:
            raise StoreError(" ".join(str(e).split())) from None

    def _connect(self):
        return self._psycopg.connect(self.url, autocommit=True, connect_timeout=10)

    # --- connections ------------------------------------------------------------------------
    def _db(self):
        db = getattr(self._local, "db", None)
        if db is None or db.closed:
            db = self._connect()
            self._local.db = db
        return db

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        db = self._db()
        with db.transaction():
            yield db

    def _exec(self, db: Any, sql: str, params: tuple = ()) -> Any:
        return db.execute(sql.replace("?", "%s"), params)

    def _changed(self, db: Any, gid: str, version: int | None) -> None:
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{gid} {-1 if version is None else version} {self.origin}"))

    def close(self) -> None:
        self._closing.set()
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None
        with self._lock_guard:
            if self._lock_db is not None:
                self._lock_db.close()
                self._lock_db = None

    # --- other processes ----------------------------------------------------------------------
    def listen(self, callback: Callable[[str, int], Any]) -> None:
        """Call ``callback(gid, version)`` from a listening thread for every change another
        process commits (``version`` -1: only its seats or prepared choices changed)."""
        if self._listener is not None:
            return
        ready = threading.Event()

        def run() -> None:
            pause = 0.5
            while not self._closing.is_set():
                try:
                    with self._connect() as conn:
                        conn.execute(f"LISTEN {CHANNEL}")
                        ready.set()
                        pause = 0.5
                        while not self._closing.is_set():
                            for n in conn.notifies(timeout=1.0):
                                gid, version, origin = (n.payload.split(" ") + ["", "", ""])[:3]
                                if origin != self.origin and version.lstrip("-").isdigit():
                                    callback(gid, int(version))
                except Exception:  # noqa: BLE001 - the database went away: try again
                    if self._closing.is_set():
                        return
                    log.warning("listening to PostgreSQL failed; retrying in %.1f s", pause, exc_info=True)
                    time.sleep(pause)
                    pause = min(pause * 2, 10.0)

        self._listener = threading.Thread(target=run, name="tcg-pg-listen", daemon=True)
        self._listener.start()
        ready.wait(10)  # changes committed from now on are heard

    def append(self, gid: str, index: int, entry: Any, result: Any, to_move: int | None = UNKNOWN) -> int:
        version = super().append(gid, index, entry, result, to_move)
        if result:
            self.release(gid)  # over: nothing more to run
        return version

    def own(self, gid: str) -> bool:
        """Take (or hold) the game's advisory lock: only its holder runs the computer player."""
        with self._lock_guard:
            if gid in self._owned:
                return True
            try:
                if self._lock_db is None or self._lock_db.closed:
                    self._lock_db = self._connect()
                    self._owned.clear()  # a new session holds nothing yet
                row = self._lock_db.execute("SELECT pg_try_advisory_lock(hashtext(%s))", (gid,)).fetchone()
            except self._psycopg.Error:
                log.warning("cannot take the lock of game %s", gid, exc_info=True)
                return False
            if row and row[0]:
                self._owned.add(gid)
                return True
            return False

    def release(self, gid: str) -> None:
        """Give the game's advisory lock back (if held): another process may take it."""
        with self._lock_guard:
            if gid not in self._owned:
                return
            self._owned.discard(gid)
            try:
                if self._lock_db is not None and not self._lock_db.closed:
                    self._lock_db.execute("SELECT pg_advisory_unlock(hashtext(%s))", (gid,))
            except self._psycopg.Error:  # the session is gone: so is its lock
                log.warning("cannot give back the lock of game %s", gid, exc_info=True)


__all__ = ["PostgresStore"]
