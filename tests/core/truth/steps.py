"""A session of steps on the virtual phone, observed and graded as the truth walk does
(:mod:`tests.core.truth.walk`), for generated tests that script their own steps."""

from __future__ import annotations

from benchmarks.bench_session import Snapshot, snapshot
from deltarec.core.devices.virtual import ManualClock, Playground, VirtualDevice
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.profile import DEFAULT_PROFILE, Profile
from deltarec.core.diff.gesture import Gesture as Touch
from deltarec.core.observer import DeltaResult, Observer
from tests.core.truth.walk import BACK_TO, Gesture, _settled, _shown_as, check, recalled

STEP = Gesture("step", (), "step")


class Steps:
    """The phone, an observer numbering a session, and what each step showed (``shown``)."""

    def __init__(self, start: str = ".MainActivity", *, profile: Profile = DEFAULT_PROFILE) -> None:
        self.clock = ManualClock()
        self.pg = Playground(self.clock, profile=profile)
        self.device = VirtualDevice(self.pg)
        self.observer = Observer()
        self.pg.launch_app(APP_PACKAGE, start)
        self.latest = _settled(self.device, self.clock, self.observer, None)
        self.observer.reset(self.latest)
        self.shown: dict[int, Snapshot] = {0: _shown_as(snapshot(self.pg))}

    def tap(self, action: str) -> None:
        view = next(
            v for w in self.pg.windows() for v in w.root.walk() if v.action == action and v.enabled
        )
        self.pg.tap((view.bounds[0] + view.bounds[2]) // 2, (view.bounds[1] + view.bounds[3]) // 2)

    def step(self, gesture: Touch | None = None, *, launched: bool = False) -> DeltaResult:
        """Observe the step just done, as the walk does (``gesture``: what the executor
        tells the diff of it; ``launched``: the step started an activity, as the executor's
        launch tells the observer)."""
        self.latest = _settled(self.device, self.clock, self.observer, self.latest)
        result = self.observer.step(self.latest, max_lines=None, gesture=gesture, launched=launched)
        self.shown[len(self.shown)] = _shown_as(snapshot(self.pg))
        return result


def violations(form: Steps, result: DeltaResult) -> list[str]:
    """What the truth walk's oracle finds wrong with ``result``, the last step's delta (a
    ``» back to`` delta graded against the screen it recalls)."""
    n = len(form.shown) - 1
    after, before = form.shown[n], form.shown[n - 1]
    back = BACK_TO.search(result.text)
    if back:
        before = recalled(form.shown[int(back[1])], after)
    found = check(
        before, after, result, "", STEP, back_to=bool(back), step_before=form.shown[n - 1]
    )
    return [f"{v.klass}: {v.detail}" for v in found]
