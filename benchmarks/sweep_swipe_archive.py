"""Rows of the Inbox swiped away one after another at one point of the list (issue 18,
"unrelated nodes paired"): every preset, k = 1..8 rows, the finger at four heights; counts
the cases whose delta says a label was edited (``~ … text``: the phone edits none when it
archives). The lead's sweep (tablet seed 7004 of ``bench_agent``); its test is
``tests/core/truth/test_archived_in_turn.py``, which also asks that every archived row shown
is listed gone once.

    python benchmarks/sweep_swipe_archive.py
"""

from __future__ import annotations

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual.playground import Playground
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.diff.gesture import Gesture
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta

HEIGHTS = (0.3, 0.45, 0.6, 0.75)


def _observe(pg: Playground) -> Observation:
    return parse_uiautomator(pg.dump_xml(), screen=pg.window_size())


def main() -> None:
    bad = total = 0
    for preset in sorted(PRESETS):
        for k in range(1, 9):
            for share in HEIGHTS:
                pg = Playground(profile=PRESETS[preset])
                pg.launch_app("dev.deltarec.playground", ".InboxActivity")
                w, h = pg.window_size()
                y = int(h * share)
                before = _observe(pg)
                for _ in range(k):
                    pg.swipe(198, y, w - 1, y, 300)
                gesture = Gesture(198, y, w - 1, y)
                text = observe_delta(before, _observe(pg), max_lines=None, gesture=gesture).text
                said = [ln for ln in text.splitlines() if ln.startswith("~ ") and "text" in ln]
                total += 1
                if said:
                    bad += 1
                    print(preset, k, share, len(said))
    print(bad, "of", total)


if __name__ == "__main__":
    main()
