"""deltarec's pytest plugin (entry point ``pytest11``): a ``phone`` fixture and ``--device``.

Options:

- ``--device SPEC`` — ``virtual`` (default, or ``$DELTAREC_DEVICE``),
  ``virtual:WIDTHxHEIGHT[@DPI]`` or ``virtual:small|large|tablet`` (the virtual phone
  with another screen), an adb serial, ``SERIAL@HOST:PORT`` (a device behind another
  adb server: a device farm's endpoint), or ``replay:DIR``. A comma list ``a,b,c`` is a pool:
- ``--device-pool FILE`` — the pool, one device per line (``#`` comments).

With pytest-xdist (``-n N``) worker ``gwK`` takes the pool's K-th device for its
whole session; without xdist the run takes the first. xdist does the
scheduling; the plugin only maps its worker id to a device, and fails the run
(a usage error, decided once on the controller before any worker starts) when
there are more workers than devices (one virtual phone alone serves any number). The
pool file is read as deltarec reads any input: a regular UTF-8 file of at most
1 MiB, else a usage error in one line.

A device that cannot be opened (nothing listening at ``HOST:PORT``, a serial the
adb server does not know) stops the run with exit code 2 and one line naming the
device and the cause, before the first test that needs it runs.

The ``phone`` fixture is a :class:`~deltarec.core.api.Phone` per test. Real devices are
opened once per worker session and shared by its tests (start a test by
launching or stopping its app); ``virtual`` (any profile) is a fresh built-in phone
per test,
as an emulator restored from a snapshot would be. Each test's report carries
``deltarec_device`` and ``deltarec_worker`` user properties (they reach
``--junitxml``). When a test fails, the report gets a "deltarec: last delta"
section and a screenshot of the device, saved under ``--deltarec-artifacts``
(default ``deltarec-artifacts/``) and named in a section and a user property.

Each test starts from a known state: before the ``phone`` fixture hands the phone over,
it stops the app under test (``am force-stop``, through the device: served virtual
phones and real adb phones alike), or clears it (``pm clear``: its data too), so a test
never starts on the screen the previous one left. Which app and how:

- the marker ``@pytest.mark.deltarec_app("com.example", reset="stop")`` on a test or a
  module (``pytestmark``; an exported pytest module carries it), the nearest one wins;
  ``reset`` is ``"stop"`` (the default), ``"clear"`` or ``"none"``;
- else the ini options ``deltarec_app = com.example`` and ``deltarec_reset = stop``.

With no app named nothing is reset. A reset that fails stops the test with the device's
error, before any step runs.
"""

from __future__ import annotations

import os
import re
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:  # imported when a test asks for a phone: a run that never does pays nothing
    from deltarec.core.api import Phone
    from deltarec.core.devices.base import Device

ENV = "DELTAREC_DEVICE"
VIRTUAL = "virtual"
_PHONE = pytest.StashKey["Phone"]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("deltarec", "deltarec: the device tests drive")
    group.addoption(
        "--device",
        default=None,
        help="device for the phone fixture: virtual, virtual:WxH[@DPI], virtual:small|large|"
        "tablet, SERIAL, SERIAL@HOST:PORT, replay:DIR;"
        " a comma list gives each xdist worker its own (default: $DELTAREC_DEVICE or virtual)",
    )
    group.addoption(
        "--device-pool",
        metavar="FILE",
        default=None,
        help="file listing one device per line (# comments): each xdist worker takes one",
    )
    group.addoption(
        "--deltarec-artifacts",
        metavar="DIR",
        default="deltarec-artifacts",
        help="where screenshots of failed tests go (default: deltarec-artifacts)",
    )

    parser.addini("deltarec_app", "package the phone fixture resets before each test", default="")
    parser.addini(
        "deltarec_reset",
        "how the phone fixture resets deltarec_app before each test: stop, clear or none",
        default="stop",
    )


RESETS = ("stop", "clear", "none")
"""How the app under test is reset before each test (see the module docstring)."""


