"""The ``tcp:<port>`` device service: a stream to a port *on the phone*.

adbutils' ``create_connection(Network.TCP, port)`` (what uiautomator2 uses to
reach its on-device HTTP server) sends ``tcp:<port>`` after picking a device.
A target that offers ``tcp_endpoint(port) -> (host, port) | None`` maps the
phone's port to a loopback address (a fake on-device server); the service then
connects there and copies bytes both ways (one thread, a selector) until both
sides close. A port
with no endpoint is refused with adb's wording, as a phone with nothing
listening refuses it.
"""

from __future__ import annotations

import contextlib
import selectors
import socket
from collections.abc import Callable
from typing import Protocol, runtime_checkable

_BUFFER = 64 * 1024


@runtime_checkable
class TcpEndpoints(Protocol):
    """A target whose phone-side TCP ports lead somewhere."""

    def tcp_endpoint(self, port: int) -> tuple[str, int] | None: ...


def tcp_runner(target: object, argument: str) -> Callable[[socket.socket], None] | str:
    """The runner for ``tcp:<argument>`` on ``target``, or why it is refused."""
    if not argument.isdigit() or not 0 < int(argument) < 65536:
        return f"invalid tcp port '{argument[:20]}'"
    endpoint = target.tcp_endpoint(int(argument)) if isinstance(target, TcpEndpoints) else None
    if endpoint is None:
        return f"connect to tcp:{argument} failed: Connection refused"
    try:
        upstream = socket.create_connection(endpoint, timeout=5)
    except OSError as exc:
        return f"connect to tcp:{argument} failed: {exc}"
    upstream.settimeout(None)
    return lambda sock: _bridge(sock, upstream)


def _bridge(client: socket.socket, upstream: socket.socket) -> None:
    """Copy both ways on this one thread; when one side ends, half-close the other and
    go on until it ends too."""
    with selectors.DefaultSelector() as selector:
        selector.register(client, selectors.EVENT_READ, upstream)
        selector.register(upstream, selectors.EVENT_READ, client)
        try:
            while selector.get_map():
                for key, _ in selector.select():
                    src, dst = key.fileobj, key.data
                    assert isinstance(src, socket.socket)
                    try:
                        data = src.recv(_BUFFER)
                        if data:
                            dst.sendall(data)
                            continue
                    except OSError:
                        pass
                    selector.unregister(src)
                    with contextlib.suppress(OSError):
                        dst.shutdown(socket.SHUT_WR)
        finally:
            upstream.close()


__all__ = ["TcpEndpoints", "tcp_runner"]
