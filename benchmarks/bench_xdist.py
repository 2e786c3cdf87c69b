"""Wall time of one exported 8-test suite with pytest-xdist ``-n 1`` and ``-n 3``.

Three virtual phones of three profiles (small, large, tablet) are served as a device farm
would serve them: each by its own ``deltarec virtual serve --port 0 --profile P`` process
(the real adb host protocol). The suite is the test recordings
(``tests/core/recorder/recordings.py``) and the project's sign-up recording, all made on the
default phone, exported as pytest files, two per recording (``tests/deltarec/suite.py``). Each configuration runs
``python -m pytest -n N --device phone-0@…,phone-1@…,phone-2@…`` in a fresh
subprocess (worker start-up included, as CI pays it), ``--repeats`` times,
alternating; the medians are printed side by side. With ``-n 1`` one worker
runs all eight tests on phone-0; with ``-n 3`` each worker has its own phone.

    python benchmarks/bench_xdist.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.deltarec.suite import SUITE_SIZE, write_suite  # noqa: E402

_PORT = re.compile(r"on 127\.0\.0\.1:(\d+)")


PROFILES = ("small", "large", "tablet")
"""One phone of each: the recordings were made on none of them."""


def serve(stack: ExitStack, serial: str, profile: str) -> str:
    """Start ``deltarec virtual serve`` for ``serial`` with ``profile``; its device spec
    ``serial@host:port``."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "deltarec.core.cli.main", "virtual", "serve", "--port", "0",
         "--serial", serial, "--profile", profile],
        stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip
    stack.callback(proc.wait, 10)
    stack.callback(proc.terminate)
    assert proc.stdout is not None
    found = _PORT.search(proc.stdout.readline())
    if found is None:
        raise SystemExit(f"deltarec virtual serve for {serial} did not report its port")
    return f"{serial}@127.0.0.1:{found.group(1)}"


def run_suite(folder: Path, workers: int, devices: list[str]) -> float:
    args = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", str(workers),
            "--device", ",".join(devices), str(folder)]  # fmt: skip
    env = dict(os.environ, ADBUTILS_ADB_PATH="/bin/false", QT_QPA_PLATFORM="offscreen")
    started = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, cwd=folder, env=env)
    took = time.perf_counter() - started
    if done.returncode != 0 or f"{SUITE_SIZE} passed" not in done.stdout:
        raise SystemExit(f"-n {workers} failed:\n{done.stdout}\n{done.stderr}")
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        suite = Path(tmp) / "suite"
        suite.mkdir()
        write_suite(suite, Path(tmp) / "recordings")
        devices = [serve(stack, f"phone-{n}", p) for n, p in enumerate(PROFILES)]
        times: dict[int, list[float]] = {1: [], 3: []}
        for _ in range(args.repeats):
            for workers in times:
                times[workers].append(run_suite(suite, workers, devices))
                print(f"-n {workers}: {times[workers][-1]:.2f} s", file=sys.stderr)
    one, three = (statistics.median(times[w]) for w in (1, 3))
    print(f"{SUITE_SIZE}-test exported suite, 3 virtual phones ({', '.join(PROFILES)})"
          " over the adb protocol,"
          f" {os.cpu_count()} cores, median of {args.repeats}")  # fmt: skip
    print("| workers | wall time (s) | runs |")
    print("|---|---|---|")
    for workers in times:
        runs = ", ".join(f"{t:.2f}" for t in times[workers])
        print(f"| -n {workers} | {statistics.median(times[workers]):.2f} | {runs} |")
    print(f"speed-up -n 3 / -n 1: {one / three:.2f}×")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