def reset_for(item: pytest.Item) -> tuple[str, str]:
    """``(package, reset)`` for ``item``: its nearest ``deltarec_app`` marker, else the ini
    options; ``("", "none")`` when no app is named. A bad value is a UsageError."""
    package = str(item.config.getini("deltarec_app") or "")
    how = str(item.config.getini("deltarec_reset") or "stop")
    marker = item.get_closest_marker("deltarec_app")
    if marker is not None:
        package = str(marker.args[0]) if marker.args else package
        how = str(marker.kwargs.get("reset", "stop"))
    if how not in RESETS:
        raise pytest.UsageError(
            f"{item.nodeid}: deltarec reset {how!r} is not one of {', '.join(RESETS)}"
        )
    return (package, how) if package else ("", "none")


def reset_app(device: Device, package: str, how: str) -> None:
    """Stop (``am force-stop``) or clear (``pm clear``: ``Device.clear_app``) ``package``
    on ``device``. Every device clears for real: adb phones through adbutils, the virtual
    phone by resetting the app's state and files. Raises DeviceError when the device
    refuses (an unknown package, ``pm`` not answering ``Success``).
    """
    if how == "none":
        return
    if how == "clear":
        device.clear_app(package)
        return
    device.stop_app(package)


POOL_LIMIT = 1024 * 1024
"""Largest ``--device-pool`` file read (bytes): a farm's list is a few kilobytes."""


def _usage_error(problem: str, where: str) -> Exception:
    return pytest.UsageError(f"--device-pool {where}: {problem}")


def read_pool_file(path: str) -> str:
    """The pool file's text, read through deltarec's input boundary: a regular file of
    at most :data:`POOL_LIMIT` bytes of UTF-8; anything else is a one-line UsageError."""
    from deltarec.core.capture.boundary import decode_text, read_bounded

    data = read_bounded(path, limit=POOL_LIMIT, error=_usage_error, what="device pool")
    return decode_text(data, where=path, error=_usage_error)


def device_pool(config: pytest.Config) -> list[str]:
    """The devices given: ``--device-pool`` lines, else ``--device`` split on commas."""
    pool_file = config.getoption("device_pool")
    if pool_file:
        text = read_pool_file(str(pool_file))
        pool = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    else:
        spec = config.getoption("device") or os.environ.get(ENV) or VIRTUAL
        pool = [part.strip() for part in spec.split(",")]
    pool = [spec for spec in pool if spec]
    if not pool:
        raise pytest.UsageError("no device given (--device or --device-pool)")
    return pool


def _workers(config: pytest.Config) -> int:
    """How many xdist workers this (controller) run starts; 0 without xdist."""
    count = getattr(config.option, "numprocesses", None)
    if not isinstance(count, int) or count <= 0:
        return 0
    most = getattr(config.option, "maxprocesses", None)
    return min(count, most) if isinstance(most, int) and most > 0 else count


def pytest_configure(config: pytest.Config) -> None:
    """On the xdist controller, once: a pool given on the command line must be readable
    and have a device for every worker, else the session is a usage error.

    A run that names no pool (no ``--device`` / ``--device-pool``) is not looked at.
    """
    config.addinivalue_line(
        "markers",
        "deltarec_app(package, reset='stop'): the app the phone fixture stops (clear: clears,"
        " none: leaves) before each test",
    )
    if hasattr(config, "workerinput"):
        return
    if not (config.getoption("device_pool", None) or config.getoption("device", None)):
        return
    pool = device_pool(config)
    workers = _workers(config)
    if not workers or _one_virtual(pool):
        return
    if workers > len(pool):
        raise pytest.UsageError(
            f"-n {workers} starts {workers} xdist workers but the pool has {len(pool)}"
            f" device(s) ({', '.join(pool)}); run with -n {len(pool)} or fewer, or give more"
        )
    for spec in pool[:workers]:  # a worker that cannot open its device would only "crash"
        if spec != VIRTUAL:  # a virtual profile is opened too: a bad one stops the run here
            close = getattr(open_checked(spec), "close", None)
            if callable(close):
                close()


