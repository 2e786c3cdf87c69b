"""Open a device by name: ``virtual``, ``virtual:PROFILE``, ``replay:DIR``, ``u2:SERIAL``, an
adb serial, or ``SERIAL@HOST:PORT`` (a device behind another adb server).

``PROFILE`` is ``WIDTHxHEIGHT[@DPI]`` or a preset (``small``, ``large``, ``tablet``,
``phone``): the virtual phone with that screen (:mod:`deltarec.core.devices.virtual.profile`).

>>> open_device("virtual").serial
'virtual'
>>> open_device("virtual:small").window_size()
(720, 1600)
>>> open_device("emulator-5554@10.0.0.7:5037")
AdbDevice('emulator-5554', server=10.0.0.7:5037)
"""

from __future__ import annotations

import contextlib

from deltarec.core.devices.base import Device
from deltarec.core.errors import DeviceError, InputError

VIRTUAL = "virtual"
VIRTUAL_PREFIX = "virtual:"
REPLAY_PREFIX = "replay:"
U2_PREFIX = "u2:"


def is_virtual(spec: str) -> bool:
    """True for ``virtual`` and ``virtual:PROFILE``: a built-in phone, fresh on every open.

    >>> is_virtual("virtual"), is_virtual("virtual:720x1600@320"), is_virtual("virtualbox")
    (True, True, False)
    """
    return spec == VIRTUAL or spec.startswith(VIRTUAL_PREFIX)


def open_device(spec: str) -> Device:
    """``virtual``: a fresh Playground phone (``virtual:PROFILE``: with that screen, its
    serial ``virtual:WIDTHxHEIGHT@DPI``); ``replay:DIR``: a recorded bundle;
    ``u2:SERIAL``: uiautomator2's on-device server (the ``u2`` extra); else adb.

    ``SERIAL@HOST:PORT`` is the device ``SERIAL`` of the adb server at
    ``HOST:PORT`` (a device farm's, or another machine's), which must be running:
    deltarec never starts one for it. A bare serial uses the default server
    (``$ANDROID_ADB_SERVER_HOST`` / ``_PORT``, else 127.0.0.1:5037), started by
    ``adb start-server`` when none answers, as ``adb -s SERIAL`` does. ``virtual``
    and ``replay:`` never touch adb.

    Constructing does no I/O for adb and u2 (errors come with the first call).
    Raises CaptureParseError for a bad bundle, DeviceError for an empty serial or
    ``u2:`` without the extra installed, InputError for a port out of range or a bad
    profile (naming the device and what is wrong).
    """
    if spec.startswith(REPLAY_PREFIX):
        from deltarec.core.devices.replay import ReplayDevice

        return ReplayDevice(spec.removeprefix(REPLAY_PREFIX))
    if is_virtual(spec):
        from deltarec.core.devices.virtual import make_virtual_device, parse_profile

        if spec == VIRTUAL:
            return make_virtual_device()
        profile = parse_profile(spec.removeprefix(VIRTUAL_PREFIX), device=spec)
        return make_virtual_device(f"{VIRTUAL_PREFIX}{profile.name}", profile=profile)
    if spec.startswith(U2_PREFIX):
        try:
            from deltarec.core.devices.u2 import U2Device
        except ImportError as exc:
            raise DeviceError(
                f"{spec}: the uiautomator2 backend needs its extra: pip install 'deltarec[u2]' "
                f"({exc})"
            ) from exc
        return U2Device(spec.removeprefix(U2_PREFIX))
    from deltarec.core.devices.adb import AdbDevice

    serial, at, server = spec.rpartition("@")
    host, colon, port = server.rpartition(":")
    if at and serial and colon and host and port.isascii() and port.isdigit():
        number = int(port)
        if not 0 < number < 65536:
            raise InputError(f"device {spec!r}: port {number} is out of range (1-65535)")
        return AdbDevice(serial, host=host, port=number, start_server=False)
    return AdbDevice(spec)


def available_devices(host: str = "127.0.0.1", port: int = 5037) -> list[tuple[str, str]]:
    """``(name, state)`` of ``virtual`` and every device of the adb server at ``host:port``
    if one is running (none otherwise: listing never starts an adb server)."""
    from deltarec.core.devices.adb import list_devices
    from deltarec.core.errors import DeviceError

    out = [(VIRTUAL, "device")]
    with contextlib.suppress(DeviceError):
        out += [(d.serial, d.state) for d in list_devices(host, port)]
    return out
