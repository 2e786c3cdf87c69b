"""One name per element for a whole session (issue 18 item 5): generated, three ways.

    python benchmarks/bench_names.py                # all three sweeps
    python benchmarks/bench_names.py --tabs         # tab bars whose labels come and go
    python benchmarks/bench_names.py --virtual      # seeded sessions on the virtual phone
    python benchmarks/bench_names.py --real         # every ordered pair of real captures
    python benchmarks/bench_names.py --show 3       # and the first defects of each sweep
    python benchmarks/bench_names.py --borrowed     # names not an element's own, shared
    python benchmarks/bench_names.py --lists        # what every list of every capture is called

Each sweep feeds every reply's index to :class:`tests.core.truth.names.NameLog`, which counts
the elements shown again under another name though they show what they showed (renamed),
under no name where they had one (lost), or under the name another element on screen had
(borrowed): target 0 each (learned and edited are no defects):

- ``--tabs``: a session per kind of :mod:`benchmarks.bench_tab_labels`' tab bars (3-5 tabs,
  each selected in turn and the first again: every tab gains and loses the selection, and its
  label with it), a tab known by its slot; the names the delta lines print are the frame's
  (:func:`tests.core.truth.numbers.misnamed`), and so is the name of the ``[i]`` alternate the
  recorder writes for a tap on a tab (:func:`recorded`): ``misnamed`` counts both;
- ``--virtual``: :class:`tests.core.truth.numbers.NumbersWalk`'s seeded sessions (taps by
  number and by ``name=`` from the last reply, swipes, back, relaunches, typing), the phone's
  own identity of every element; its ``misnamed`` (a delta line or an error message naming a
  number otherwise than the frame), ``wrong-target`` and ``refused`` counted alongside;
- ``--real``: every ordered pair of captures under ``fixtures/real`` through
  ``observe_delta`` (a session of two steps), a node known by its content (class, resource
  id, text, description, the texts below it) where it shows some and that is unique in both
  captures; and a session per folder of captures, in order and reversed.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from collections import Counter
from collections.abc import Hashable
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # as a script, sys.path[0] is benchmarks/

from benchmarks.bench_screens_said import captures  # noqa: E402
from benchmarks.bench_tab_labels import Kind, dump, kinds  # noqa: E402
from benchmarks.bench_truth import STARTS  # noqa: E402
from deltarec.core.capture.uiautomator import parse_uiautomator  # noqa: E402
from deltarec.core.observe.frame import Frame  # noqa: E402
from deltarec.core.observe.index import ElementIndex  # noqa: E402
from deltarec.core.observe.model import Observation  # noqa: E402
from deltarec.core.observer import Observer, observe_delta  # noqa: E402
from deltarec.core.recorder.targets import tap_params  # noqa: E402
from tests.core.truth.names import CLASSES, NameLog, content, not_own  # noqa: E402
from tests.core.truth.numbers import NumbersWalk, misnamed  # noqa: E402
from tests.core.truth.phone_shows import phone_shows  # noqa: E402

WALK = 100
"""Steps per virtual session (each on a fresh phone)."""


def tab_idents(frame: Frame) -> list[Hashable | None]:
    """A tab's slot in its bar (the clickable nodes, in document order); nothing else."""
    out: list[Hashable | None] = [None] * len(frame.nodes)
    for slot, pos in enumerate(p for p, node in enumerate(frame.nodes) if node.clickable):
        out[pos] = ("tab", slot)
    return out


def recorded(index: ElementIndex) -> list[str]:
    """The taps the recorder writes on the tabs of ``index`` whose ``[i]`` alternate names the
    tab otherwise than the frame (the name an index alternate must match at replay)."""
    out = []
    for e in index.elements:
        if index.frame.nodes[e.pos].clickable:
            x, y = e.bounds.center
            selector = tap_params(index, x, y)["selector"]
            for alt in [selector, *selector.get("alternates", [])]:
                if "index" in alt and alt.get("name") != e.name:
                    out.append(f"[{e.index}] recorded as {alt}, the frame calls it {e.name!r}")
    return out


def tab_session(kind: Kind, tabs: int) -> tuple[NameLog, list[str]]:
    """Each tab selected in turn, then the first again (module docstring); the log, the
    delta lines that name a number otherwise than the frame, and the recorded taps whose
    index alternate does (:func:`recorded`)."""
    log, wrong = NameLog(), []
    observer = Observer()
    for step, selected in enumerate([*range(tabs), 0]):
        obs = parse_uiautomator(dump(kind, tabs, selected))
        if step == 0:
            index = observer.reset(obs)
        else:
            result = observer.step(obs, max_lines=None)
            index = result.index
            wrong += [f"{kind} step {step}: {m}" for m in misnamed(result.text, index)]
        wrong += [f"{kind} step {step}: {m}" for m in recorded(index)]
        log.step(step, index, tab_idents(index.frame))
    return log, wrong


