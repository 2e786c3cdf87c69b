"""Hostile inputs, round 3 (stop 60): generated cases that are not in rounds 1-2.

Three generators (:mod:`tests.core.hostile3_cases`), each graded as the project asks of bad
input: a typed error in one line naming what and where (exit 2 on the CLI), never another
exception, in bounded time. ``benchmarks/bench_hostile_round3.py`` counts them over many
seeds (``--long``); here a few examples each (``max_examples`` under the ``ci`` profile).
"""

from __future__ import annotations

import io
import json
import random
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import anyio
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from deltarec.core import elements as api
from deltarec.core.cli.main import main
from deltarec.core.errors import CaptureParseError, DeltarecError
from tests.core import hostile3_cases as cases

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "fixtures" / "bundles" / "sign-up"
SECONDS = 60.0
"""A hang guard, not a timing assert: a refusal takes a few CPU seconds at most (under a load
of 20 a process at a low priority may take ten times that in wall time)."""
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
"""A failing case is shown as drawn (shrinking would replay cases that run to the guard)."""
SLOW = [HealthCheck.too_slow]


class TooSlow(Exception):
    """A case ran past :data:`SECONDS` (it would have run on, or forever)."""


@contextmanager
def within(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: object) -> None:
        raise TooSlow(f"over {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- class 1: element dicts as Python objects whose children alias ----------------------------

CALLS: dict[str, Callable[[Any, Any], object]] = {
    "flatten_tree": lambda data, _: api.flatten_tree(data),
    "flatten_tree(all)": lambda data, _: api.flatten_tree(data, interactive_only=False),
    "observation_index": lambda data, _: api.observation_index(data),
    "serialize_observation": lambda data, _: api.serialize_observation(data),
    "delta_observation": lambda data, base: api.delta_observation(base, data),
    "match_elements": lambda data, base: api.match_elements(data, base),
    "delta_index": lambda data, base: api.delta_index(base, data),
}


def grade_aliased(kind: str, data: Any, base: Any, calls: list[str] | None = None) -> list[str]:
    """The calls (``calls``, default all) of the element-dict API that did not read ``data``
    or refuse it in one line naming the place (``$[0].children[3]``), each as ``call: what
    happened``."""
    bad = []
    for name in calls or list(CALLS):
        call = CALLS[name]
        try:
            with within(SECONDS):
                call(data, base)
        except CaptureParseError as exc:
            text = str(exc)
            if "\n" in text or "$" not in text or len(text) > 400:
                bad.append(f"{name}: refusal not one line naming the place: {text[:120]}")
        except TooSlow:
            bad.append(f"{name}: {kind} ran over {SECONDS} s")
        except (RecursionError, MemoryError) as exc:
            bad.append(f"{name}: {kind} raised {type(exc).__name__}")
    return bad


@settings(max_examples=5, deadline=None, phases=NO_SHRINK, suppress_health_check=SLOW)
@given(st.randoms(use_true_random=False))
def test_element_dicts_whose_children_alias_are_read_or_refused_in_one_line(
    rnd: random.Random,
) -> None:
    kind, data = cases.aliased_elements(rnd)
    base = cases.real_elements(rnd)
    calls = rnd.sample(sorted(CALLS), 2)  # every call: bench_hostile_round3.py --only aliased
    assert grade_aliased(kind, data, base, calls) == []


# -- class 2: a hostile line on the MCP server's stdio ---------------------------------------


async def _answer(raw: bytes) -> list[Any]:
    """What the stdio transport does with one line: the error lines it writes and the
    messages it passes to the server (a list of both); an exception escapes."""
    from deltarec.core.mcp.stdio import StdioTransport

    transport = StdioTransport(fd_in=0, out=io.BytesIO())
    seen: list[Any] = []

    async def forwarded() -> None:
        async for message in transport._read_recv:
            seen.append(message)

    async with anyio.create_task_group() as group:
        group.start_soon(forwarded)
        await transport._line(raw)
        transport._read_send.close()
    transport._out.close()
    async for line in transport._out_recv:
        seen.append(json.loads(line))
    return seen


def grade_line(kind: str, raw: bytes) -> str | None:
    """None when the line got exactly one answer (an error reply naming the problem, or the
    request passed on to the server); else what went wrong."""
    try:
        with within(SECONDS):
            seen = anyio.run(_answer, raw)
    except TooSlow:
        return f"{kind}: over {SECONDS} s"
    except Exception as exc:  # the grade: any escape kills the server's loop
        return f"{kind}: {type(exc).__name__}: {str(exc)[:100]}"
    if len(seen) != 1:
        return f"{kind}: {len(seen)} answers"
    if isinstance(seen[0], dict) and not seen[0].get("error", {}).get("message"):
        return f"{kind}: an error reply without a message"
    return None


@settings(max_examples=8, deadline=None, phases=NO_SHRINK, suppress_health_check=SLOW)
@given(st.randoms(use_true_random=False))
def test_a_hostile_stdio_line_gets_one_answer_and_never_stops_the_server(
    rnd: random.Random,
) -> None:
    kind, raw = cases.hostile_line(rnd)
    assert grade_line(kind, raw) is None


@pytest.mark.parametrize("kind", ["deep-list", "long-integer"])
def test_the_server_answers_the_next_request_after_a_hostile_line(kind: str) -> None:
    rnd = random.Random(0)
    while (case := cases.hostile_line(rnd))[0] != kind:
        pass
    assert grade_line(*case) is None


# -- class 3: hostile paths on the CLI's path options -----------------------------------------


def run_cli(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, err.getvalue()


def grade_path(option: str, kind: str, path: str, tmp: Path) -> str | None:
    """None when the CLI refused the path in one ``deltarec: error:`` line (exit 2), or (an
    output path it may create) wrote a regular file there; else what went wrong."""
    script = tmp / "script.json"
    script.write_text('[["AC_back"]]')
    if option == "mcp-record":
        return grade_record(kind, path, tmp)
    argv = {
        "export-bundle": ["export", path],
        "export-output": ["export", str(BUNDLE), "-o", path],
        "run-script": ["run", path, "--device", "virtual"],
        "run-report": ["run", str(script), "--device", "virtual", "--report", path],
    }[option]
    was_fifo = kind == "fifo"
    try:
        with within(SECONDS):
            code, err = run_cli(*argv)
    except TooSlow:
        return f"{option} {kind}: over {SECONDS} s"
    except Exception as exc:  # the grade: a traceback
        return f"{option} {kind}: {type(exc).__name__}: {str(exc)[:80]}"
    lines = err.splitlines()
    if code == 2:
        ok = len(lines) == 1 and lines[0].startswith("deltarec: error: ")
        return None if ok else f"{option} {kind}: exit 2 with {len(lines)} lines"
    if code == 0 and option in ("export-output", "run-report") and not was_fifo:
        return None if Path(path).is_file() else f"{option} {kind}: exit 0, no file written"
    return f"{option} {kind}: exit {code}: {err[:100]}"


def grade_record(kind: str, path: str, tmp: Path) -> str | None:
    """``mcp --record DIR``: a folder that cannot be used is one line and a scratch folder."""
    from deltarec.core.cli.mcp_command import _recording
    from deltarec.core.devices.virtual import ManualClock, make_virtual_device
    from deltarec.core.executor import Session

    clock = ManualClock()
    session = Session(make_virtual_device(clock=clock), clock=clock, output_dir=tmp)
    try:
        err = io.StringIO()
        with within(SECONDS), redirect_stderr(err):
            recording = _recording(session, path, tmp)
        recording.close()
    except TooSlow:
        return f"mcp-record {kind}: over {SECONDS} s"
    except Exception as exc:  # the grade: a traceback
        return f"mcp-record {kind}: {type(exc).__name__}: {str(exc)[:80]}"
    return None if len(err.getvalue().splitlines()) <= 1 else f"mcp-record {kind}: lines"


@settings(max_examples=10, deadline=None, phases=NO_SHRINK, suppress_health_check=SLOW)
@given(st.randoms(use_true_random=False), st.sampled_from(cases.OPTIONS))
def test_a_hostile_path_option_is_one_line_and_never_replaces_a_fifo(
    tmp_path_factory: pytest.TempPathFactory, rnd: random.Random, option: str
) -> None:
    tmp = tmp_path_factory.mktemp("paths")
    kind, path = cases.hostile_path(rnd, tmp)
    assert grade_path(option, kind, path, tmp) is None


def test_export_over_a_fifo_is_refused_and_the_fifo_kept(tmp_path: Path) -> None:
    kind, path = "fifo", tmp_path / "out"
    import os

    os.mkfifo(path)
    assert grade_path("export-output", kind, str(path), tmp_path) is None
    assert not path.is_file()


def test_deltarec_errors_keep_their_one_line(tmp_path: Path) -> None:
    """The grader's own check: a refusal it accepts is a DeltarecError's one line."""
    code, err = run_cli("export", str(tmp_path / "none"))
    assert code == 2 and err.startswith("deltarec: error: ") and err.count("\n") == 1
    assert issubclass(CaptureParseError, DeltarecError)


# -- class 4: scripts built in Python whose parts alias ---------------------------------------


def grade_script(kind: str, steps: Any) -> str | None:
    """None when the script was read or refused in one line naming its JSON path."""
    from deltarec.core.errors import ScriptValidationError
    from deltarec.core.executor.script import parse_script, validate_script

    try:
        with within(SECONDS):
            validate_script(parse_script(steps))
    except ScriptValidationError as exc:
        text = str(exc)
        ok = "\n" not in text and "$" in text and len(text) < 400
        return None if ok else f"{kind}: refusal not one line naming the place: {text[:100]}"
    except TooSlow:
        return f"{kind}: over {SECONDS} s"
    except Exception as exc:  # the grade: another exception than the typed one
        return f"{kind}: {type(exc).__name__}: {str(exc)[:80]}"
    return None


@settings(max_examples=3, deadline=None, phases=NO_SHRINK, suppress_health_check=SLOW)
@given(st.randoms(use_true_random=False))
def test_a_script_built_in_python_whose_parts_alias_is_refused_in_one_line(
    rnd: random.Random,
) -> None:
    kind, steps = cases.aliased_script(rnd)
    assert grade_script(kind, steps) is None
