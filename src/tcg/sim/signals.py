"""Stopping cleanly: SIGTERM and SIGHUP (the terminal closed) stop a command the way Ctrl-C
does, so that ``tcg play`` saves its game and ``tcg simulate`` writes the games that finished.
Standard library only (imported by ``tcg.cli`` at start-up)."""
from __future__ import annotations

import contextlib
import signal
import threading
from typing import Any, Callable, Iterator

#: what each stop means for a command (``play_session`` returns it as its outcome)
OUTCOMES = {"SIGINT": "interrupted", "SIGTERM": "terminated", "SIGHUP": "hangup"}


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised in the main thread while ``stop_signals()`` is active (Ctrl-C
    raises a plain KeyboardInterrupt). ``signum``: the signal; ``outcome``: see ``OUTCOMES``."""

    def __init__(self, signum: int):
        name = signal.Signals(signum).name
        super().__init__(name)
        self.signum = signum
        self.outcome = OUTCOMES.get(name, "interrupted")


def signum_of(stop: BaseException) -> int:
    """The signal behind a KeyboardInterrupt (SIGINT unless it is a ``Stopped``)."""
    return int(getattr(stop, "signum", signal.SIGINT))


def stop_signals_list() -> list[int]:
    return [getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)]


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def _handled(signals: Callable[[], list[int]], handler: Any) -> Iterator[None]:
    """``handler`` for each of ``signals()`` inside, the handlers before it back on leaving.
    Elsewhere than in the main thread (where Python cannot set handlers) it does nothing."""
    if not _in_main_thread():
        yield
        return
    old = {sig: signal.signal(sig, handler) for sig in signals()}
    try:
        yield
    finally:
        for sig, h in old.items():
            signal.signal(sig, h)


@contextlib.contextmanager
def stop_signals() -> Iterator[None]:
    """While active, SIGTERM and SIGHUP raise ``Stopped`` in the main thread, as Ctrl-C raises
    KeyboardInterrupt. Elsewhere than in the main thread it does nothing."""
    def handler(signum: int, frame: Any) -> None:
        raise Stopped(signum)

    with _handled(stop_signals_list, handler):
        yield


@contextlib.contextmanager
def signals_ignored(signals: list[int] | None = None) -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP (or ``signals``) are ignored inside: for a last save that must
    not be cut short, and around starting worker processes (which inherit an ignored SIGINT, so a
    Ctrl-C while they start prints no traceback from them)."""
    with _handled(lambda: signals if signals is not None else [signal.SIGINT, *stop_signals_list()],
                  signal.SIG_IGN):
        yield


@contextlib.contextmanager
def sigint_blocked() -> Iterator[None]:
    """SIGINT is held back (blocked) inside and delivered on leaving: processes started inside
    inherit the blocked signal, so a Ctrl-C while they start cannot interrupt them before they
    choose to ignore it (see ``unblock_sigint``); this process still gets it, just after. (What
    multiprocessing's resource tracker does too.) Without ``pthread_sigmask``: does nothing."""
    if not hasattr(signal, "pthread_sigmask") or not _in_main_thread():
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def unblock_sigint() -> None:
    """In a process started inside ``sigint_blocked``, once SIGINT is ignored: accept signals
    again (a Ctrl-C that came while it started is dropped)."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
