"""Where the server keeps its games: SQLite (WAL, the default) or PostgreSQL (``store_pg``,
for several server processes), one row per action. ``stores.open_store(db)`` picks the back
end: a ``postgresql://`` URL, else a SQLite file.

A game is its set-up (the engine's record without actions: game, card set, decks, seed, meta),
its seats and its actions. ``append`` stores action ``n`` only while the game holds exactly ``n``
actions (the key is (game, index), checked in the same transaction), so two writers can never
fork a game; the server shows nobody an action's result before ``append`` has committed it.
Killing the process loses nothing committed: WAL with ``synchronous=NORMAL`` survives a crash of
the process (not a power cut of the machine; ``TCG_DB_SYNC=FULL`` for that).

A player's own card files (``card_sets``) are stored once by their hash, the
``card_set.files_sha256`` that the set-up of each game played with them keeps (``cards_of``).

Seats are held by a browser's session (``tcg_session``, one secret cookie per browser): a
human seat's ``token_hash`` is the SHA-256 of the session that holds it, so the store never
keeps a session in the clear (``seat_of(game, session)``, ``games_held(session)``). A seat
created without a session gets a token of its own (the seats of games made before sessions:
``adopt`` moves such a seat to the session of the browser holding its token). The host's copy
of an invitation code is kept sealed with the host's session (``invitations``), so only the
host's browser can read the link back (``invitation_for``).

The schema is versioned (``tcg_schema``): ``MIGRATIONS`` bring a database made by an earlier
version up to date when a store opens it, once, in one transaction.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import pathlib
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from typing import Any, ContextManager, Iterable, Mapping

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id        TEXT PRIMARY KEY,
    game      TEXT NOT NULL,
    created   REAL NOT NULL,
    updated   REAL NOT NULL,
    setup     TEXT NOT NULL,
    options   TEXT NOT NULL,
    version   INTEGER NOT NULL DEFAULT 0,
    actions   INTEGER NOT NULL DEFAULT 0,
    result    TEXT
) STRICT;
CREATE TABLE IF NOT EXISTS seats (
    game_id     TEXT NOT NULL REFERENCES games(id),
    seat        INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    token_hash  TEXT,
    invite_hash TEXT,
    PRIMARY KEY (game_id, seat)
) STRICT;
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    idx     INTEGER NOT NULL,
    player  INTEGER NOT NULL,
    action  TEXT NOT NULL,
    by_     TEXT NOT NULL,
    at      REAL NOT NULL,
    PRIMARY KEY (game_id, idx)
) STRICT;
CREATE TABLE IF NOT EXISTS prepared (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat    INTEGER NOT NULL,
    actions TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
) STRICT;
CREATE TABLE IF NOT EXISTS card_sets (
    hash    TEXT PRIMARY KEY,
    game    TEXT NOT NULL,
    name    TEXT NOT NULL,
    text    TEXT NOT NULL,
    created REAL
) STRICT;
CREATE INDEX IF NOT EXISTS games_updated ON games(updated);
CREATE TABLE IF NOT EXISTS tcg_schema (
    id      INTEGER PRIMARY KEY,
    version INTEGER NOT NULL
) STRICT;
INSERT INTO tcg_schema (id, version) VALUES (1, 1) ON CONFLICT (id) DO NOTHING;
"""
#: the changes to the tables after the first schema (version 1, ``SCHEMA``), each run once, in
#: order, on a database whose ``tcg_schema`` version is lower (SQLite and PostgreSQL alike)
MIGRATIONS: list[tuple[int, str, tuple[str, ...]]] = [
    (2, "one session cookie per browser: the host's invitation codes, sealed; seats found by session", (
        "CREATE TABLE IF NOT EXISTS invitations ("
        " game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, sealed TEXT NOT NULL,"
        " PRIMARY KEY (game_id, seat))",
        "CREATE INDEX IF NOT EXISTS seats_token ON seats(token_hash)",
    )),
    (3, "games.to_move: the seat whose decision is open, so that a restart loads only the games whose "
        "computer is to move", (
        "ALTER TABLE games ADD COLUMN to_move INTEGER DEFAULT -1",
    )),
    (4, "each seat's display name (seats.name), the games listed in the lobby (games.lobby: 1 when the "
        "host let anyone take the second seat) and the rematch of a finished game (games.rematch: JSON "
        "{accepted: seats, game: the new game's id})", (
        "ALTER TABLE seats ADD COLUMN name TEXT",
        "ALTER TABLE games ADD COLUMN lobby INTEGER DEFAULT 0",
        "ALTER TABLE games ADD COLUMN rematch TEXT",
    )),
]
SCHEMA_VERSION = MIGRATIONS[-1][0]
#: ``games.to_move`` when not known (a new game nobody has loaded yet, or one stored before the
#: column); NULL: nobody is to move (the game is over)
UNKNOWN = -1
#: the most card files a stored card set holds
MAX_CARD_SET_FILES = 20


