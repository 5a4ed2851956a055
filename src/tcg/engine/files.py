"""The one safe way to read a file a user names: deck files, card-set files, profiles, records
(and to write one: ``atomic_write``).

``read_text(path, what, max_bytes)`` refuses anything that is not a regular file by what it is
(a directory, a FIFO, a socket, a device) without opening it, so a FIFO never blocks and
``/dev/zero`` is never read; refuses a file larger than ``max_bytes`` by its size before reading
it; decodes UTF-8 (a leading byte-order mark is dropped) and names the offset of the first byte
that is not UTF-8. ``parse_toml`` and ``parse_json`` turn every parse failure into the caller's
``TcgError`` subclass and refuse input nested deeper than ``MAX_DEPTH`` before the parser sees it
(both standard parsers recurse once per level and would end in ``RecursionError``).

Every error is the class given as ``error`` (a ``TcgError`` subclass; ``CardDataError`` is given
the file as its ``file``) with a one-line message that starts with the path or ``what``."""
from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
import tomllib
from typing import IO, Any, Callable

from .errors import CardDataError, TcgError

MiB = 1024 * 1024
#: size limits (bytes) of the files a user can hand over
MAX_DECK_BYTES = 1 * MiB
MAX_CARD_FILE_BYTES = 5 * MiB
MAX_PROFILE_BYTES = 1 * MiB
MAX_RECORD_BYTES = 20 * MiB
#: deepest nesting of tables/arrays (TOML) or objects/arrays (JSON), and most parts of a dotted key
MAX_DEPTH = 50

_BOM = b"\xef\xbb\xbf"


def fail(error: type[TcgError], where: str, message: str) -> TcgError:
    """An ``error`` for ``where`` (a path or a description) with ``message``."""
    if isinstance(error, type) and issubclass(error, CardDataError):
        return error(where, None, None, message)
    return error(f"{where}: {message}")


def _path_text(path: Any, what: str, error: type[TcgError]) -> str:
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
        raise fail(error, what, f"a {what} file path must be text, got {type(path).__name__}")
    text = os.fspath(path)
    if not isinstance(text, str):
        raise fail(error, what, f"a {what} file path must be text, got {type(text).__name__}")
    if not text:
        raise fail(error, what, f"empty {what} file path")
    if "\x00" in text:
        raise fail(error, repr(text), f"a {what} file path cannot contain a NUL character")
    return text


