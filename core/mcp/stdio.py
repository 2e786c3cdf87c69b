"""The server's stdio transport: the SDK's ``stdio_server`` with what it lacks for a session.

What it adds to ``mcp.server.stdio.stdio_server`` (mcp 1.x), and why:

- **Every line gets an answer.** A line that is not JSON, not UTF-8 (the SDK
  decodes with ``errors="replace"``, so bad bytes became U+FFFD and were typed on
  the phone) or holds a lone surrogate (``"\\ud800"``) is answered with a JSON-RPC
  parse error (-32700, ``id`` null, or the request's id when it could be read);
  a message that is JSON but not JSON-RPC with the request's id (-32600). The SDK
  passes such lines to the session as exceptions, which answers none, so the
  client waited forever; and its ``JSONRPCError`` cannot even say ``id: null``.
- **A line never ends the server.** JSON nested thousands deep (the decoder's stack) or an
  integer of more digits than ``int()`` converts is a parse error, not an exception out of
  the read loop (the SDK's loop died with it and every later request went unanswered);
  nesting past :data:`MAX_NESTING` and lone surrogates are refused before the SDK's models
  read the message, naming the JSON path (round 3 of hostile inputs, stop 60).
- **Lines are bounded.** A line longer than :data:`MAX_LINE` bytes is skipped as it
  arrives (never held whole) and refused (-32600, ``id`` null); the SDK read a
  200 MB line into memory.
- **End of input drains.** When stdin closes, the requests already read are still
  answered for up to :data:`DRAIN_SECONDS` (``printf … | deltarec mcp`` works);
  those still unanswered then get an error (-32800, cancelled) before the server
  stops. The SDK cancelled them on the spot and never answered them.
- **Ctrl-C / SIGTERM stop the server** (:func:`serve`): pending requests are
  answered as cancelled, the server stops within a second, no traceback (a call
  still running on the device after :data:`STOP_GRACE` is left: the process exits). Under the
  SDK a SIGINT surfaced as a KeyboardInterrupt inside the task group (a 44-line
  ExceptionGroup) while a worker thread blocked on stdin kept the process alive.

stdin is read by a daemon thread in chunks (os.read), so a blocked read never
keeps the process alive; stdout is written by one task, in order.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, BinaryIO

import anyio
import anyio.from_thread
import anyio.lowlevel
import anyio.to_thread
import mcp.types as types
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

from deltarec.core.capture.boundary import MAX_JSON_NESTING, check_tree

log = logging.getLogger(__name__)

MAX_LINE = 16 * 1024 * 1024
"""Longest request line read, in bytes (an XML dump passed to ac_delta_observation fits)."""
DRAIN_SECONDS = 10.0
"""How long requests read before stdin closed may still run to be answered."""
CHUNK = 1 << 16
STOP_GRACE = 1.0
"""Seconds a stopped server waits for a call still running on the device before it
exits anyway (the call's worker thread cannot be interrupted)."""
REQUEST_CANCELLED = -32800
"""JSON-RPC's (and LSP's) code for a request cancelled before it was answered."""

Outgoing = SessionMessage | bytes


def error_line(ident: Any, code: int, message: str) -> bytes:
    """A JSON-RPC error response as one line (``ident`` None: ``"id": null``)."""
    body = {"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}}
    return json.dumps(body, ensure_ascii=True).encode("ascii") + b"\n"


def _key(ident: Any) -> str:
    return json.dumps(ident)


MAX_NESTING = MAX_JSON_NESTING + 8
"""Deepest nesting of a request line: a capture's own limit, inside a request, its arguments,
a script, a step and the step's parameters."""
MAX_ID = 2**63
"""Largest request id answered by its id (a longer one is answered with ``id`` null)."""
_TOO_DEEP = "JSON nests too deep to read"


def _answerable(ident: Any) -> bool:
    """Whether a request's ``id`` can be echoed: a string, or an integer within 64 bits."""
    if isinstance(ident, bool) or not isinstance(ident, str | int):
        return False
    return isinstance(ident, str) or abs(ident) <= MAX_ID


class _Unreadable(Exception):
    """A request line decoded but unfit to pass on: too deep, or a lone surrogate."""


def _unreadable(problem: str, where: str) -> Exception:
    return _Unreadable(f"{problem} (at {where})" if where else problem)


class StdioTransport:
    """Lines in, SessionMessages out, and back (module docstring).

    :meth:`streams` yields the ``(read_stream, write_stream)`` pair ``Server.run``
    takes. ``fd_in`` and ``out`` are stdin's descriptor and stdout's binary stream
    (tests pass pipes).
    """

    def __init__(
        self,
        fd_in: int | None = None,
        out: BinaryIO | None = None,
        *,
        max_line: int = MAX_LINE,
        drain: float = DRAIN_SECONDS,
    ) -> None:
        self.fd_in = sys.stdin.fileno() if fd_in is None else fd_in
        self.out = sys.stdout.buffer if out is None else out
        self.max_line = max_line
        self.drain = drain
        self.pending: dict[str, Any] = {}
        """Requests read and not answered yet: key → id."""
        self.answered: set[str] = set()
        """Requests this transport answered itself (cancelled): later answers are dropped."""
        self._changed = anyio.Event()
        out_send, self._out_recv = anyio.create_memory_object_stream[Outgoing](64)
        self._out = out_send
        self._read_send: MemoryObjectSendStream[SessionMessage | Exception]
        self._read_recv: MemoryObjectReceiveStream[SessionMessage | Exception]
        self._read_send, self._read_recv = anyio.create_memory_object_stream[
            SessionMessage | Exception
        ](0)

    # ------------------------------------------------------------------ input
    def _read_thread(self, chunks: MemoryObjectSendStream[bytes], token: Any) -> None:
        """Read stdin in chunks into ``chunks`` until EOF (b"" is sent then)."""
        while True:
            try:
                data = os.read(self.fd_in, CHUNK)
            except OSError:
                data = b""
            try:
                anyio.from_thread.run(chunks.send, data, token=token)
            except Exception:  # the loop is gone or the stream closed: stop reading
                return
            if not data:
                return

    async def _lines(self, chunks: MemoryObjectReceiveStream[bytes]) -> None:
        """Cut chunks into lines, each at most ``max_line`` bytes; answer longer ones."""
        buf = bytearray()
        skipped = -1  # bytes of an over-long line dropped so far (-1: not skipping)
        async for chunk in chunks:
            if not chunk:
                break
            start = 0
            while True:
                newline = chunk.find(b"\n", start)
                end = len(chunk) if newline < 0 else newline
                piece = chunk[start:end]
                if skipped >= 0:
                    skipped += len(piece)
                elif len(buf) + len(piece) > self.max_line:
                    skipped = len(buf) + len(piece)
                    buf.clear()
                else:
                    buf += piece
                if newline < 0:
                    break
                if skipped >= 0:
                    limit = f"{skipped} bytes, limit {self.max_line}"
                    await self._send_error(None, types.INVALID_REQUEST, f"line too long ({limit})")
                    skipped = -1
                else:
                    await self._line(bytes(buf))
                    buf.clear()
                start = newline + 1
        if buf and skipped < 0:
            await self._line(bytes(buf))

    async def _line(self, raw: bytes) -> None:
        """Answer a line that is not a JSON-RPC message; pass one that is to the server."""
        if not raw.strip():
            return
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            await self._send_error(
                None, types.PARSE_ERROR, f"parse error: invalid UTF-8 at byte {exc.start}"
            )
            return
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            where = f"line {exc.lineno} column {exc.colno}"
            problem = exc.msg.removesuffix(" at")  # "Invalid control character at"
            await self._send_error(None, types.PARSE_ERROR, f"parse error: {problem} at {where}")
            return
        except RecursionError:  # the decoder's own stack: thousands of "[" ran it out
            await self._send_error(None, types.PARSE_ERROR, f"parse error: {_TOO_DEEP}")
            return
        except ValueError:  # an integer of more digits than int() converts
            digits = f"over {sys.get_int_max_str_digits()} digits"
            await self._send_error(None, types.PARSE_ERROR, f"parse error: a number of {digits}")
            return
        ident = data.get("id") if isinstance(data, dict) else None
        if not _answerable(ident):
            ident = None
        try:  # before the SDK's models: they recurse level by level, and a surrogate is no text
            check_tree(
                data, where="$", error=_unreadable, nesting=MAX_NESTING, numbers=False, most=None
            )
        except _Unreadable as exc:
            await self._send_error(ident, types.PARSE_ERROR, f"parse error: {exc}")
            return
        try:
            message = types.JSONRPCMessage.model_validate(data)
        except ValidationError as exc:
            if ident is None and isinstance(data, dict) and "method" in data:
                log.warning("dropped an invalid notification: %s", exc.errors()[0]["msg"])
                return
            await self._send_error(
                ident, types.INVALID_REQUEST, f"invalid request: {exc.errors()[0]['msg']}"
            )
            return
        if isinstance(message.root, types.JSONRPCRequest):
            self.pending[_key(message.root.id)] = message.root.id
        await self._read_send.send(SessionMessage(message))

    async def _send_error(self, ident: Any, code: int, message: str) -> None:
        if ident is not None:
            key = _key(ident)
            self.pending.pop(key, None)
            self.answered.add(key)
            self._touch()
        await self._out.send(error_line(ident, code, message))

    async def cancel_pending(self, why: str) -> None:
        """Answer every request not answered yet as cancelled (``why``)."""
        for ident in list(self.pending.values()):
            await self._send_error(ident, REQUEST_CANCELLED, f"cancelled: {why}")

    async def _drain(self) -> None:
        """After EOF: let pending requests be answered, at most ``drain`` seconds."""
        with anyio.move_on_after(self.drain):
            while self.pending:
                self._changed = anyio.Event()
                await self._changed.wait()
        if self.pending:
            await self.cancel_pending(f"stdin closed and {self.drain:g}s passed")

    def _touch(self) -> None:
        self._changed.set()

    # ------------------------------------------------------------------ output
    async def _writer(self) -> None:
        async with self._out_recv:
            async for item in self._out_recv:
                if isinstance(item, SessionMessage):
                    root = item.message.root
                    if isinstance(root, types.JSONRPCResponse | types.JSONRPCError):
                        key = _key(root.id)
                        if key in self.answered:
                            continue  # cancelled already: the client has its answer
                        self.pending.pop(key, None)
                        self._touch()
                    dumped = item.message.model_dump_json(by_alias=True, exclude_none=True)
                    raw = dumped.encode("utf-8", "backslashreplace") + b"\n"
                else:
                    raw = item
                await anyio.to_thread.run_sync(self._write, raw)

    def _write(self, raw: bytes) -> None:
        try:
            self.out.write(raw)
            self.out.flush()
        except (BrokenPipeError, ValueError, OSError):  # the client is gone
            pass

    # ------------------------------------------------------------------ run
    @asynccontextmanager
    async def streams(
        self,
    ) -> AsyncIterator[
        tuple[MemoryObjectReceiveStream[SessionMessage | Exception], MemoryObjectSendStream[Any]]
    ]:
        """``(read_stream, write_stream)`` for ``Server.run``; stdin's end closes the
        read stream once the requests read are answered (or cancelled)."""
        chunks_send, chunks_recv = anyio.create_memory_object_stream[bytes](4)
        token = anyio.lowlevel.current_token()
        reader = threading.Thread(
            target=self._read_thread,
            args=(chunks_send, token),
            name="deltarec-mcp-stdin",
            daemon=True,
        )

        async def read_all() -> None:
            async with self._read_send, chunks_recv:
                await self._lines(chunks_recv)
                await self._drain()

        written = anyio.Event()

        async def write_all() -> None:
            try:
                await self._writer()
            finally:
                written.set()

        async with anyio.create_task_group() as tg:
            tg.start_soon(write_all)
            tg.start_soon(read_all)
            reader.start()
            server_out = self._out.clone()
            try:
                yield self._read_recv, server_out
            finally:
                await server_out.aclose()
                await self._out.aclose()
                with anyio.move_on_after(2, shield=True):
                    await written.wait()  # what was queued is written before stopping
                tg.cancel_scope.cancel()


async def serve(
    run: Callable[[MemoryObjectReceiveStream[Any], MemoryObjectSendStream[Any]], Awaitable[None]],
    transport: StdioTransport | None = None,
) -> None:
    """Run ``run(read_stream, write_stream)`` over stdio until stdin closes (and its
    requests are answered) or SIGINT / SIGTERM arrives (pending requests are then
    answered as cancelled)."""
    io = transport or StdioTransport()
    watchdog: list[threading.Timer] = []
    try:
        async with io.streams() as (read_stream, write_stream), anyio.create_task_group() as tg:

            async def on_signal() -> None:
                with anyio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
                    async for received in signals:
                        name = signal.Signals(received).name
                        await io.cancel_pending(f"the server was stopped ({name})")
                        await anyio.sleep(0.05)  # let the writer send them
                        timer = threading.Timer(STOP_GRACE, _exit_now, (128 + int(received),))
                        timer.daemon = True
                        timer.start()
                        watchdog.append(timer)
                        tg.cancel_scope.cancel()
                        return

            async def main() -> None:
                await run(read_stream, write_stream)
                tg.cancel_scope.cancel()

            tg.start_soon(on_signal)
            tg.start_soon(main)
    finally:
        for timer in watchdog:
            timer.cancel()


def _exit_now(code: int) -> None:
    """End the process: a stopped server's call is still running after STOP_GRACE."""
    print(
        f"deltarec mcp: stopped with a call still running on the device (after {STOP_GRACE:g}s)",
        file=sys.stderr,
        flush=True,
    )
    os._exit(code)
