"""deltarec's pytest plugin (entry point ``pytest11``): a ``phone`` fixture and ``--device``.

Options:

- ``--device SPEC`` — ``virtual`` (default, or ``$DELTAREC_DEVICE``), an adb
  serial, ``SERIAL@HOST:PORT`` (a device behind another adb server: a device
  farm's endpoint), or ``replay:DIR``. A comma list ``a,b,c`` is a pool:
- ``--device-pool FILE`` — the pool, one device per line (``#`` comments).

With pytest-xdist (``-n N``) worker ``gwK`` takes the pool's K-th device for its
whole session; without xdist the run takes the first. xdist does the
scheduling; the plugin only maps its worker id to a device, and fails the run
(a usage error) when there are more workers than devices (``virtual`` alone
serves any number).

The ``phone`` fixture is a :class:`~deltarec.core.api.Phone` per test. Real devices are
opened once per worker session and shared by its tests (start a test by
launching or stopping its app); ``virtual`` is a fresh built-in phone per test,
as an emulator restored from a snapshot would be. Each test's report carries
``deltarec_device`` and ``deltarec_worker`` user properties (they reach
``--junitxml``). When a test fails, the report gets a "deltarec: last delta"
section and a screenshot of the device, saved under ``--deltarec-artifacts``
(default ``deltarec-artifacts/``) and named in a section and a user property.
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
        help="device for the phone fixture: virtual, SERIAL, SERIAL@HOST:PORT, replay:DIR;"
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


def device_pool(config: pytest.Config) -> list[str]:
    """The devices given: ``--device-pool`` lines, else ``--device`` split on commas."""
    pool_file = config.getoption("device_pool")
    if pool_file:
        try:
            text = Path(pool_file).read_text(encoding="utf-8")
        except OSError as exc:
            raise pytest.UsageError(f"--device-pool {pool_file}: {exc.strerror or exc}") from exc
        pool = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    else:
        spec = config.getoption("device") or os.environ.get(ENV) or VIRTUAL
        pool = [part.strip() for part in spec.split(",")]
    pool = [spec for spec in pool if spec]
    if not pool:
        raise pytest.UsageError("no device given (--device or --device-pool)")
    return pool


def worker_id(config: pytest.Config) -> str:
    """pytest-xdist's id of this worker (``gw0``, …), or ``master`` without xdist."""
    workerinput = getattr(config, "workerinput", None)
    return str(workerinput["workerid"]) if workerinput else "master"


def device_for(pool: list[str], worker: str) -> str:
    """The pool's device for ``worker``: ``gwK`` takes the K-th; ``master`` the first.

    ``virtual`` alone serves any number of workers (each test gets a fresh phone).

    >>> device_for(["a", "b"], "gw1"), device_for(["a", "b"], "master")
    ('b', 'a')
    >>> device_for(["virtual"], "gw7")
    'virtual'
    """
    if pool == [VIRTUAL]:
        return VIRTUAL
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
    """The worker's device, opened once; None for ``virtual`` (one fresh phone per test)."""
    from deltarec.core.devices.open import open_device
    from deltarec.core.errors import DeltarecError

    if deltarec_device_spec == VIRTUAL:
        return None
    try:
        return open_device(deltarec_device_spec)
    except DeltarecError as exc:
        pytest.exit(f"cannot open device {deltarec_device_spec!r}: {exc}", returncode=2)


@pytest.fixture
def phone(
    request: pytest.FixtureRequest, deltarec_device: Device | None, deltarec_device_spec: str
) -> Iterator[Phone]:
    """A :class:`~deltarec.core.api.Phone` on this worker's device (module docstring)."""
    from deltarec.core.api import Phone
    from deltarec.core.devices.open import open_device

    device = deltarec_device if deltarec_device is not None else open_device(VIRTUAL)
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