def _kind_of(mode: int) -> str | None:
    """What a non-regular file is, for messages (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a directory"
    if stat.S_ISFIFO(mode):
        return "is a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "is a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device"
    return "is not a regular file"


def read_bytes(path: Any, what: str, max_bytes: int, error: type[TcgError] = TcgError) -> bytes:
    """The bytes of the regular file at ``path`` (see ``read_text``)."""
    text = _path_text(path, what, error)
    try:
        st = os.stat(text)
    except (FileNotFoundError, NotADirectoryError):
        raise fail(error, text, f"cannot read {what} file: no such file") from None
    except PermissionError:
        raise fail(error, text, f"cannot read {what} file: permission denied") from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise fail(error, text, f"cannot read {what} file: too many levels of symbolic links") from None
        raise fail(error, text, f"cannot read {what} file ({e.strerror or e})") from None
    except ValueError as e:  # e.g. a path too long for the platform
        raise fail(error, text, f"cannot read {what} file ({e})") from None
    kind = _kind_of(st.st_mode)
    if kind is not None:
        raise fail(error, text, f"{kind}, not a {what} file")
    if st.st_size > max_bytes:
        raise fail(error, text, f"{what} file is {st.st_size:,} bytes, larger than the limit "
                                f"of {max_bytes:,} bytes")
    # O_NONBLOCK: should the file have been replaced by a FIFO since the stat, opening it
    # must not wait for a writer; fstat then refuses it as above.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(text, flags)
    except PermissionError:
        raise fail(error, text, f"cannot read {what} file: permission denied") from None
    except OSError as e:
        raise fail(error, text, f"cannot read {what} file ({e.strerror or e})") from None
    try:
        kind = _kind_of(os.fstat(fd).st_mode)
        if kind is not None:
            raise fail(error, text, f"{kind}, not a {what} file")
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, min(1 * MiB, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > max_bytes:
                raise fail(error, text, f"{what} file is larger than the limit of {max_bytes:,} bytes")
    except OSError as e:
        raise fail(error, text, f"cannot read {what} file ({e.strerror or e})") from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def read_text(path: Any, what: str, max_bytes: int, error: type[TcgError] = TcgError) -> str:
    """The UTF-8 text of the regular file at ``path``, for a ``what`` file ("deck", "card-set",
    "record"...). Refused, with an ``error`` whose message starts with the path: a path that is not
    text, no such file, a directory, FIFO, socket or device (never opened), a file larger than
    ``max_bytes`` (by its size, before reading), bytes that are not UTF-8 (with the offset). A
    UTF-8 byte-order mark is dropped."""
    raw = read_bytes(path, what, max_bytes, error)
    data = raw[len(_BOM):] if raw.startswith(_BOM) else raw
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        offset = e.start + (len(raw) - len(data))
        raise fail(error, os.fspath(path), f"cannot read {what} file: not UTF-8 text "
                                          f"(byte 0x{data[e.start]:02x} at offset {offset})") from None


# --- parsing ---------------------------------------------------------------------------------
# Tokens that can hold brackets without nesting anything: strings and comments. Possessive
# quantifiers, and an unterminated string taken to the end of its line (TOML) or of the text
# (JSON), keep every scan linear whatever the input.
_TOML_SKIP = re.compile(r'"""[\s\S]*?(?:"""(?!")|\Z)' r"|'''[\s\S]*?(?:'''(?!')|\Z)"
                        r'|"[^"\\\n]*+(?:\\[\s\S]?+[^"\\\n]*+)*+"?+'
                        r"|'[^'\n]*+'?+|#[^\n]*+")
_JSON_SKIP = re.compile(r'"[^"\\]*+(?:\\[\s\S]?+[^"\\]*+)*+"?+')
_BRACKETS = re.compile(r"[\[\]{}]")
# a dotted key of more than MAX_DEPTH parts (strings already replaced by a bare word)
_LONG_DOTTED = re.compile(r"(?<![A-Za-z0-9_-])(?:[A-Za-z0-9_-]++[ \t]*+\.[ \t]*+){%d}" % MAX_DEPTH)


def _too_deep(skeleton: str, limit: int) -> bool:
    if skeleton.count("[") + skeleton.count("{") <= limit:
        return False
    depth = 0
    for m in _BRACKETS.finditer(skeleton):
        if m.group() in "[{":
            depth += 1
            if depth > limit:
                return True
        elif depth:
            depth -= 1
    return False


def _depth_of(data: Any, limit: int) -> bool:
    """Whether parsed ``data`` nests deeper than ``limit`` (walked without recursion)."""
    stack = [(data, 0)]
    while stack:
        node, d = stack.pop()
        if d > limit:
            return True
        if isinstance(node, dict):
            stack.extend((v, d + 1) for v in node.values() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            stack.extend((v, d + 1) for v in node if isinstance(v, (dict, list)))
    return False


def _nesting_error(error: type[TcgError], what: str) -> TcgError:
    return fail(error, what, f"nested more than {MAX_DEPTH} levels deep")


def _check_text(text: Any, what: str, error: type[TcgError]) -> str:
    if not isinstance(text, str):
        raise fail(error, what, f"expected text, got {type(text).__name__}")
    return text[1:] if text.startswith("\ufeff") else text


def parse_toml(text: str, what: str, error: type[TcgError] = TcgError) -> dict[str, Any]:
    """The table in TOML ``text``; ``what`` (a path or description) starts every error message:
    invalid TOML, nesting deeper than ``MAX_DEPTH`` or a dotted key of more parts."""
    text = _check_text(text, what, error)
    if "[" in text or "{" in text or "." in text:
        skeleton = _TOML_SKIP.sub(lambda m: "" if m.group().startswith("#") else "s", text)
        if _too_deep(skeleton, MAX_DEPTH) or _LONG_DOTTED.search(skeleton):
            raise _nesting_error(error, what)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise fail(error, what, f"not valid TOML ({e})") from None
    except (ValueError, RecursionError, MemoryError) as e:  # e.g. an integer of too many digits
        raise fail(error, what, f"not valid TOML ({type(e).__name__}: {str(e)[:200]})") from None
    if _depth_of(data, MAX_DEPTH):
        raise _nesting_error(error, what)
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str, what: str, error: type[TcgError] = TcgError) -> Any:
    """The value in JSON ``text``; ``what`` starts every error message: invalid JSON (NaN and
    Infinity included), nesting deeper than ``MAX_DEPTH``."""
    text = _check_text(text, what, error)
    if "[" in text or "{" in text:
        skeleton = _JSON_SKIP.sub("s", text) if '"' in text else text
        if _too_deep(skeleton, MAX_DEPTH):
            raise _nesting_error(error, what)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise fail(error, what, f"not valid JSON ({e})") from None
    except (ValueError, RecursionError, MemoryError) as e:  # e.g. an integer of too many digits
        raise fail(error, what, f"not valid JSON ({type(e).__name__}: {str(e)[:200]})") from None


def atomic_write(path: Any, write: Callable[[IO[Any]], None], binary: bool = False, *,
                 newline: str | None = "", mode: int = 0o644) -> None:
    """Call ``write(file)`` on a temporary file in the folder of ``path``, then rename it over
    ``path``: readers never see a half-written file, and a failure (or a crash) leaves ``path``
    as it was. A text file is UTF-8 with ``newline`` as ``open`` takes it; the file gets the
    permissions ``mode`` less the umask (not ``mkstemp``'s 0600)."""
    folder = os.path.dirname(os.path.abspath(os.fspath(path)))
    fd, tmp = tempfile.mkstemp(prefix=".tcg-", suffix=".tmp", dir=folder)
    try:
        with (os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", newline=newline, encoding="utf-8")) as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
