"""Read very large JSON card-data files one element at a time, with the standard library only.

MTGJSON's AllPrintings is about 500 MB of JSON and Scryfall's "All Cards" bulk file is larger; `json.load`
would hold the whole parsed tree (several GB) in memory to pick out one card. Instead, `JsonStream` walks
the outer containers by hand (`[`, `{`, `,`, `:`) and hands each element to the C-accelerated
`json.JSONDecoder.raw_decode`, so only one card object (Scryfall) or one set (MTGJSON) is alive at a time.

Compressed downloads (`.gz`, `.bz2`, `.xz`, single-file `.zip`) are recognised by their magic bytes and
read as they are.
"""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import re
import zipfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import IO, Any, cast

from cardgen.inputs import open_binary

CHUNK = 1 << 20
"""Characters read at a time; a value larger than the buffer makes the next read as large as the buffer."""

_WHITESPACE = " \t\n\r"
_NOT_WHITESPACE = re.compile(r"[^ \t\n\r]")
MAX_BLANK = 64 << 20
"""Most blank characters (JSON whitespace) accepted in a row: 64 Mi."""
MAX_VALUE = 128 << 20
"""Most characters of one value decoded at a time (a Scryfall card, an MTGJSON set, a string): 128 Mi. The
largest set of MTGJSON's AllPrintings is a few tens of MB; a value larger than this (one string of 300 MB,
a compressed file that unpacks to one) is refused before it is held, not left to run out of memory."""
_DELIMITERS = _WHITESPACE + ",]}:"
_TRUNCATION_MARGIN = 64
"""A decode error this close to the end of the buffer may be a value cut in half by a chunk boundary."""


class JsonFormatError(ValueError):
    """The file is not valid JSON (or not JSON at all) at `offset` (characters from the start)."""

    def __init__(self, message: str, offset: int | None = None) -> None:
        super().__init__(message if offset is None else f"{message} (at character {offset})")
        self.offset = offset


@contextmanager
def open_text(path: Path) -> Iterator[IO[str]]:
    """Open `path` as UTF-8 text, decompressing gzip, bzip2, xz or a one-member zip on the fly.

    The format comes from the content (magic bytes), not the file name, so a renamed download still works.
    The file is opened once, through `cardgen.inputs` (a FIFO, a device such as `/dev/zero`, a folder or a
    link loop is refused before anything is read: `InputRefused`).
    """
    with ExitStack() as stack:
        raw = stack.enter_context(open_binary(path))
        magic = raw.read(6)
        raw.seek(0)
        binary: IO[bytes]
        if magic.startswith(b"\x1f\x8b"):
            # a binary file object, which typeshed types as BufferedIOBase only
            binary = stack.enter_context(cast(IO[bytes], gzip.GzipFile(fileobj=raw, mode="rb")))
        elif magic.startswith(b"BZh"):
            binary = stack.enter_context(bz2.BZ2File(raw, "rb"))
        elif magic.startswith(b"\xfd7zXZ\x00"):
            binary = stack.enter_context(lzma.LZMAFile(raw, "rb"))
        elif magic.startswith(b"PK\x03\x04"):
            archive = stack.enter_context(zipfile.ZipFile(raw))
            members = [info for info in archive.infolist() if not info.is_dir()]
            json_members = [info for info in members if info.filename.lower().endswith(".json")] or members
            if len(json_members) != 1:
                raise JsonFormatError(f"a zip archive must hold exactly one JSON file, found {len(json_members)}")
            binary = stack.enter_context(archive.open(json_members[0]))
        else:
            binary = raw
        yield stack.enter_context(io.TextIOWrapper(binary, encoding="utf-8-sig", newline=""))


