"""Device subcommands: ``devices``, ``virtual serve``, and ``--device`` on observe / delta.

Baselines: every capture of a device through the CLI is saved as observation
JSON in the session directory (``$DELTAREC_HOME``, default
``~/.cache/deltarec``), so ``deltarec delta --device S`` shows what changed
since the previous capture of ``S`` without acting on the phone.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

from deltarec.core.bundle import write_atomic
from deltarec.core.capture.boundary import read_json
from deltarec.core.capture.jsonio import observation_from_json, observation_to_json
from deltarec.core.cli.main import print_frame, volatile_for
from deltarec.core.devices.open import VIRTUAL, open_device
from deltarec.core.errors import DeviceError, InputError
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta, observe_frame
from deltarec.core.render.diff_json import diff_json

__all__ = ["VIRTUAL", "open_device", "register"]


def session_dir() -> Path:
    """``$DELTAREC_HOME`` when set and not empty (an empty one is unset: never the current
    folder), else ``~/.cache/deltarec``."""
    home = os.environ.get("DELTAREC_HOME", "")
    return Path(home) if home else Path.home() / ".cache" / "deltarec"


def _baseline_path(serial: str) -> Path:
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", serial)
    return session_dir() / "baselines" / f"{safe}.json"


def save_baseline(serial: str, obs: Observation) -> bool:
    """Write atomically (temp file, then rename) so a crash never leaves half a baseline.

    The store is a cache: when it cannot be written (disk full, read-only, ``baselines``
    a file, the baseline a folder) one ``deltarec: note:`` line says the baseline was not
    kept and False is returned; the capture itself is still shown.
    """
    path = _baseline_path(serial)
    try:
        write_atomic(path, json.dumps(observation_to_json(obs)).encode("utf-8"))
    except OSError as exc:
        reason = exc.strerror or str(exc)
        print(f"deltarec: note: the baseline was not kept ({path}: {reason})", file=sys.stderr)
        return False
    return True


def load_baseline(serial: str) -> Observation | None:
    path = _baseline_path(serial)
    if not path.exists():
        return None
    try:
        return observation_from_json(read_json(path, what="baseline"))
    except InputError as exc:  # bad UTF-8, 1e400, too deep: only a lost cache, start over
        print(f"deltarec: note: ignoring the damaged baseline: {exc}", file=sys.stderr)
        return None


def check_port(option: str, port: int, *, lowest: int = 1) -> int:
    """``port`` when it is a TCP port (``lowest``..65535), else InputError naming ``option``."""
    if not lowest <= port <= 65535:
        raise InputError(f"{option} {port}: not a TCP port ({lowest}-65535)")
    return port


def _cmd_devices(args: argparse.Namespace) -> int:
    from deltarec.core.devices.adb import list_devices

    check_port("--port", args.port)
    print(f"{VIRTUAL}\tdevice\t(built-in Playground phone)")
    try:
        listed = list_devices(args.host, args.port)
    except DeviceError as exc:
        print(
            f"# no adb server running at {args.host}:{args.port}: only 'virtual' listed "
            f"(deltarec never starts one; 'adb start-server' does) ({exc})"
        )
        return 0
    for entry in listed:
        print(f"{entry.serial}\t{entry.state}")
    return 0


SERVE_PORT = 5037
"""``virtual serve``'s default port: adb's own, so adb clients find the phone unconfigured."""
SERVE_SERIAL = "emulator-5554"
"""``virtual serve``'s default serial: the first emulator's, which adb tools expect."""


def _cmd_serve(args: argparse.Namespace) -> int:
    from deltarec.core.devices.fakeadb import FakeAdbd, FakeAdbServer
    from deltarec.core.devices.virtual import Playground, VirtualShell, parse_profile

    if args.adbd is not None and args.port is not None:
        raise InputError("give --port (adb host protocol) or --adbd PORT (device side), not both")
    option, given = ("--adbd", args.adbd) if args.adbd is not None else ("--port", args.port)
    port = check_port(option, SERVE_PORT if given is None else given, lowest=0)
    spec = args.profile.removeprefix("virtual:")
    profile = parse_profile(spec, device=f"--profile {args.profile}")
    shell = VirtualShell(Playground(profile=profile), serial=args.serial)
    endpoint: FakeAdbd | FakeAdbServer = (
        FakeAdbd(shell, port=port) if args.adbd is not None else FakeAdbServer([shell], port=port)
    )
    try:
        endpoint.start()
    except OSError as exc:
        hint = "; is adb's own server running there? ('adb kill-server')" * (port == SERVE_PORT)
        raise InputError(
            f"{option} {port}: cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}{hint}"
            "; pick another port (0 picks a free one)"
        ) from exc
    try:  # Ctrl-C as soon as the banner is out (before serve_forever) stops cleanly too
        if isinstance(endpoint, FakeAdbd):
            print(
                f"serving virtual phone {args.serial!r} as adbd on 127.0.0.1:{endpoint.port}; "
                f"run: adb connect 127.0.0.1:{endpoint.port}; Ctrl-C stops",
                flush=True,
            )
        else:
            print(
                f"serving virtual phone {args.serial!r} over the adb host protocol"
                f" on 127.0.0.1:{endpoint.port} (--device {args.serial}@127.0.0.1:{endpoint.port});"
                " Ctrl-C stops",
                flush=True,
            )
        endpoint.serve_forever()  # Ctrl-C: stops within a second, sleeping shells included
    except KeyboardInterrupt:
        endpoint.stop()
    if endpoint.stuck_threads:
        print(f"stopped; {len(endpoint.stuck_threads)} calls were still running", file=sys.stderr)
    return 0


def observe_device(args: argparse.Namespace) -> int:
    shot = _screenshot_target(args.screenshot) if args.screenshot else None
    device = open_device(args.device)
    obs = device.capture()
    if shot is not None:
        try:
            device.screenshot().save(shot[0], format=shot[1])
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise InputError(f"--screenshot {args.screenshot}: cannot write it: {reason}") from None
    save_baseline(device.serial, obs)
    print_frame(obs, args)
    return 0


def _screenshot_target(path: str) -> tuple[Path, str]:
    """``--screenshot``'s file and image format, checked before the device is touched:
    a known image extension, in an existing folder (InputError naming it otherwise)."""
    from PIL import Image

    target = Path(path)
    kind = Image.registered_extensions().get(target.suffix.lower())
    if kind is None or kind not in Image.SAVE:
        raise InputError(
            f"--screenshot {path}: unknown image extension {target.suffix or '(none)'!r} (use .png)"
        )
    if "\0" in path:
        raise InputError(f"--screenshot {path!r}: contains a NUL character")
    folder = target.parent
    if not folder.is_dir():
        raise InputError(f"--screenshot {path}: no folder {folder}")
    if target.is_dir():
        raise InputError(f"--screenshot {path}: is a folder")
    return target, kind


def delta_device(args: argparse.Namespace) -> int:
    device = open_device(args.device)
    now = device.capture()
    before = load_baseline(device.serial)
    save_baseline(device.serial, now)
    if before is None:
        print(f"» first capture of {device.serial}: full frame follows")
        print(observe_frame(now, tree=False, max_lines=args.max_lines, max_tokens=args.max_tokens))
        return 0
    result = observe_delta(
        before,
        now,
        volatile=volatile_for(args),
        max_lines=args.max_lines,
        max_tokens=args.max_tokens,
    )
    if args.format == "json":
        print(json.dumps(diff_json(result.delta, result.index), ensure_ascii=False))
    else:
        print(result.text)
    return 0


def check_device_args(args: argparse.Namespace, files: list[str | None]) -> None:
    given = [f for f in files if f is not None]
    if args.device and given:
        raise InputError("give either --device or capture files, not both")
    if not args.device and len(given) != len(files):
        raise InputError("missing capture file(s) (or use --device SERIAL|virtual)")


def adb_server_port() -> int:
    """``$ANDROID_ADB_SERVER_PORT`` as adb itself reads it, else 5037 (an unusable value too)."""
    text = os.environ.get("ANDROID_ADB_SERVER_PORT", "")
    if text.isascii() and text.isdigit() and 0 < int(text) < 65536:
        return int(text)
    return 5037


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    devices = sub.add_parser(
        "devices",
        help="list devices",
        description="List 'virtual' (the built-in phone, which needs no adb) and the devices "
        "of the adb server at HOST:PORT if one is running. deltarec never starts an adb "
        "server to list devices: with none running it says so and lists 'virtual' only.",
    )
    devices.add_argument("--host", default="127.0.0.1", help="adb server host (default 127.0.0.1)")
    devices.add_argument(
        "--port",
        type=int,
        default=adb_server_port(),
        help="adb server port (default $ANDROID_ADB_SERVER_PORT, else 5037)",
    )
    devices.set_defaults(run=_cmd_devices)

    virtual = sub.add_parser("virtual", help="the built-in virtual phone")
    vsub = virtual.add_subparsers(dest="virtual_command", required=True, metavar="ACTION")
    serve = vsub.add_parser(
        "serve",
        help="serve it over the adb host protocol",
        description="Serve the virtual phone over the adb host protocol on 127.0.0.1:PORT "
        "(default 127.0.0.1:5037, adb's own port, so adb clients find it with no setting; "
        "stop a real adb server first, or pick another --port) as the device SERIAL "
        "(default emulator-5554): point deltarec at SERIAL@127.0.0.1:PORT. With --adbd PORT "
        "it serves the device side instead, a phone the real adb server connects to. "
        "--profile gives the phone another screen.",
    )
    serve.add_argument(
        "--port",
        type=int,
        default=None,
        help=f"port of the adb host protocol (default {SERVE_PORT}, adb's own; 0 picks a free one)",
    )
    serve.add_argument(
        "--serial",
        default=SERVE_SERIAL,
        help=f"serial the phone reports (default {SERVE_SERIAL})",
    )
    serve.add_argument(
        "--profile",
        default="phone",
        metavar="WxH[@DPI]|PRESET",
        help="the phone's screen: WIDTHxHEIGHT[@DPI] in px (e.g. 720x1600@320; a "
        "virtual: prefix is allowed) or a preset: phone (1080x2400@420, the default), small "
        "(720x1600@320), large (1440x3120@560), tablet (2560x1600@320, landscape)",
    )
    serve.add_argument(
        "--adbd",
        type=int,
        metavar="PORT",
        help="serve the device side instead (what adbd speaks), so the real adb binary can "
        "'adb connect 127.0.0.1:PORT' (0 picks a free port); not with --port",
    )
    serve.set_defaults(run=_cmd_serve)
