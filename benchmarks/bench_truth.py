"""Ground truth at scale: random gestures on the virtual phone, every delta graded by its state.

Runs :func:`tests.core.truth.walk.walk` (seeded random walks over every screen of the
Playground: drags of 50–4,000 px from any point in any direction, flings, taps, back, home,
typing, launches) and counts the violations its oracle finds, per class (false / missed /
wrong-scroll / duplicate), per screen and per gesture class. Target: 0 each.

    python benchmarks/bench_truth.py                 # 10,000 steps (~7 min on one core)
    python benchmarks/bench_truth.py --steps 500     # a quick look
    python benchmarks/bench_truth.py --show 5        # and the first 5 failing steps of each class
    python benchmarks/bench_truth.py --no-gesture    # diff without the gesture (as the CLI)
    python benchmarks/bench_truth.py --profile small --profile tablet   # other screen sizes
    python benchmarks/bench_truth.py --swipes-only --start FeedActivity  # one screen's scrolls
    python benchmarks/bench_truth.py --wide          # half the steps what the plain walk never does

``--wide`` (:mod:`tests.core.truth.wide`) makes half the steps from what the plain walk leaves
out: drags at any angle from any point (the bars too), 20 ms to 1.5 s; long presses; taps
anywhere; enter, del, space, tab, menu, search; other texts typed on any screen.

``--profile`` (repeatable; a preset of :data:`deltarec.core.devices.virtual.profile.PRESETS`
or ``WIDTHxHEIGHT@DPI``) walks a phone of that screen: gestures in its px, anywhere on its
screen, graded in its px (:mod:`benchmarks.profile_units`). Each profile runs the same
seeds and prints its tables and one ``profile …: totals`` line; the last lines sum up.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deltarec.core.devices.virtual.profile import Profile, parse_profile  # noqa: E402
from tests.core.truth.walk import CLASSES, walk  # noqa: E402
from tests.core.truth.wide import wide_walk  # noqa: E402

STARTS = (
    "",
    "InboxActivity",
    "ArticleActivity",
    "FeedActivity",
    "ClockActivity",
    "SignUpActivity",
    "SettingsActivity",
    "MainActivity",
)
"""Each walk starts on one of these screens in turn ("": the launcher)."""
WALK = 250
"""Steps per walk (each from a fresh phone)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0, help="first seed (one per walk)")
    parser.add_argument("--show", type=int, default=0, help="failing steps to print per class")
    parser.add_argument("--no-gesture", action="store_true", help="diff without the gesture")
    parser.add_argument(
        "--profile",
        action="append",
        help="the phone's screen: a preset (phone, small, large, tablet) or WxH@DPI; repeatable",
    )
    parser.add_argument(
        "--swipes-only", action="store_true", help="every step a drag or a fling (no taps)"
    )
    parser.add_argument(
        "--wide", action="store_true", help="half the steps what the plain walk never does"
    )
    parser.add_argument(
        "--start", default=None, help="start every walk on this screen (e.g. FeedActivity)"
    )
    args = parser.parse_args(argv)
    names = args.profile or ["phone"]
    results = [_run(args, name, parse_profile(name)) for name in names]
    print()
    for line, _ in results:
        print(line)
    return 0 if not any(bad for _, bad in results) else 1


def _run(args: argparse.Namespace, name: str, profile: Profile) -> tuple[str, int]:
    """Walk ``args.steps`` steps on ``profile`` and print its tables; its totals line."""
    total: Counter[str] = Counter()
    by_screen: dict[str, Counter[str]] = defaultdict(Counter)
    by_gesture: dict[str, Counter[str]] = defaultdict(Counter)
    steps_screen: Counter[str] = Counter()
    steps_gesture: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    bad_steps = rounded = 0
    start = time.perf_counter()
    done, w = 0, 0
    while done < args.steps:
        n = min(WALK, args.steps - done)
        seed = args.seed + w
        start_on = STARTS[w % len(STARTS)] if args.start is None else args.start
        if args.wide:
            steps = wide_walk(seed, n, start=start_on, gesture=not args.no_gesture, profile=profile)
        else:
            steps = walk(
                seed,
                n,
                start=start_on,
                gesture=not args.no_gesture,
                swipes_only=args.swipes_only,
                profile=profile,
            )
        for step in steps:
            steps_screen[step.screen] += 1
            steps_gesture[step.gesture.klass] += 1
            bad_steps += bool(step.violations)
            rounded += step.rounded
            for v in step.violations:
                total[v.klass] += 1
                by_screen[v.screen][v.klass] += 1
                by_gesture[v.gesture][v.klass] += 1
            for klass in sorted({v.klass for v in step.violations}):
                if shown[klass] < args.show:
                    shown[klass] += 1
                    print(
                        f"--- [{klass}] seed {seed} step {step.number} on {step.screen}:"
                        f" {step.gesture}"
                    )
                    print(step.text)
                    for v in step.violations:
                        print(f"  !! {v.klass}: {v.detail}")
        done += n
        w += 1
    seconds = time.perf_counter() - start

    def table(title: str, rows: dict[str, Counter[str]], steps: Counter[str]) -> None:
        print(f"\n{title:22s} {'steps':>6} " + " ".join(f"{c:>12}" for c in CLASSES))
        for name in sorted(steps, key=lambda k: -steps[k]):
            counts = rows.get(name, Counter())
            print(
                f"{name or '-':22s} {steps[name]:>6} "
                + " ".join(f"{counts[c]:>12}" for c in CLASSES)
            )

    mode = "without the gesture" if args.no_gesture else "with the gesture"
    if args.swipes_only:
        mode += ", swipes only"
    if args.wide:
        mode += ", widened"
    print(f"\n=== profile {name} ({profile.name})")
    print(
        f"{done} steps in {w} walks ({mode}), {seconds:.0f} s; steps with a violation: {bad_steps}"
    )
    counts = ", ".join(f"{c} {total[c]}" for c in CLASSES)
    print(f"totals: {counts}  (target 0 each)")
    if not profile.is_reference:
        print(
            f"steps with a violation where rows moved by two px amounts a px apart (the"
            f" phone's per-box rounding of web content on a scaled screen): {rounded} of {bad_steps}"
        )
    table("per screen", by_screen, steps_screen)
    table("per gesture class", by_gesture, steps_gesture)
    line = f"profile {name:8s} {done} steps, {bad_steps} with a violation: {counts}"
    if not profile.is_reference:
        line += f"; {rounded} of those steps rounded apart"
    return line, bad_steps


if __name__ == "__main__":
    raise SystemExit(main())