def tabs_sweep(show: int) -> int:
    counts: Counter[str] = Counter()
    sessions = graded = misnamed_n = 0
    shown: list[str] = []
    for kind in kinds():
        for tabs in (3, 4, 5):
            log, wrong = tab_session(kind, tabs)
            sessions += 1
            graded += log.elements
            counts.update(log.counts)
            misnamed_n += len(wrong)
            shown += [f"{kind} {tabs} tabs: {f}" for f in log.found[:1]] + wrong[:1]
    _print("tabs", f"{sessions} sessions, {graded} tabs shown again", counts, misnamed_n)
    print("\n".join(shown[:show]))
    return sum(counts[k] for k in CLASSES[:3]) + misnamed_n


def virtual_sweep(steps: int, first: int, show: int) -> int:
    counts: Counter[str] = Counter()
    why: Counter[str] = Counter()
    numbers: Counter[str] = Counter()
    shown: list[str] = []
    done = sessions = graded = 0
    start = time.perf_counter()
    while done < steps:
        seed = first + sessions
        walk = NumbersWalk(seed, STARTS[sessions % len(STARTS)])
        log = NameLog()
        for violations in walk.run(min(WALK, steps - done)):
            numbers.update(
                v.klass for v in violations if v.klass in ("misnamed", "wrong-target", "refused")
            )
            last = walk.last
            if last is not None and last.step == walk.steps:
                shows = phone_shows(walk.pg)
                for f in log.step(last.step, last.index, last.idents, shows):
                    shown.append(f"seed {seed} {f}")
        done += walk.steps
        sessions += 1
        graded += log.elements
        counts.update(log.counts)
        why.update(log.why)
    seconds = time.perf_counter() - start
    _print(
        "virtual",
        f"{done} steps in {sessions} sessions, {graded} elements shown again, {seconds:.0f} s",
        counts,
        None,
    )
    print("  why: " + ", ".join(f"{k} {n}" for k, n in sorted(why.items())))
    print(
        "  the walk's: "
        + ", ".join(f"{k} {numbers[k]}" for k in ("misnamed", "wrong-target", "refused"))
    )
    print("\n".join(shown[:show]))
    return sum(counts[k] for k in CLASSES[:3]) + sum(numbers.values())


def signatures(frame: Frame) -> list[Hashable | None]:
    """A node's content (module docstring) where it shows some and no other node of ``frame``
    shares it (a node that shows nothing is told from another by nothing but deltarec's own
    pairing: the switch of Settings' one switched row is another switch on another page)."""
    signs: list[Hashable] = []
    for pos, node in enumerate(frame.nodes):
        shows = content(frame, pos)
        signs.append((node.class_name, node.resource_id, *shows) if any(shows) else None)
    twice = {s for s, n in Counter(signs).items() if n > 1}
    return [None if s in twice else s for s in signs]


def real_pair(before: Observation, after: Observation) -> NameLog:
    """The two-step session ``before`` → ``after``, graded by content (module docstring)."""
    result = observe_delta(before, after, max_lines=None)
    a, b = signatures(result.prev_index.frame), signatures(result.index.frame)
    both = set(a) & set(b)
    log = NameLog()
    log.step(0, result.prev_index, [s if s in both else None for s in a])
    log.step(1, result.index, [s if s in both else None for s in b])
    return log


def real_session(shots: list[Observation]) -> NameLog:
    """One session over ``shots`` in turn, graded by content (a node's content unique in its
    capture)."""
    log, observer = NameLog(), Observer()
    for step, obs in enumerate(shots):
        index = observer.reset(obs) if step == 0 else observer.step(obs, max_lines=None).index
        log.step(step, index, signatures(index.frame))
    return log


def real_sweep(show: int) -> int:
    counts: Counter[str] = Counter()
    shown: list[str] = []
    pairs = graded = sessions = 0
    start = time.perf_counter()
    shots = captures()
    for (a, before), (b, after) in itertools.permutations(shots, 2):
        log = real_pair(before, after)
        pairs += 1
        graded += log.elements
        counts.update(log.counts)
        shown += [f"{a} -> {b}: {f}" for f in log.found]
    folders: dict[str, list[Observation]] = {}
    for name, obs in shots:
        folders.setdefault(name.rsplit("/", 1)[0], []).append(obs)
    for folder, taken in sorted(folders.items()):
        for way in (taken, taken[::-1]):
            log = real_session(way)
            sessions += 1
            graded += log.elements
            counts.update(log.counts)
            shown += [f"{folder} session: {f}" for f in log.found]
    seconds = time.perf_counter() - start
    scope = f"{pairs} pairs and {sessions} sessions (a folder each way), {graded} shown again"
    _print("real", f"{scope}, {seconds:.0f} s", counts, None)
    print("\n".join(shown[:show]))
    return sum(counts[k] for k in CLASSES[:3])


