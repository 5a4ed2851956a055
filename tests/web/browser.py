"""Real Chromium for the browser tests: Debian's /usr/bin/chromium driven by Playwright (no
``playwright install``), and ``tcg serve`` started as a real process on a free port, so a test
can kill it (kill -9) and start it again on the same database."""
from __future__ import annotations

import os
import pathlib
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request

CHROMIUM = os.environ.get("TCG_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
SHOTS = pathlib.Path(os.environ.get("TCG_SCREENSHOTS", "test-screenshots"))


def chromium_path() -> str:
    """The browser; a missing one fails the test (never skips): .ci/run installs it."""
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        raise RuntimeError(f"Chromium not found at {CHROMIUM}: apt-get install chromium fonts-ipafont-gothic "
                           "(.ci/run does it)")
    return CHROMIUM


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``tcg serve`` in a subprocess."""

    def __init__(self, db: pathlib.Path, port: int | None = None):
        self.db, self.port = db, port or free_port()
        self.proc: subprocess.Popen | None = None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> "Server":
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen([sys.executable, "-m", "tcg", "serve", "--no-browser", "--db", str(self.db),
                                      "--port", str(self.port)], env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("tcg serve stopped: " + self.proc.stdout.read().decode(errors="replace"))
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("tcg serve did not start in 30 s")

    def kill(self) -> None:
        """kill -9: no chance to save anything."""
        if self.proc and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_ready(page, old_seq: str | None = None, timeout: float = 60_000) -> str:
    """Wait until the page shows the player's decision (or the end) after state ``old_seq``;
    returns "yours" or "over"."""
    page.wait_for_function(
        """(old) => { const r = document.getElementById('table-page');
                     return r && (r.dataset.ready === 'over' || (r.dataset.ready === 'yours' && r.dataset.seq !== old)); }""",
        arg=old_seq, timeout=timeout)
    return page.eval_on_selector("#table-page", "r => r.dataset.ready")


def seq(page) -> str:
    return page.eval_on_selector("#table-page", "r => r.dataset.seq || ''")


def play_one(page, rng: random.Random, tap: bool = False) -> bool:
    """One decision the way a person makes it: sometimes a click on a highlighted card or place,
    then the options listed (stepping into sub-menus) until an action is sent. Returns whether
    the page moved on (False: try again). ``tap``: by touch (``tap()`` instead of ``click()``,
    backing out with the Back button instead of Escape, a card tapped a little less often)."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    missed = PlaywrightError if tap else PlaywrightTimeout
    chance = 0.3 if tap else 0.4

    def press(locator) -> None:
        if tap:
            locator.tap(timeout=2000)
        else:
            locator.click(timeout=2000)

    old = seq(page)
    for attempt in range(40):
        if attempt and attempt % 10 == 0:  # back out of a step or a focused card, as a person would
            if not tap:
                page.keyboard.press("Escape")
                page.keyboard.press("Escape")
            elif page.locator("#back").is_visible():
                press(page.locator("#back"))
        clickable = page.locator("#board .clickable")
        try:
            k = clickable.count() if attempt < 20 and rng.random() < chance else 0
            if k:  # counted once: the table can be redrawn with fewer (or no) cards between two counts
                press(clickable.nth(rng.randrange(k)))
            else:
                buttons = page.locator("#options button")
                n = buttons.count()
                if not n:
                    return seq(page) != old
                press(buttons.nth(rng.randrange(n)))
        except missed:  # the table was redrawn under the pointer or the finger (a new state came)
            pass
        if seq(page) != old or page.eval_on_selector("#table-page", "r => r.dataset.ready") != "yours":
            return True
        page.wait_for_timeout(30)
        if seq(page) != old:
            return True
    return False


def play_to_end(page, rng: random.Random, limit: int = 3000, screenshot: str | None = None) -> int:
    n = 0
    state = wait_ready(page)
    while state != "over":
        before = seq(page)
        if not play_one(page, rng):
            assert n < limit, "the game did not end"
            n += 1
            continue
        n += 1
        if screenshot and n == 12:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / screenshot), full_page=True)
        assert n < limit, "the game did not end"
        state = wait_ready(page, before)
    return n


def screenshot(page, name: str, full: bool = True) -> None:
    """A screenshot to test-screenshots/<name>.png (look at them)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def wait_page_state(page, root: str, *states: str, timeout: float = 15_000) -> str:
    """Wait until the element ``#root`` says (``data-state``) one of ``states``; returns it."""
    page.wait_for_function(f"(s) => s.includes(document.getElementById('{root}').dataset.state)",
                           arg=list(states), timeout=timeout)
    return page.eval_on_selector(f"#{root}", "r => r.dataset.state")


def add_hidden_fields(page, form: str, **fields: str) -> None:
    """Add hidden inputs (name = value) to the form ``#form``: what no control of the page sets,
    e.g. a seed that deals a card the test wants to see."""
    page.evaluate("""([form, fields]) => { for (const [name, value] of Object.entries(fields)) {
        const i = document.createElement('input'); i.type = 'hidden'; i.name = name; i.value = value;
        document.getElementById(form).appendChild(i); } }""", [form, fields])


def start_game_showing(page, button: str, text: str) -> None:
    """Click ``button`` (a form's start), then wait for the game's page, ready, with ``text`` on
    its board."""
    page.click(button)
    page.wait_for_url(re.compile(r".*/game/\w+"))
    wait_ready(page)
    page.wait_for_function("(t) => document.getElementById('board').innerText.includes(t)", arg=text)


def new_page(browser, **context: object):
    """A new browser context (``context``: Playwright's options, e.g. a viewport) and page, and
    the list the page's JavaScript errors go to: (context, page, errors)."""
    ctx = browser.new_context(**context)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page, errors
