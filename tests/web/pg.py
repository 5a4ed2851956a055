"""A throw-away PostgreSQL server for the tests: Debian's ``postgresql`` package (installed by
``run-tests``), run as an unprivileged user in a temporary folder on a free port."""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Postgres:
    """``start()`` gives a server and its URL (user ``tcg``, database ``postgres``); ``stop()``.
    ``settings``: more server settings, e.g. ``{"max_locks_per_transaction": 10}``."""

    def __init__(self, settings: dict[str, object] | None = None) -> None:
        self.settings = dict(settings or {})
        self.dir = tempfile.mkdtemp(prefix="tcg-pg-")
        self.port = _free_port()
        self.url = f"postgresql://tcg@127.0.0.1:{self.port}/postgres"
        self._as: list[str] = []

    def _run(self, *args: str) -> None:
        subprocess.run([*self._as, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start(self) -> "Postgres":
        initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
        if not initdb or not pg_ctl:
            raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql; run-tests does it)")
        if os.geteuid() == 0:  # the server refuses to run as root
            shutil.chown(self.dir, "nobody")
            self._as = ["runuser", "-u", "nobody", "--"]
        data = os.path.join(self.dir, "data")
        self._run(initdb, "-D", data, "-A", "trust", "-U", "tcg", "--no-sync")
        more = "".join(f" -c {k}={v}" for k, v in self.settings.items())
        self._run(pg_ctl, "-D", data, "-o", f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off{more}",
                  "-l", os.path.join(self.dir, "log"), "-w", "start")
        self._pg_ctl, self._data = pg_ctl, data
        return self

    def stop(self) -> None:
        try:
            self._run(self._pg_ctl, "-D", self._data, "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def fresh_database(self, name: str) -> str:
        """A new empty database on this server; its URL."""
        import psycopg
        with psycopg.connect(self.url, autocommit=True) as c:
            c.execute(f'CREATE DATABASE "{name}"')
        return self.url.rsplit("/", 1)[0] + "/" + name