def borrowed_sweep(show: int) -> int:
    """Every real capture: the elements called by a text not their own (the labels' rule,
    :mod:`deltarec.core.observe.borrowed`, calls a control by the first text below one of its
    three nearest ancestors), and those of them that share the name with another element: a
    trust defect (``name: "August"`` hits a day cell), unless that element is one around it
    (a Settings switch and its row). Target: shared with another element 0."""
    named = shared = around = 0
    shown: list[str] = []
    for name, obs in captures():
        index = Observer().reset(obs)
        for said, twice, by_design in not_own(index):
            named += 1
            shared += twice
            around += by_design
            if twice and not by_design:
                shown.append(f"{name}: {said!r}")
    print(
        f"borrowed names, real captures: {named} elements, {shared} sharing it with another"
        f" ({shared - around} with another element, {around} with an element around it)"
    )
    print("\n".join(shown[:show]))
    return 1 if shared - around else 0


LIST_FOLDERS = ("real", "ext", "ext2", "ext3", "ext4", "appium", "automobile", "virtual")


def lists_sweep(show: int) -> int:
    """Every container made to scroll that is an element of every capture (``fixtures/real``,
    ``ext`` … ``ext4``, ``appium``, ``automobile``, ``virtual``), counted by what names it:
    a label of its own (text, description), its pane title (what TalkBack announces), a text
    it borrows (a clickable pager), its resource id's last part, its class's. rc 1 while one
    that carries a pane title is called otherwise (stop 60: the launcher's overview list)."""
    from deltarec.core.observe.frame import Frame
    from deltarec.core.observe.index import build_index
    from deltarec.core.observe.labels import class_part, natures
    from tests.core.real_scrolls.harvests import harvested

    counts: Counter[str] = Counter()
    shown: list[str] = []
    for folder in LIST_FOLDERS:
        for name, obs in harvested(folder):
            frame = Frame(obs)
            index, natural = build_index(frame), natures(frame)
            for e in index.elements:
                node, called = frame.nodes[e.pos], index.names[e.pos]
                if not natural[e.pos]:
                    continue
                pane = node.extra("pane-title").strip()
                if node.text or node.content_desc:
                    by = "own label"
                elif pane:
                    by = "pane title" if called == pane else "pane title unsaid"
                elif called == node.resource_id.rsplit("/", 1)[-1]:
                    by = "resource id"
                elif called == class_part(node) or not called:
                    by = "class"
                else:
                    by = "borrowed"
                counts[by] += 1
                shown.append(f"  {folder}/{name}: [{e.index}] {node.role} {called!r} ({by})")
    said = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    print(f"lists, every capture: {sum(counts.values())} lists: {said}")
    print("\n".join(shown[:show]))
    return 1 if counts["pane title unsaid"] else 0


def _print(what: str, scope: str, counts: Counter[str], misnamed_n: int | None) -> None:
    said = ", ".join(f"{k} {counts[k]}" for k in CLASSES)
    extra = "" if misnamed_n is None else f", misnamed {misnamed_n}"
    print(f"{what}: {scope}: {said}{extra}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tabs", action="store_true", help="tab bars only")
    parser.add_argument("--virtual", action="store_true", help="the virtual phone only")
    parser.add_argument("--real", action="store_true", help="real capture pairs only")
    parser.add_argument(
        "--borrowed", action="store_true", help="names not an element's own, per real capture"
    )
    parser.add_argument("--lists", action="store_true", help="what every list is called")
    parser.add_argument("--steps", type=int, default=2_000, help="virtual steps in all")
    parser.add_argument("--seed", type=int, default=0, help="first virtual seed")
    parser.add_argument("--show", type=int, default=0, help="defects shown per sweep")
    args = parser.parse_args(argv)
    if args.borrowed:
        return borrowed_sweep(args.show)
    if args.lists:
        return lists_sweep(args.show)
    every = not (args.tabs or args.virtual or args.real)
    bad = 0
    if every or args.tabs:
        bad += tabs_sweep(args.show)
    if every or args.real:
        bad += real_sweep(args.show)
    if every or args.virtual:
        bad += virtual_sweep(args.steps, args.seed, args.show)
    return 0 if not bad else 1


if __name__ == "__main__":
    raise SystemExit(main())
