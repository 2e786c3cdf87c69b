"""Whether the scroll estimate's early way agrees with its long way (issue 19).

    python benchmarks/estimate_gate.py                  # 3,000 generated forms, seed 0
    python benchmarks/estimate_gate.py --cases 500 --seed 3 --show 2

:func:`deltarec.core.diff.scrolls._find_motions` takes an early way when no matched node
moved and no unmatched node shows content the old frame had elsewhere
(``_seen_elsewhere``): it then only looks for pages turned. A skip that sends more estimates
that way (a node marked as carrying no evidence) is output-identical only where the early
way is the long way's answer. This script asks both ways of every estimate that took the
early way — the long way by answering ``_seen_elsewhere`` yes — and the early way of every
estimate that took the long way only because of unmatched leaves of no content of their own
(the skip measured and refuted at stop 50), over every ordered real pair
of ``fixtures/real`` (dumps and element dicts) and over generated forms: a ScrollView whose
content fills it (as a dump clips it), rows with no ids (text boxes, spacers, icons' frames,
labels, sections holding a text box) scrolled, resized (a keyboard, a field put in) and
typed into, both orders, dumps and element dicts. It prints how many estimates took either way and how many of them the other way answers
otherwise, with ``--show`` such forms.

Stop 50 measured two skips with it (benchmarks/README.md, "A seventh pass"): both sent the
contact form's estimates the early way (−11 to −14 % bytecodes on the three worst pairs) and
both were refuted here, where the early way is not the long way's answer.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from deltarec.core.capture.element_dicts import (  # noqa: E402
    elements_to_observation,
    observation_to_elements,
)
from deltarec.core.capture.uiautomator import parse_uiautomator  # noqa: E402
from deltarec.core.diff import scrolls  # noqa: E402
from deltarec.core.diff.compute import compute_delta  # noqa: E402
from deltarec.core.observe.frame import Frame  # noqa: E402

KINDS = {
    "box": '<node class="android.widget.EditText" text="{t}" bounds="{b}"/>',
    "blank": '<node class="android.view.View" bounds="{b}"/>',
    "icon": '<node class="android.widget.ImageView" bounds="{b}"/>',
    "label": '<node class="android.widget.TextView" text="{t}" bounds="{b}"/>',
    "section": '<node class="android.widget.LinearLayout" bounds="{b}">'
    '<node class="android.widget.EditText" text="{t}" bounds="{b}"/></node>',
}
TEXTS = ["", "Name", "zr", "Ada"]


def form(view: tuple[int, int], scroll: int, rows: list[tuple[str, str, int]]) -> str:
    """A ScrollView over ``view`` (top, bottom) whose content, filling it, holds ``rows``
    (kind, text, height) stacked from ``scroll`` px above its top, cut by its edges."""
    top, bottom = view
    kids, y = "", top - scroll
    for kind, text, height in rows:
        a, b = max(y, top), min(y + height, bottom)
        if a < b:
            kids += KINDS[kind].format(t=text, b=f"[0,{a}][1080,{b}]")
        y += height
    box = f"[0,{top}][1080,{bottom}]"
    return (
        '<hierarchy rotation="0"><node class="android.widget.FrameLayout" package="p" '
        'bounds="[0,0][1080,2400]"><node class="android.widget.ScrollView" scrollable="true" '
        f'bounds="{box}"><node class="android.widget.LinearLayout" bounds="{box}">{kids}'
        "</node></node></node></hierarchy>"
    )


def forms(rng: random.Random) -> tuple[str, str]:
    """Two captures of one generated form (module docstring)."""
    rows = [
        (rng.choice(sorted(KINDS)), rng.choice(TEXTS), rng.choice([60, 150, 400]))
        for _ in range(rng.randint(2, 10))
    ]
    view = rng.choice([(200, 1200), (210, 1499), (0, 900)])
    scroll = rng.randint(0, 600)
    new = list(rows)
    for _ in range(rng.randint(0, 3)):
        at = rng.randrange(len(new))
        new[at] = (new[at][0], rng.choice(TEXTS), new[at][2])
    if rng.random() < 0.5:
        new.insert(rng.randint(0, len(new)), ("section", "Phone", 150))
    after = rng.choice([view, (200, 1200), (210, 1604), (0, 700)])
    return form(view, scroll, rows), form(after, rng.choice([scroll, rng.randint(0, 600)]), new)


class Both:
    """``scrolls._find_motions`` that asks every estimate taking the early way the long way too."""

    def __init__(self) -> None:
        self.real, self.gate = scrolls._find_motions, scrolls._seen_elsewhere
        self.counts: Counter[str] = Counter()
        self.last: list[Any] = []

    def __call__(self, prev: Frame, curr: Frame, pairs: Any, gesture: Any = None) -> Any:
        said: list[bool] = []

        def gate(*args: Any) -> bool:
            said.append(self.gate(*args))
            return said[-1]

        scrolls._seen_elsewhere = gate
        try:
            got = self.real(prev, curr, pairs, gesture)
            self.counts["estimates"] += 1
            if said and not said[-1]:
                self.counts["early way"] += 1
                scrolls._seen_elsewhere = lambda *args: True
                long = self.real(prev, curr, pairs, gesture)
                if long != got:
                    self.counts["early way ≠ long way"] += 1
                    self.last = [got, long]
            elif said and not _seen_but_leaves(prev, curr, pairs):
                # The long way, sent there by unmatched leaves of no content alone: the
                # domain a skip of such leaves would send the early way.
                self.counts["long way by leaves alone"] += 1
                scrolls._seen_elsewhere = lambda *args: False
                if (early := self.real(prev, curr, pairs, gesture)) != got:
                    self.counts["leaves skipped ≠ long way"] += 1
                    self.last = [early, got]
        finally:
            scrolls._seen_elsewhere = self.gate
        return got


def _seen_but_leaves(prev: Frame, curr: Frame, pairs: Any) -> bool:
    """``_seen_elsewhere`` (the long way, by ``places``) with the unmatched leaves of no
    content of their own (no children, :attr:`Frame.has_content` false: spacers, icons'
    frames, text boxes) left out."""
    places, content, old = prev.places, curr.subtree_hashes, prev.nodes
    for c, node in enumerate(curr.nodes):
        if c in pairs or not (curr.children[c] or curr.has_content[c]):
            continue
        b = node.bounds
        for q in places.get((content[c], b.width, b.height), ()):
            if (old[q].bounds.left, old[q].bounds.top) != (b.left, b.top):
                return True
    return False


def _frames(dump: str) -> tuple[Frame, Frame]:
    obs = parse_uiautomator(dump)
    return Frame(obs), Frame(elements_to_observation(observation_to_elements(obs)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=3000, help="generated forms")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=0, help="forms to print that disagree")
    args = parser.parse_args(argv)
    from tests.core.estimate_rules import SEQUENCES, each_ordered_pair

    both = Both()
    scrolls._find_motions = both
    try:
        for _, seq in SEQUENCES:
            each_ordered_pair(seq, compute_delta)
        print(f"real pairs (every ordered pair of a flow, dumps and dicts): {dict(both.counts)}")
        both.counts.clear()
        rng, shown, cases = random.Random(args.seed), 0, 0
        for _ in range(args.cases):
            a, b = forms(rng)
            before = both.counts["early way ≠ long way"] + both.counts["leaves skipped ≠ long way"]
            for prev, curr in zip(_frames(a), _frames(b), strict=True):
                compute_delta(prev, curr)
                compute_delta(curr, prev)
            if (
                both.counts["early way ≠ long way"] + both.counts["leaves skipped ≠ long way"]
                > before
            ):
                cases += 1
                if shown < args.show:
                    shown += 1
                    print(f"--- early {both.last[0]}\n    long  {both.last[1]}\n{a}\n{b}")
        print(
            f"generated forms ({args.cases}, seed {args.seed}): {dict(both.counts)}, {cases} forms"
        )
    finally:
        scrolls._find_motions = both.real
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