def open_checked(spec: str) -> Device:
    """Open ``spec`` and ask it its screen size (its first I/O), so a dead endpoint or a
    wrong serial stops the run here: exit code 2, one line naming the device and the cause."""
    from deltarec.core.devices.open import open_device
    from deltarec.core.errors import DeltarecError

    try:
        device = open_device(spec)
        device.window_size()
    except DeltarecError as exc:
        pytest.exit(f"cannot open device {spec!r}: {exc}", returncode=2)
    return device


def _one_virtual(pool: list[str]) -> bool:
    """True for a pool of one virtual phone, which serves any number of workers."""
    from deltarec.core.devices.open import is_virtual

    return len(pool) == 1 and is_virtual(pool[0])


def worker_id(config: pytest.Config) -> str:
    """pytest-xdist's id of this worker (``gw0``, …), or ``master`` without xdist."""
    workerinput = getattr(config, "workerinput", None)
    return str(workerinput["workerid"]) if workerinput else "master"


def device_for(pool: list[str], worker: str) -> str:
    """The pool's device for ``worker``: ``gwK`` takes the K-th; ``master`` the first.

    ``virtual`` alone serves any number of workers (each test gets a fresh phone).

    >>> device_for(["a", "b"], "gw1"), device_for(["a", "b"], "master")
    ('b', 'a')
    >>> device_for(["virtual"], "gw7"), device_for(["virtual:small"], "gw7")
    ('virtual', 'virtual:small')
    """
    if _one_virtual(pool):
        return pool[0]
    found = re.fullmatch(r"gw(\d+)", worker)
    number = int(found.group(1)) if found else 0
    if number >= len(pool):
        raise pytest.UsageError(
            f"xdist worker {worker} has no device: {len(pool)} in the pool"
            f" ({', '.join(pool)}); run with -n {len(pool)} or fewer"
        )
    return pool[number]


@pytest.fixture(scope="session")
def deltarec_device_spec(pytestconfig: pytest.Config) -> str:
    """The device this worker drives (see the module docstring)."""
    return device_for(device_pool(pytestconfig), worker_id(pytestconfig))


@pytest.fixture(scope="session")
def deltarec_device(deltarec_device_spec: str) -> Device | None:
    """The worker's device, opened once; None for a virtual phone (a fresh one per test)."""
    from deltarec.core.devices.open import is_virtual

    if is_virtual(deltarec_device_spec):
        open_checked(deltarec_device_spec)  # a bad profile stops the run here, as a bad serial
        return None
    return open_checked(deltarec_device_spec)


@pytest.fixture
def phone(
    request: pytest.FixtureRequest, deltarec_device: Device | None, deltarec_device_spec: str
) -> Iterator[Phone]:
    """A :class:`~deltarec.core.api.Phone` on this worker's device, its app under test
    stopped or cleared first (module docstring)."""
    from deltarec.core.api import Phone
    from deltarec.core.devices.open import open_device

    device = deltarec_device if deltarec_device is not None else open_device(deltarec_device_spec)
    reset_app(device, *reset_for(request.node))
    opened = Phone(device)
    request.node.stash[_PHONE] = opened
    request.node.user_properties.append(("deltarec_device", deltarec_device_spec))
    request.node.user_properties.append(("deltarec_worker", worker_id(request.config)))
    yield opened
    opened.close()


def _safe(nodeid: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", nodeid)[-150:]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """On a failed test that used ``phone``: the last delta and a screenshot in the report."""
    report = yield
    opened = item.stash.get(_PHONE, None)
    if opened is None or not report.failed or report.when != "call":
        return report
    from deltarec.core.errors import DeltarecError

    try:
        report.sections.append(("deltarec: last delta", opened.delta()))
    except DeltarecError as exc:
        report.sections.append(("deltarec: last delta", f"(unavailable: {exc})"))
    try:
        folder = Path(item.config.getoption("deltarec_artifacts"))
        folder.mkdir(parents=True, exist_ok=True)
        shot = folder / f"{_safe(item.nodeid)}.png"
        opened.screenshot().save(shot)
    except (DeltarecError, OSError) as exc:
        report.sections.append(("deltarec: screenshot", f"(unavailable: {exc})"))
    else:
        report.sections.append(("deltarec: screenshot", str(shot.resolve())))
        report.user_properties.append(("deltarec_screenshot", str(shot.resolve())))
    return report