class StoreError(Exception):
    """A store operation that cannot be done (unknown game, a conflicting write)."""


class Conflict(StoreError):
    """Another writer stored this game's next action first."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def _keystream(secret: str, gid: str, seat: int, n: int) -> bytes:
    out = b""
    block = 0
    while len(out) < n:
        out += hmac.new(secret.encode("utf-8"), f"tcg-invite|{gid}|{seat}|{block}".encode(), hashlib.sha256).digest()
        block += 1
    return out[:n]


def seal(secret: str, gid: str, seat: int, code: str) -> str:
    """An invitation code as only the holder of ``secret`` (the host's session) can read it back:
    XOR with an HMAC-SHA256 key stream of the session, the game and the seat (one code each)."""
    raw = code.encode("utf-8")
    return bytes(a ^ b for a, b in zip(raw, _keystream(secret, gid, seat, len(raw)))).hex()


def unseal(secret: str, gid: str, seat: int, sealed: str) -> str | None:
    try:
        raw = bytes.fromhex(sealed)
        return bytes(a ^ b for a, b in zip(raw, _keystream(secret, gid, seat, len(raw)))).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return None


def new_game_id() -> str:
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")


@dataclass
class StoredGame:
    id: str
    game: str
    setup: dict[str, Any]
    options: dict[str, Any]
    version: int
    actions: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    seats: list[dict[str, Any]] = field(default_factory=list)
    created: float = 0.0
    updated: float = 0.0
    to_move: int | None = UNKNOWN  # the seat whose decision is open (None: over; UNKNOWN: not known)

    def record(self) -> dict[str, Any]:
        """The engine record (``tcg.replay`` reads it)."""
        rec = dict(self.setup)
        rec["actions"] = [dict(a) for a in self.actions]
        rec["result"] = None
        return rec


def default_db_path() -> pathlib.Path:
    """The per-user database: $TCG_DB, else $XDG_DATA_HOME/tcg/games.sqlite3 (~/.local/share)."""
    env = os.environ.get("TCG_DB")
    if env:
        return pathlib.Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return pathlib.Path(base) / "tcg" / "games.sqlite3"


class SQLStore:
    """The store's operations, written once in SQL that SQLite and PostgreSQL both read (``?``
    placeholders). A back end gives ``_db()`` (this thread's connection), ``_tx()`` (a write
    transaction, serialised per database), ``_exec(db, sql, params)`` and ``_changed(db, gid,
    version)`` (called inside each write transaction; other server processes hear of it)."""

    #: the same server process is the only one using the database (SQLite); a shared store
    #: (PostgreSQL) tells the others of every change (``listen``) and gives each game's computer
    #: player and clocks to one process (``own``)
    shared = False
    FOR_UPDATE = ""

    def _db(self) -> Any:
        """This thread's connection (each back end gives its own)."""
        raise NotImplementedError

    def _tx(self) -> ContextManager[Any]:
        """A write transaction on this thread's connection (each back end gives its own)."""
        raise NotImplementedError

    def _exec(self, db: Any, sql: str, params: tuple = ()) -> Any:
        return db.execute(sql, params)

    def _changed(self, db: Any, gid: str, version: int | None) -> None:
        """A write to game ``gid`` (its new version; None: only prepared choices changed)."""

    def listen(self, callback) -> None:
        """Call ``callback(gid, version)`` (from another thread) when another process changes a
        game. Nothing to hear in a store only this process uses."""

    def own(self, gid: str) -> bool:
        """Whether this process may run game ``gid``'s computer player and clocks (one process
        at a time does). Always true when only this process uses the store."""
        return True

    def release(self, gid: str) -> None:
        """This process no longer runs game ``gid`` (it is over, or its room left memory): another
        may take it (``own``). Nothing to do when only this process uses the store."""

    def close(self) -> None:
        """Close this thread's connection."""

    # --- games --------------------------------------------------------------------------------
    def _migrate(self, db: Any) -> int:
        """Bring the tables up to ``SCHEMA_VERSION`` (inside the caller's write transaction, after
        ``SCHEMA``); returns the version. Idempotent: a database already up to date is left as it is."""
        row = self._exec(db, "SELECT version FROM tcg_schema WHERE id=1" + self.FOR_UPDATE).fetchone()
        version = row[0] if row else 1
        if version > SCHEMA_VERSION:
            raise StoreError(f"this database was made by a newer tcg (schema version {version}; "
                             f"this one knows up to {SCHEMA_VERSION})")
        for v, _why, steps in MIGRATIONS:
            if v > version:
                for sql in steps:
                    self._exec(db, sql)
                version = v
        self._exec(db, "UPDATE tcg_schema SET version=? WHERE id=1", (version,))
        return version

    def schema_version(self) -> int:
        row = self._exec(self._db(), "SELECT version FROM tcg_schema WHERE id=1").fetchone()
        return row[0] if row else 1

    def create(self, game: str, setup: Mapping[str, Any], options: Mapping[str, Any],
               seat_kinds: Iterable[str], session: str | None = None, *, names: Mapping[int, str] | None = None,
               lobby: bool = False) -> tuple[str, dict[int, str], dict[int, str]]:
        """A new game; returns its id, a token for each human seat and an invitation code for
        each seat marked "invite" (a friend's seat, claimed once with ``claim``). With
        ``session`` (the creating browser's), every human seat is held by that session (its
        token is the session) and each invitation code is kept sealed with it
        (``invitation_for``). ``names``: seat -> display name; ``lobby``: listed in the lobby
        (``lobby_games``: anyone may take its invited seat, ``claim`` without a code)."""
        gid = new_game_id()
        names = names or {}
        tokens: dict[int, str] = {}
        invites: dict[int, str] = {}
        now = time.time()
        with self._tx() as db:
            self._exec(db, "INSERT INTO games (id, game, created, updated, setup, options, lobby) VALUES (?,?,?,?,?,?,?)",
                       (gid, game, now, now, json.dumps(setup, ensure_ascii=False),
                        json.dumps(options, ensure_ascii=False), 1 if lobby else 0))
            for seat, kind in enumerate(seat_kinds):
                token_hash = invite_hash = None
                if kind == "human":
                    tokens[seat] = session or new_token()
                    token_hash = hash_token(tokens[seat])
                elif kind == "invite":
                    invites[seat] = new_token()
                    invite_hash = hash_token(invites[seat])
                self._exec(db, "INSERT INTO seats (game_id, seat, kind, token_hash, invite_hash, name) VALUES (?,?,?,?,?,?)",
                           (gid, seat, "human" if kind == "invite" else kind, token_hash, invite_hash, names.get(seat)))
                if kind == "invite" and session:
                    self._exec(db, "INSERT INTO invitations (game_id, seat, sealed) VALUES (?,?,?)",
                               (gid, seat, seal(session, gid, seat, invites[seat])))
        return gid, tokens, invites

    def claim(self, gid: str, invite: str | None, session: str | None = None, *, name: str | None = None,
              setup: Mapping[str, Any] | None = None) -> tuple[int, str] | None:
        """Take the seat an invitation code gives: (seat, its token: ``session`` when given, else
        a new one), or None when the code is wrong or the seat was taken already. ``invite`` None:
        the invited seat of a game listed in the lobby (anyone may take it). ``name``: the seat's
        display name; ``setup``: the game's set-up, dealt now with the deck the friend brings (it
        replaces the waiting one in the same transaction)."""
        with self._tx() as db:
            if invite is None:
                row = self._exec(db, "SELECT s.seat FROM seats s JOIN games g ON g.id=s.game_id WHERE s.game_id=? "
                                 "AND g.lobby=1 AND s.invite_hash IS NOT NULL AND s.token_hash IS NULL"
                                 + self.FOR_UPDATE, (gid,)).fetchone()
            else:
                row = self._exec(db, "SELECT seat FROM seats WHERE game_id=? AND invite_hash=? AND token_hash IS NULL"
                                 + self.FOR_UPDATE, (gid, hash_token(invite))).fetchone()
            if row is None:
                return None
            token = session or new_token()
            self._exec(db, "UPDATE seats SET token_hash=?, name=COALESCE(?, name) WHERE game_id=? AND seat=? "
                       "AND token_hash IS NULL", (hash_token(token), name, gid, row[0]))
            self._exec(db, "DELETE FROM invitations WHERE game_id=? AND seat=?", (gid, row[0]))
            if setup is not None:
                self._exec(db, "UPDATE games SET setup=?, updated=?, to_move=? WHERE id=?",
                           (json.dumps(setup, ensure_ascii=False), time.time(), UNKNOWN, gid))
            self._changed(db, gid, None)
        return row[0], token

    def open_seat(self, gid: str) -> int | None:
        """The seat anyone may take in game ``gid`` (listed in the lobby, not taken yet), or None."""
        row = self._exec(self._db(), "SELECT s.seat FROM seats s JOIN games g ON g.id=s.game_id WHERE s.game_id=? "
                         "AND g.lobby=1 AND s.invite_hash IS NOT NULL AND s.token_hash IS NULL", (gid,)).fetchone()
        return None if row is None else row[0]

    def lobby_games(self, limit: int = 50) -> list[dict[str, Any]]:
        """The unfinished games listed in the lobby (newest first): each with its seats' names,
        its options and whether a seat is still open."""
        rows = self._exec(self._db(), "SELECT g.id, g.game, g.created, g.options, s.seat, s.kind, "
                          "s.token_hash IS NOT NULL, s.invite_hash IS NOT NULL, s.name FROM seats s JOIN games g "
                          "ON g.id=s.game_id WHERE g.id IN (SELECT id FROM games WHERE lobby=1 AND result IS NULL "
                          "ORDER BY created DESC LIMIT ?) ORDER BY g.created DESC, g.id, s.seat", (limit,)).fetchall()
        out: dict[str, dict[str, Any]] = {}
        for gid, game, created, options, seat, kind, taken, invited, name in rows:
            g = out.setdefault(gid, {"id": gid, "game": game, "created": created, "options": json.loads(options),
                                     "seats": [], "open": False})
            g["seats"].append({"seat": seat, "kind": kind, "taken": bool(taken), "invited": bool(invited), "name": name})
            g["open"] = g["open"] or (bool(invited) and not taken)
        return list(out.values())

    def rematch(self, gid: str) -> dict[str, Any]:
        """The rematch of a finished game: ``{"accepted": [seats], "game": new id or None}``."""
        row = self._exec(self._db(), "SELECT rematch FROM games WHERE id=?", (gid,)).fetchone()
        if row is None:
            raise StoreError(f"no game {gid!r}")
        return json.loads(row[0]) if row[0] else {"accepted": [], "game": None}

    def accept_rematch(self, gid: str, seat: int, setup: Mapping[str, Any],
                       options: Mapping[str, Any]) -> dict[str, Any]:
        """Seat ``seat`` of the finished game ``gid`` offers (or accepts) a rematch; once every
        human seat has, the new game is made in the same transaction: ``setup`` (the same decks,
        seats swapped: seat n of the new game is held by whoever held seat 1 - n, under their
        name) and ``options``. Returns ``rematch(gid)`` after it."""
        with self._tx() as db:
            row = self._exec(db, "SELECT rematch, result, game FROM games WHERE id=?" + self.FOR_UPDATE,
                             (gid,)).fetchone()
            if row is None:
                raise StoreError(f"no game {gid!r}")
            if row[1] is None:
                raise StoreError("the game is not over")
            offer = json.loads(row[0]) if row[0] else {"accepted": [], "game": None}
            if offer["game"] is not None:
                return offer
            if seat not in offer["accepted"]:
                offer["accepted"] = sorted([*offer["accepted"], seat])
            seats = self._exec(db, "SELECT seat, kind, token_hash, name FROM seats WHERE game_id=? ORDER BY seat",
                               (gid,)).fetchall()
            if all(s[0] in offer["accepted"] for s in seats if s[1] == "human") and len(seats) == 2:
                new, now = new_game_id(), time.time()
                self._exec(db, "INSERT INTO games (id, game, created, updated, setup, options) VALUES (?,?,?,?,?,?)",
                           (new, row[2], now, now, json.dumps(setup, ensure_ascii=False),
                            json.dumps(options, ensure_ascii=False)))
                for n in range(2):
                    _, kind, token_hash, name = seats[1 - n]
                    self._exec(db, "INSERT INTO seats (game_id, seat, kind, token_hash, name) VALUES (?,?,?,?,?)",
                               (new, n, kind, token_hash, name))
                offer["game"] = new
            self._exec(db, "UPDATE games SET rematch=? WHERE id=?", (json.dumps(offer), gid))
            self._changed(db, gid, None)
        return offer

    def invited_seat(self, gid: str, invite: str) -> int | None:
        """The seat the invitation code would give (not taken: ``claim`` takes it), or None."""
        row = self._exec(self._db(), "SELECT seat FROM seats WHERE game_id=? AND invite_hash=? AND token_hash IS NULL",
                         (gid, hash_token(invite))).fetchone()
        return None if row is None else row[0]

    def invitation_for(self, gid: str, session: str | None) -> tuple[int, str] | None:
        """(seat, code) of an unused invitation of game ``gid`` that ``session`` made (the host's
        browser reads its link back), or None."""
        if not session or not self.seat_of(gid, session):
            return None
        rows = self._exec(self._db(), "SELECT i.seat, i.sealed, s.invite_hash FROM invitations i JOIN seats s "
                          "ON s.game_id=i.game_id AND s.seat=i.seat WHERE i.game_id=? AND s.token_hash IS NULL "
                          "ORDER BY i.seat", (gid,)).fetchall()
        for seat, sealed, invite_hash in rows:
            code = unseal(session, gid, seat, sealed)
            if code and hmac.compare_digest(hash_token(code), invite_hash or ""):
                return seat, code
        return None

    def adopt(self, session: str, gid: str, seat: int, token: str) -> bool:
        """Move seat ``seat`` of game ``gid`` from its own ``token`` (a seat cookie of a game made
        before sessions) to ``session``; whether it moved."""
        with self._tx() as db:
            n = self._exec(db, "UPDATE seats SET token_hash=? WHERE game_id=? AND seat=? AND token_hash=?",
                           (hash_token(session), gid, seat, hash_token(token))).rowcount
            if n:
                self._changed(db, gid, None)
        return bool(n)

    def keep_invitation(self, session: str, gid: str, invite: str) -> bool:
        """Keep an unused invitation code of game ``gid`` sealed with ``session`` (an invitation
        cookie of a game made before sessions), if that session holds a seat there."""
        seat = self.invited_seat(gid, invite)
        if seat is None or not self.seat_of(gid, session):
            return False
        with self._tx() as db:
            self._exec(db, "INSERT INTO invitations (game_id, seat, sealed) VALUES (?,?,?) ON CONFLICT (game_id, seat) "
                       "DO UPDATE SET sealed=excluded.sealed", (gid, seat, seal(session, gid, seat, invite)))
        return True

    def seat_of(self, gid: str, token: str | None) -> list[int]:
        """The seats ``token`` holds in game ``gid``."""
        if not token:
            return []
        rows = self._exec(self._db(), "SELECT seat FROM seats WHERE game_id=? AND token_hash=?",
                                  (gid, hash_token(token))).fetchall()
        return [r[0] for r in rows]

    def load(self, gid: str) -> StoredGame:
        db = self._db()
        row = self._exec(db, "SELECT id, game, setup, options, version, result, created, updated, to_move "
                         "FROM games WHERE id=?", (gid,)).fetchone()
        if row is None:
            raise StoreError(f"no game {gid!r}")
        acts = self._exec(db, "SELECT player, action, by_ FROM actions WHERE game_id=? ORDER BY idx", (gid,)).fetchall()
        seats = self._exec(db, "SELECT seat, kind, token_hash IS NOT NULL, invite_hash IS NOT NULL, name FROM seats "
                           "WHERE game_id=? ORDER BY seat", (gid,)).fetchall()
        return StoredGame(
            id=row[0], game=row[1], setup=json.loads(row[2]), options=json.loads(row[3]), version=row[4],
            result=json.loads(row[5]) if row[5] else None, created=row[6], updated=row[7], to_move=row[8],
            actions=[{"player": p, "action": json.loads(a), "by": b} for p, a, b in acts],
            seats=[{"seat": s, "kind": k, "taken": bool(t), "invited": bool(i), "name": n} for s, k, t, i, n in seats])

    def since(self, gid: str, index: int) -> tuple[int, list[dict[str, Any]]]:
        """The game's version and its actions from ``index`` on (what another process added)."""
        db = self._db()
        row = self._exec(db, "SELECT version FROM games WHERE id=?", (gid,)).fetchone()
        if row is None:
            raise StoreError(f"no game {gid!r}")
        acts = self._exec(db, "SELECT player, action, by_ FROM actions WHERE game_id=? AND idx>=? ORDER BY idx",
                          (gid, index)).fetchall()
        return row[0], [{"player": p, "action": json.loads(a), "by": b} for p, a, b in acts]

    def seats(self, gid: str) -> list[dict[str, Any]]:
        rows = self._exec(self._db(), "SELECT seat, kind, token_hash IS NOT NULL, invite_hash IS NOT NULL, name FROM seats "
                          "WHERE game_id=? ORDER BY seat", (gid,)).fetchall()
        return [{"seat": s, "kind": k, "taken": bool(t), "invited": bool(i), "name": n} for s, k, t, i, n in rows]

    def exists(self, gid: str) -> bool:
        return self._exec(self._db(), "SELECT 1 FROM games WHERE id=?", (gid,)).fetchone() is not None

    def append(self, gid: str, index: int, entry: Mapping[str, Any], result: Mapping[str, Any] | None,
               to_move: int | None = UNKNOWN) -> int:
        """Store action ``index`` (0-based) of game ``gid``; raises ``Conflict`` unless the game
        holds exactly ``index`` actions. Returns the game's new version. ``to_move``: the seat
        whose decision is open after it (None: nobody), kept for ``computer_to_move``."""
        now = time.time()
        with self._tx() as db:
            row = self._exec(db, "SELECT actions, version FROM games WHERE id=?" + self.FOR_UPDATE, (gid,)).fetchone()
            if row is None:
                raise StoreError(f"no game {gid!r}")
            if row[0] != index:
                raise Conflict(f"game {gid} holds {row[0]} actions, not {index}")
            self._exec(db, "INSERT INTO actions (game_id, idx, player, action, by_, at) VALUES (?,?,?,?,?,?)",
                       (gid, index, entry["player"], json.dumps(entry["action"], ensure_ascii=False),
                        entry.get("by", "player"), now))
            version = row[1] + 1
            self._exec(db, "UPDATE games SET actions=?, version=?, updated=?, result=?, to_move=? WHERE id=?",
                       (index + 1, version, now, json.dumps(result) if result else None,
                        None if result else to_move, gid))
            self._changed(db, gid, version)
        return version

    def truncate(self, gid: str, count: int, to_move: int | None = UNKNOWN) -> int:
        """Keep the first ``count`` actions (an undo); returns the new version. ``to_move`` as
        for ``append``."""
        now = time.time()
        with self._tx() as db:
            row = self._exec(db, "SELECT version FROM games WHERE id=?" + self.FOR_UPDATE, (gid,)).fetchone()
            if row is None:
                raise StoreError(f"no game {gid!r}")
            self._exec(db, "DELETE FROM actions WHERE game_id=? AND idx>=?", (gid, count))
            version = row[0] + 1
            self._exec(db, "UPDATE games SET actions=?, version=?, updated=?, result=NULL, to_move=? WHERE id=?",
                       (count, version, now, to_move, gid))
            self._changed(db, gid, version)
        return version

    def set_prepared(self, gid: str, seat: int, actions: list[dict[str, Any]]) -> None:
        with self._tx() as db:
            if actions:
                self._exec(db, "INSERT INTO prepared (game_id, seat, actions) VALUES (?,?,?) "
                           "ON CONFLICT(game_id, seat) DO UPDATE SET actions=excluded.actions",
                           (gid, seat, json.dumps(actions)))
            else:
                self._exec(db, "DELETE FROM prepared WHERE game_id=? AND seat=?", (gid, seat))
            self._changed(db, gid, None)

    def prepared(self, gid: str, seat: int) -> list[dict[str, Any]]:
        row = self._exec(self._db(), "SELECT actions FROM prepared WHERE game_id=? AND seat=?", (gid, seat)).fetchone()
        return json.loads(row[0]) if row else []

    def games_held(self, session: str | None, limit: int = 30) -> list[dict[str, Any]]:
        """The games (newest first, at most ``limit``) in which ``session`` holds a seat. By when
        they were made, not changed: the order must not tell a seat when the other made a secret
        choice (the list shows no count of actions of a game being played either)."""
        if not session:
            return []
        rows = self._exec(self._db(), "SELECT g.id, g.game, g.updated, g.actions, g.result, g.created, s.seat "
                          "FROM seats s JOIN games g ON g.id=s.game_id WHERE s.token_hash=? "
                          "ORDER BY g.created DESC, s.seat", (hash_token(session),)).fetchall()
        out: dict[str, dict[str, Any]] = {}
        for gid, game, updated, actions, result, created, seat in rows:
            if gid not in out:
                if len(out) >= limit:
                    break
                out[gid] = {"id": gid, "game": game, "updated": updated, "actions": actions,
                            "result": json.loads(result) if result else None, "created": created, "seats": []}
            out[gid]["seats"].append(seat)
        for g in out.values():  # its seats' display names ("" where none was given) and kinds
            seats = self.seats(g["id"])
            g["names"], g["kinds"] = [s["name"] or "" for s in seats], [s["kind"] for s in seats]
        return list(out.values())

    def games_of(self, tokens: Mapping[str, str]) -> list[dict[str, Any]]:
        """The games (newest first) in which one of ``tokens`` ({game id: token}) holds a seat."""
        out = []
        for gid, token in tokens.items():
            seats = self.seat_of(gid, token)
            if not seats:
                continue
            row = self._exec(self._db(), "SELECT game, updated, actions, result, created FROM games WHERE id=?",
                                     (gid,)).fetchone()
            if row:
                out.append({"id": gid, "game": row[0], "updated": row[1], "actions": row[2],
                            "result": json.loads(row[3]) if row[3] else None, "created": row[4], "seats": seats})
        return sorted(out, key=lambda g: -g["updated"])

    def game_ids(self) -> list[str]:
        return [r[0] for r in self._exec(self._db(), "SELECT id FROM games ORDER BY created")]

    def computer_to_move(self) -> list[str]:
        """The unfinished games (oldest first) whose computer player is to move, as far as the
        store knows: its seat holds the open decision, or nobody has told the store who is to
        move yet (``UNKNOWN``: the caller looks, and may say it with ``set_to_move``). What a
        restarted server resumes, without loading every game."""
        rows = self._exec(self._db(), "SELECT g.id FROM games g WHERE g.result IS NULL AND EXISTS ("
                          "SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = 'computer' "
                          "AND (g.to_move = ? OR s.seat = g.to_move)) ORDER BY g.created", (UNKNOWN,)).fetchall()
        return [r[0] for r in rows]

    def set_to_move(self, gid: str, to_move: int | None) -> None:
        """Say who is to move in a game the store did not know it of (``UNKNOWN``); a game it
        knows already is left as it is (its actions say it)."""
        with self._tx() as db:
            self._exec(db, "UPDATE games SET to_move=? WHERE id=? AND to_move=?", (to_move, gid, UNKNOWN))

    # --- a player's own card sets (stored once by their hash) -----------------------------------------
    def put_card_set(self, game: str, name: str, files: Iterable[Any]) -> str:
        """Store a card set (``files``: ``{"name", "text"}`` objects or ``(name, text)`` pairs)
        once by its hash, ``card_set.files_sha256`` of the records of its games; storing the
        same texts again changes nothing. Returns the hash. (Checking the files is the
        caller's: ``tcg.api.check_card_files``.)"""
        from ..engine.card_files import card_texts, files_sha256
        texts = card_texts(files)
        if not texts or len(texts) > MAX_CARD_SET_FILES:
            raise StoreError(f"a card set holds 1 to {MAX_CARD_SET_FILES} files, not {len(texts)}")
        digest = files_sha256(texts)
        body = json.dumps([{"name": f.name, "text": f.text} for f in texts], ensure_ascii=False)
        with self._tx() as db:
            self._exec(db, "INSERT INTO card_sets (hash, game, name, text, created) VALUES (?,?,?,?,?) "
                       "ON CONFLICT (hash) DO NOTHING", (digest, game, name, body, time.time()))
        return digest

    def card_set(self, digest: str) -> tuple[str, str, list[dict[str, str]]] | None:
        """``(game, name, files)`` of the stored card set ``digest`` (files: ``{"name", "text"}``),
        or None."""
        if not isinstance(digest, str):
            return None
        row = self._exec(self._db(), "SELECT game, name, text FROM card_sets WHERE hash=?", (digest,)).fetchone()
        return None if row is None else (row[0], row[1], json.loads(row[2]))

    def card_set_names(self, digests: Iterable[str]) -> dict[str, tuple[str, str]]:
        """``{hash: (game, name)}`` of those of ``digests`` that are stored."""
        out = {}
        for d in digests:
            row = self._exec(self._db(), "SELECT game, name FROM card_sets WHERE hash=?", (d,)).fetchone()
            if row is not None:
                out[d] = (row[0], row[1])
        return out

    def cards_of(self, setup: Mapping[str, Any]) -> list[tuple[str, str]] | None:
        """The card files (``(name, text)``) a game's set-up (or record) names by
        ``card_set.files_sha256``, to rebuild it with (``tcg.replay(..., cards=...)``); None for
        a game played with the game's own cards only. ``StoreError`` when this store does not
        hold them."""
        from ..api import record_card_files_sha256
        digest = record_card_files_sha256(setup)
        if digest is None:
            return None
        got = self.card_set(digest)
        if got is None:
            raise StoreError(f"the card files this game was played with (SHA-256 {str(digest)[:80]}) "
                             f"are not stored here")
        return [(f["name"], f["text"]) for f in got[2]]


class SQLiteStore(SQLStore):
    """The games of one SQLite file. Thread-safe (one connection per thread)."""

    def __init__(self, path: str | os.PathLike):
        self.path = str(path)
        if self.path != ":memory:":
            pathlib.Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._db().executescript(SCHEMA)
        with self._tx() as db:
            self._migrate(db)

    # --- connections ------------------------------------------------------------------------
    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=True)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA synchronous={'FULL' if os.environ.get('TCG_DB_SYNC') == 'FULL' else 'NORMAL'}")
            db.execute("PRAGMA foreign_keys=ON")
            self._local.db = db
        return db

    class _Tx:
        def __init__(self, db: sqlite3.Connection):
            self.db = db

        def __enter__(self) -> sqlite3.Connection:
            self.db.execute("BEGIN IMMEDIATE")
            return self.db

        def __exit__(self, exc_type, exc, tb) -> None:
            self.db.execute("ROLLBACK" if exc_type else "COMMIT")

    def _tx(self) -> "SQLiteStore._Tx":
        return self._Tx(self._db())

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None


__all__ = ["Conflict", "MIGRATIONS", "SCHEMA_VERSION", "SQLStore", "SQLiteStore", "StoreError", "StoredGame", "default_db_path", "hash_token", "new_token"]
