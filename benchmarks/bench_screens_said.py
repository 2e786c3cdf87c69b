"""A new screen's header counts what it lists, on every ordered pair of real captures (issue 18).

    python benchmarks/bench_screens_said.py           # counts per input path
    python benchmarks/bench_screens_said.py --show 3  # and the first wrong headers

``» new screen X: N elements`` must list exactly N elements (the title's number and every
number on its ``+`` lines) when the reply is not cut; :mod:`tests.core.truth.test_screens_said`
checks it over seeded sessions on the virtual phone, where a new screen never opens as a dialog
alone. Real captures do: a time picker over an app whose activity the dump leaves out read
``» new screen com.simplemobiletools.calendar: 0 elements`` and listed the dialog and its 20
controls (355 of 2,135 new screens on XML before the header counted a dialog's lines too).
Every ordered pair of the captures under ``fixtures/real``, on both input paths (uiautomator
XML through ``observe_delta``; element dicts through ``delta_observation``), uncut.
"""

from __future__ import annotations

import argparse
import itertools
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # as a script, sys.path[0] is benchmarks/

from deltarec.core import elements  # noqa: E402
from deltarec.core.capture.element_dicts import observation_to_elements  # noqa: E402
from deltarec.core.capture.uiautomator import parse_uiautomator  # noqa: E402
from deltarec.core.observe.model import Observation  # noqa: E402
from deltarec.core.observer import observe_delta  # noqa: E402

HEAD = re.compile(r'^» new screen .*?(?:\[(\d+)\] "(?:[^"\\]|\\.)*")?: (\d+) elements')
PATHS = ("xml", "dicts")


def captures() -> list[tuple[str, Observation]]:
    """Every real capture that parses, by its path under ``fixtures/real``."""
    out = []
    for path in sorted((ROOT / "fixtures" / "real").rglob("*.xml")):
        try:
            out.append(
                (
                    str(path.relative_to(ROOT / "fixtures" / "real")),
                    parse_uiautomator(path.read_bytes()),
                )
            )
        except ValueError:
            continue  # not a whole dump
    return out


def said(before: Observation, after: Observation, path: str) -> str:
    """The uncut reply to the step ``before`` → ``after`` on ``path``."""
    if path == "dicts":
        ep, ec = observation_to_elements(before), observation_to_elements(after)
        return elements.delta_observation(ep, ec, max_lines=10**6)
    return observe_delta(before, after, max_lines=None).text


def miscounted(text: str) -> str | None:
    """The header of a new screen that lists other than its count, else None."""
    lines = text.split("\n")
    head = HEAD.match(lines[0])
    if head is None or any(line.startswith("… (+") for line in lines):
        return None
    listed = sum(len(re.findall(r"\[\d+\]", ln)) for ln in lines[1:] if ln[:2] == "+ ")
    return None if listed + (head[1] is not None) == int(head[2]) else f"{lines[0]} lists {listed}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--show", type=int, default=0, help="wrong headers shown per path")
    args = parser.parse_args(argv)
    shots = captures()
    for path in PATHS:
        screens = wrong = 0
        for (a, before), (b, after) in itertools.permutations(shots, 2):
            text = said(before, after, path)
            screens += HEAD.match(text) is not None
            bad = miscounted(text)
            if bad is not None:
                wrong += 1
                if wrong <= args.show:
                    print(f"  {a} → {b}: {bad}")
        print(f"{path}: {wrong} of {screens} new screens list other than their count")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
