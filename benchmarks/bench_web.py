"""Web server load: N games in progress at once, each played through its WebSocket by a scripted
client, against ``tcg serve`` running as its own process on 127.0.0.1.

Measures the round trip of a human action (sending one option until the server's next state
arrives, i.e. stored and shown) as p50/p95, and the server's memory per game in progress (RSS
growth from before the games were created to when all are under way, divided by N).

    uv run python benchmarks/bench_web.py --games 100 --seconds 60 --game zx
    uv run python benchmarks/bench_web.py --games 100 --seconds 60 --game zx --think 0-1   # stress
    uv run --extra postgres python benchmarks/bench_web.py --db temp-postgres --processes 2
        # two server processes on one PostgreSQL database (a throw-away local server)

Each client waits ``--think`` seconds (uniform) before each of its actions, as a person does.

The computer opponent is the random player here (its thinking is not what is measured).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import httpx
import websockets


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def start_server(db: str, port: int) -> subprocess.Popen:
    # one client starts every game here: no limit of games per client
    proc = subprocess.Popen([sys.executable, "-m", "tcg", "serve", "--no-browser", "--db", db, "--port", str(port),
                             "--games-per-client", "0", "--sockets-per-client", "1000"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return proc
        except OSError:
            time.sleep(0.1)
    raise SystemExit("server did not start")


async def create(http: httpx.AsyncClient, game: str, deck: str) -> tuple[str, str]:
    r = await http.post("/new", data={"game": game, "deck": deck, "opponent": "computer", "agent": "random",
                                      "seconds": "0.2", "seat": "0"}, follow_redirects=False)
    gid = re.fullmatch(r"/game/(\w+)", r.headers["location"]).group(1)
    token = r.cookies.get("tcg_session")  # the browser's session holds the seat
    return gid, token


async def player(port: int, gid: str, token: str, until: float, rtts: list[float], rng: random.Random,
                 think: tuple[float, float]) -> int:
    url = f"ws://127.0.0.1:{port}/ws/{gid}?seat=0"
    moves = 0
    async with websockets.connect(url, additional_headers={"Cookie": f"tcg_session={token}"},
                                  max_size=2**22) as ws:
        pending = None
        while time.monotonic() < until:
            msg, pending = (pending, None) if pending is not None else (json.loads(await ws.recv()), None)
            if msg.get("type") != "state":
                continue
            state = msg
            if state["result"]:
                return moves
            if not (state["decision"] and state["decision"]["yours"] and state["options"]):
                continue
            await asyncio.sleep(rng.uniform(*think))  # a person takes a moment
            t0 = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "seq": state["seq"],
                                      "option": rng.randrange(len(state["options"]))}))
            while True:
                reply = json.loads(await ws.recv())
                if reply.get("type") == "state" and reply["seq"] > state["seq"]:
                    break
            rtts.append((time.perf_counter() - t0) * 1000)
            moves += 1
            pending = reply
    return moves


async def main_async(args) -> None:
    import tcg
    db = os.path.join(tempfile.mkdtemp(), "bench.sqlite3")
    pg = None
    if args.db == "temp-postgres":  # a throw-away server, as the tests start one
        sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "web"))
        from pg import Postgres
        pg = Postgres().start()
        args.db = pg.fresh_database("bench")
    if args.db:
        db = args.db
    ports = [args.port + i for i in range(args.processes)]
    procs = [] if args.running else [start_server(db, p) for p in ports]
    try:
        time.sleep(0.5)
        base = sum(rss_kib(p.pid) for p in procs)
        deck = tcg.list_decks(args.game)[0]
        games = []
        for i in range(args.games):  # game i is created through process i % N and played through the next one
            url = f"http://127.0.0.1:{ports[i % len(ports)]}"
            async with httpx.AsyncClient(base_url=url, headers={"origin": url}) as http:  # as the page posts
                gid, tok = await create(http, args.game, deck)
            games.append((ports[(i + 1) % len(ports)], gid, tok))
        rtts: list[float] = []
        until = time.monotonic() + args.seconds
        rng = random.Random(1)
        t0 = time.monotonic()
        tasks = [asyncio.create_task(player(port, gid, tok, until, rtts, random.Random(rng.random()), args.think))
                 for port, gid, tok in games]
        await asyncio.sleep(min(5, args.seconds / 2))
        during = sum(rss_kib(p.pid) for p in procs)
        moves = await asyncio.gather(*tasks, return_exceptions=True)
        wall = time.monotonic() - t0
        ok = [m for m in moves if isinstance(m, int)]
        errors = [repr(m) for m in moves if not isinstance(m, int)]
        rtts.sort()
        q = statistics.quantiles(rtts, n=100) if len(rtts) >= 100 else [float("nan")] * 99
        load = os.getloadavg()
        print(f"store={'postgresql' if args.db else 'sqlite'} processes={len(ports)} "
              f"game={args.game} games={args.games} think={args.think[0]:g}-{args.think[1]:g} s "
              f"seconds={wall:.1f} human actions={len(rtts)} "
              f"({len(rtts) / wall:.0f}/s) clients ok={len(ok)} errors={len(errors)}")
        print(f"round trip ms: p50={q[49]:.1f} p95={q[94]:.1f} max={rtts[-1] if rtts else float('nan'):.1f}")
        if procs:
            print(f"server RSS: {base / 1024:.1f} MiB idle, {during / 1024:.1f} MiB with {args.games} games "
                  f"-> {(during - base) / 1024 / args.games:.2f} MiB per game in progress")
        print(f"load average: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        if errors:
            print("first error:", errors[0])
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(10)
        if pg is not None:
            pg.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--game", default="zx")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--db", default=None,
                    help="a postgresql:// URL shared by the server processes, or temp-postgres for a throw-away "
                         "local server (default: a new SQLite file)")
    ap.add_argument("--processes", type=int, default=1,
                    help="server processes on ports PORT, PORT+1...; more than one needs --db postgresql://...")
    ap.add_argument("--running", action="store_true",
                    help="use a server already listening on --port (e.g. one under a profiler); no memory figure")
    ap.add_argument("--think", default="1-5",
                    help="seconds a client waits before each action, uniform in MIN-MAX (default 1-5: a "
                         "person choosing a card; 0-1 is a stress test)")
    args = ap.parse_args()
    try:
        lo, hi = (float(x) for x in args.think.split("-"))
        assert 0 <= lo <= hi
    except (ValueError, AssertionError):
        raise SystemExit(f"--think must be MIN-MAX seconds, e.g. 1-5 (got {args.think!r})") from None
    args.think = (lo, hi)
    if not 1 <= args.processes <= 8:
        raise SystemExit("--processes must be 1..8")
    if args.processes > 1 and not (args.db or "").startswith(("postgresql://", "postgres://", "temp-postgres")):
        raise SystemExit("several --processes share one database: give --db postgresql://...")
    if not 1 <= args.games <= 500:
        raise SystemExit("--games must be 1..500 (127.0.0.1 only)")
    import signal
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stopped: the servers are stopped too
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
