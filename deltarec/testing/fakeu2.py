"""A loopback fake of uiautomator2's on-device server, for testing :mod:`deltarec.core.devices.u2`.

uiautomator2 3.x pushes ``u2.jar`` to the phone, starts it with
``app_process`` and talks HTTP to it on the phone's port 9008 through adb's
``tcp:9008`` service: ``GET /ping`` answers ``pong``; ``POST /jsonrpc/0``
takes JSON-RPC 2.0 calls. :class:`FakeU2Server` serves the calls deltarec uses
from a :class:`~deltarec.core.devices.virtual.Playground`, on a loopback port, and
:class:`U2Phone` puts it behind the fake adb server's ``tcp:`` service::

    phone = U2Phone(VirtualShell(playground, serial="emulator-5554"), FakeU2Server(playground))
    with phone.server, FakeAdbServer([phone]) as adb:
        U2Device("emulator-5554", port=adb.port).capture()

Methods served: ``dumpWindowHierarchy``, ``click`` (a third argument makes it
a long press), ``swipe`` (steps of 5 ms), ``pressKeyCode``, ``pressKey``,
``setClipboard`` / ``getClipboard`` / ``pasteClipboard`` (the paste types the
clip into the focused field, as Android's paste does), ``takeScreenshot``
(base64 JPEG) and ``deviceInfo``; any other method is a JSON-RPC error
``-32601``. ``paste_works=False`` makes pastes vanish (a field that ignores
paste), to test that typed text is read back.

What is *not* simulated: launching the jar (the fake is already running, so
uiautomator2 only pings it), its helper APK and IME. While the fake runs, a
``uiautomator dump`` through :class:`U2Phone` fails the way Android does when
another UiAutomation client holds the phone; ``pkill -f com.wetest.uia2.Main``
stops it.
"""

from __future__ import annotations

import base64
import io
import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

from deltarec.core.devices.base import ShellResult
from deltarec.core.devices.latency import Latency

if TYPE_CHECKING:
    from deltarec.core.devices.virtual import Playground, VirtualShell

U2_PORT = 9008
"""The phone-side port of the uiautomator2 server (uiautomator2's default)."""

U2_MAIN = "com.wetest.uia2.Main"
HELD = (
    "java.lang.IllegalStateException: UiAutomationService "
    "android.accessibilityservice.IAccessibilityServiceClient$Stub$Proxy@5deffd5"
    "already registered!\n"
)
"""What ``uiautomator dump`` prints while another UiAutomation client holds the phone."""

_V1_STATUS = "; echo X4EXIT:$?"
_KEYS = {"home": 3, "back": 4, "enter": 66, "delete": 67, "del": 67, "menu": 82, "search": 84}