class JsonStream:
    """A cursor over JSON text that decodes one value at a time.

    Containers the caller wants to walk are opened with `array()` / `object()`; everything else is
    decoded whole with `value()`. A generator from `object()` yields each key and expects the caller to
    consume that key's value (with `value()`, `array()`, `object()` or `skip()`) before asking for the next.
    """

    def __init__(self, handle: IO[str], chunk: int = CHUNK) -> None:
        self._handle = handle
        self._chunk = chunk
        self._buffer = ""
        self._pos = 0
        self._consumed = 0  # characters dropped from the front of the buffer
        self._eof = False
        self._decoder = json.JSONDecoder()

    # ---------------------------------------------------------------------------------- low level

    @property
    def offset(self) -> int:
        return self._consumed + self._pos

    def _fill(self) -> bool:
        """Read more text (at least as much as is still unparsed); False at end of input."""
        if self._eof:
            return False
        unparsed = len(self._buffer) - self._pos
        if unparsed >= MAX_VALUE:
            raise JsonFormatError(f"one value of more than {MAX_VALUE >> 20} MiB characters: no card or set of "
                                  "real card data is this large", self.offset)
        want = min(max(self._chunk, unparsed), MAX_VALUE - unparsed)
        chunk = self._handle.read(want)
        if not chunk:
            self._eof = True
            return False
        self._consumed += self._pos
        self._buffer = self._buffer[self._pos:] + chunk
        self._pos = 0
        return True

    def peek(self) -> str:
        """The next non-whitespace character without consuming it; "" at end of input. Whitespace is
        skipped by a regular expression (C speed), and more than `MAX_BLANK` characters of it in a row
        is refused: no real card data has it, and a file padded with gigabytes of it would take minutes."""
        blank = 0
        while True:
            buffer = self._buffer
            found = _NOT_WHITESPACE.search(buffer, self._pos)
            if found is not None:
                blank += found.start() - self._pos
                self._pos = found.start()
                if blank > MAX_BLANK:
                    raise JsonFormatError(f"more than {MAX_BLANK} blank characters in a row", self.offset)
                return buffer[self._pos]
            blank += len(buffer) - self._pos
            self._pos = len(buffer)
            if blank > MAX_BLANK:
                raise JsonFormatError(f"more than {MAX_BLANK} blank characters in a row", self.offset)
            if not self._fill():
                return ""

    def expect(self, chars: str) -> str:
        """Consume the next non-whitespace character, which must be one of `chars`."""
        char = self.peek()
        if not char or char not in chars:
            found = repr(char) if char else "end of file"
            raise JsonFormatError(f"expected one of {' '.join(repr(c) for c in chars)}, found {found}", self.offset)
        self._pos += 1
        return char

    def value(self) -> Any:
        """Decode the next complete JSON value."""
        if not self.peek():
            raise JsonFormatError("unexpected end of file", self.offset)
        while True:
            try:
                result, end = self._decoder.raw_decode(self._buffer, self._pos)
            except RecursionError:
                raise JsonFormatError("arrays or objects nested too deep (card data nests a few levels)",
                                      self.offset) from None
            except json.JSONDecodeError as error:
                if not self._genuine(error) and self._fill():
                    continue
                raise JsonFormatError(f"invalid JSON: {error.msg}", self._consumed + error.pos) from None
            except ValueError as error:  # Python reads no integer of more than 4300 digits
                if "digits" not in str(error):
                    raise
                raise JsonFormatError("a number of more than 4300 digits: no card data has one", self.offset) from None
            # A number or literal has no closing delimiter: unless a delimiter follows it, it may continue
            # in the next chunk ("-0" of "-0.5e3").
            if self._buffer[self._pos] not in '{["' and self._open_ended(end) and self._fill():
                continue
            self._pos = end
            return result

    def _open_ended(self, end: int) -> bool:
        return end >= len(self._buffer) or self._buffer[end] not in _DELIMITERS

    def _genuine(self, error: json.JSONDecodeError) -> bool:
        """Whether a decode error is real rather than the value running past the buffer: errors far
        from the buffer's end cannot be cured by reading more (except an unterminated string)."""
        return error.pos < len(self._buffer) - _TRUNCATION_MARGIN and not error.msg.startswith("Unterminated")

    def skip(self) -> None:
        """Consume the next value without keeping it."""
        self.value()

    # -------------------------------------------------------------------------------- containers

    def array(self) -> Iterator[None]:
        """Open an array; yields once per element, positioned at it (the caller consumes it)."""
        self.expect("[")
        if self.peek() == "]":
            self._pos += 1
            return
        while True:
            self.peek()
            start = self.offset
            yield None
            if self.offset == start:
                self.skip()
            if self.expect(",]") == "]":
                return

    def values(self) -> Iterator[Any]:
        """Open an array and decode its elements one by one."""
        for _ in self.array():
            yield self.value()

    def object(self) -> Iterator[str]:
        """Open an object; yields each key, positioned at its value (the caller consumes it)."""
        self.expect("{")
        if self.peek() == "}":
            self._pos += 1
            return
        while True:
            if self.peek() != '"':
                raise JsonFormatError("expected an object key", self.offset)
            key = self.value()
            self.expect(":")
            self.peek()
            start = self.offset
            yield key
            if self.offset == start:
                self.skip()
            if self.expect(",}") == "}":
                return

    def end(self) -> None:
        """Require that nothing but whitespace follows."""
        if self.peek():
            raise JsonFormatError("unexpected text after the JSON value", self.offset)
