"""An exported suite across virtual phones served over the adb protocol, one per xdist worker.

Three Playground phones are served as ``deltarec virtual serve`` serves one: each
behind its own fake adb server (a device farm's endpoints look the same), named
``SERIAL@127.0.0.1:PORT``. The suite runs in a pytest subprocess with pytest-xdist;
the junit report says which device and worker each test had. Two workers share the three
phones' pool, so the run shows both that each worker kept its own phone and that the phone no
worker had was never driven (a three-worker run adds neither check and cost a minute of CI).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.virtual import VirtualShell
from tests.deltarec.suite import SUITE_SIZE, write_suite

pytest_plugins = ["pytester"]


@pytest.fixture
def served() -> Iterator[list[tuple[str, VirtualShell]]]:
    """Three phones, each behind its own adb server: ``(device spec, its shell)``."""
    with ExitStack() as stack:
        out = []
        for n in range(3):
            shell = VirtualShell(serial=f"phone-{n}")
            server = stack.enter_context(FakeAdbServer([shell]))
            out.append((f"phone-{n}@127.0.0.1:{server.port}", shell))
        yield out


def _properties(junit: Path) -> list[dict[str, str]]:
    cases = ET.parse(junit).getroot().iter("testcase")
    return [
        {p.get("name", ""): p.get("value", "") for p in case.iter("property")} for case in cases
    ]


@pytest.mark.parametrize("workers", [2])
def test_each_worker_runs_the_exported_suite_on_its_own_phone(
    pytester: pytest.Pytester,
    tmp_path: Path,
    served: list[tuple[str, VirtualShell]],
    workers: int,
) -> None:
    write_suite(pytester.path, tmp_path)
    pool = [spec for spec, _ in served[:workers]]
    junit = tmp_path / "junit.xml"
    result = pytester.runpytest_subprocess(
        "-n", str(workers), "--device", ",".join(pool), f"--junitxml={junit}",
        "-p", "no:cacheprovider", timeout=240,
    )  # fmt: skip
    result.assert_outcomes(passed=SUITE_SIZE)
    cases = _properties(junit)
    assert len(cases) == SUITE_SIZE
    used = {(c["deltarec_worker"], c["deltarec_device"]) for c in cases}
    for worker, device in used:  # worker gwK had the pool's K-th phone, and only it
        assert device == pool[int(worker.removeprefix("gw"))]
    assert len({w for w, _ in used}) == len(used) == workers  # xdist fed every worker
    for spec, shell in served:  # each phone was driven only if a worker had it
        drove = any(cmd.startswith("input ") for cmd in shell.history)
        assert drove == (spec in {d for _, d in used}), spec