class FakeU2Server:
    """uiautomator2's on-device HTTP/JSON-RPC server, served from a Playground on loopback."""

    def __init__(
        self,
        playground: Playground,
        *,
        latency: Latency | None = None,
        sleep: Callable[[float], None] = time.sleep,
        paste_works: bool = True,
    ) -> None:
        self.playground = playground
        self.clipboard: str | None = None
        self.paste_works = paste_works
        self.calls: list[str] = []
        self._latency = (latency or Latency()).sampler()
        self._sleep = sleep
        self._http: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle ---------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._http is not None

    @property
    def address(self) -> tuple[str, int]:
        assert self._http is not None, "FakeU2Server is not running"
        host, port = self._http.server_address[:2]
        return str(host), int(port)

    def start(self) -> FakeU2Server:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                self._reply(b"pong" if self.path == "/ping" else b"not found", self.path == "/ping")

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                self._reply(json.dumps(server.rpc(body)).encode(), self.path == "/jsonrpc/0")

            def _reply(self, data: bytes, ok: bool) -> None:
                self.send_response(200 if ok else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._http.daemon_threads = True
        self._thread = threading.Thread(
            target=self._http.serve_forever, daemon=True, name="fake-u2"
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        http, self._http = self._http, None
        if http is not None:
            http.shutdown()
            http.server_close()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def __enter__(self) -> FakeU2Server:
        return self.start() if not self.running else self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- JSON-RPC ----------------------------------------------------------------------
    def rpc(self, body: bytes) -> dict[str, Any]:
        """Answer one JSON-RPC request (``{"jsonrpc", "id", "method", "params"}``)."""
        try:
            request = json.loads(body)
            method, params = str(request["method"]), list(request.get("params") or [])
        except (ValueError, KeyError, TypeError) as exc:
            return {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": str(exc)}}
        self.calls.append(method)
        handler = getattr(self, f"_rpc_{method}", None)
        if handler is None:
            error = {"code": -32601, "message": f"Method not found: {method}"}
            return {"jsonrpc": "2.0", "id": request.get("id"), "error": error}
        return {"jsonrpc": "2.0", "id": request.get("id"), "result": handler(*params)}

    def _rpc_dumpWindowHierarchy(self, compressed: bool = False, *rest: Any) -> str:
        delay = self._latency.delay("capture")
        if delay > 0:
            self._sleep(delay)
        with self.playground.lock:
            return self.playground.dump_xml()

    def _rpc_click(self, x: int, y: int, duration_ms: int | None = None) -> bool:
        with self.playground.lock:
            if duration_ms:
                self.playground.long_press(int(x), int(y), int(duration_ms))
            else:
                self.playground.tap(int(x), int(y))
        return True

    def _rpc_swipe(self, fx: int, fy: int, tx: int, ty: int, steps: int) -> bool:
        with self.playground.lock:
            self.playground.swipe(int(fx), int(fy), int(tx), int(ty), int(steps) * 5)
        return True

    def _rpc_pressKeyCode(self, code: int, meta: int | None = None) -> bool:
        with self.playground.lock:
            self.playground.press_keycode(int(code))
        return True

    def _rpc_pressKey(self, key: str) -> bool:
        return self._rpc_pressKeyCode(_KEYS[key.lower()])

    def _rpc_setClipboard(self, label: str | None, text: str) -> None:
        self.clipboard = text

    def _rpc_getClipboard(self) -> str | None:
        return self.clipboard

    def _rpc_pasteClipboard(self) -> None:
        if self.paste_works and self.clipboard:
            with self.playground.lock:
                self.playground.type_text(self.clipboard)

    def _rpc_takeScreenshot(self, scale: float = 1, quality: int = 80) -> str:
        with self.playground.lock:
            image = self.playground.screenshot()
        out = io.BytesIO()
        image.convert("RGB").save(out, "JPEG", quality=int(quality))
        return base64.b64encode(out.getvalue()).decode()

    def _rpc_deviceInfo(self) -> dict[str, Any]:
        width, height = self.playground.window_size()
        return {"displayWidth": width, "displayHeight": height, "sdkInt": 34}


class U2Phone:
    """A :class:`VirtualShell` whose phone also runs :class:`FakeU2Server` on port 9008.

    A :class:`~deltarec.core.devices.base.ShellTarget` for the fake adb server, plus
    ``tcp_endpoint`` for its ``tcp:`` service (:mod:`deltarec.core.devices.fakeadb.forward`).
    """

    def __init__(self, shell: VirtualShell, server: FakeU2Server) -> None:
        self.shell_target = shell
        self.server = server
        self.serial = shell.serial

    def tcp_endpoint(self, port: int) -> tuple[str, int] | None:
        return self.server.address if port == U2_PORT and self.server.running else None

    def shell(self, command: str) -> ShellResult:
        inner, probe, _ = command.partition(_V1_STATUS)
        if probe:
            # adbutils' shell v1 (what uiautomator2 uses) learns the exit code from
            # ``; echo X4EXIT:$?`` at the end of the merged output; a phone interleaves
            # stderr in time, the fake adb server sends it last: answer in the phone's order.
            result = self._shell(inner)
            status = f"X4EXIT:{result.exit_code}\n".encode()
            return ShellResult(result.stdout + result.stderr + status, b"", 0)
        return self._shell(command)

    def _shell(self, command: str) -> ShellResult:
        if "uiautomator dump" in command and self.server.running:
            return ShellResult(b"", HELD.encode(), 0)  # Android exits 0 here too
        if command.startswith("pkill") and U2_MAIN in command:
            found = self.server.running
            self.server.stop()
            return ShellResult(b"", b"", 0 if found else 1)
        return self.shell_target.shell(command)

    def read_file(self, path: str) -> bytes | None:
        return self.shell_target.read_file(path)

    def write_file(self, path: str, data: bytes) -> None:
        self.shell_target.write_file(path, data)


__all__ = ["HELD", "U2_PORT", "FakeU2Server", "U2Phone"]
