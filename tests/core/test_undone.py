"""An undo that brings a list back node for node as it was two steps ago: its elements take
that step's numbers back (:mod:`deltarec.core.diff.undone`; issue 18's sliver *tie*).

The Inbox on the phone, its last row in view cut by the bottom edge to a 4 px sliver: the
sliver's row and the whole row above it archived, then the undo. The undo's two dumps are
those of one row put back above a whole row with the sliver unchanged; the list two steps
ago says which: the sliver that came back is the one that went, and the one that had come
up into its place left.
"""

from __future__ import annotations

from deltarec.core.devices.virtual import ManualClock, Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.observe.index import ElementIndex
from tests.core.truth.numbers import phone_identities
from tests.core.truth.slivers import Case, run
from tests.core.truth.walk import Gesture, Stepper

TIE = Case("phone", "bottom", 4, 18322, "sliver", (116, 117))
"""The sliver (item 117) and the row above it (116) archived, then undone."""


def _numbers(stepper: Stepper) -> dict[str, int]:
    index = stepper.observer.index
    assert isinstance(index, ElementIndex)
    idents = phone_identities(stepper.pg)
    return {"/".join(idents[e.pos][-1:]): e.index for e in index.elements}


def _tap(stepper: Stepper, action: str) -> str:
    pg = stepper.pg
    [view] = [v for w in pg.windows() for v in w.root.walk() if v.action == action]
    centre = ((view.bounds[0] + view.bounds[2]) // 2, (view.bounds[1] + view.bounds[3]) // 2)
    return stepper.step(Gesture("tap", centre, action)).text


def test_the_sliver_put_back_is_the_one_that_went() -> None:
    clock = ManualClock()
    pg = Playground(clock, profile=PRESETS[TIE.preset])
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    pg.state.inbox.offset, pg.state.inbox.selected = TIE.offset, set(TIE.picks)
    stepper = Stepper(pg, clock)
    first = _numbers(stepper)
    archived = _tap(stepper, "archive:selected")
    between = _numbers(stepper)
    assert "act:open:117" not in between and "act:open:119" in between  # a new sliver came
    undo = _tap(stepper, "unarchive:")
    after = _numbers(stepper)
    assert after["act:open:117"] == first["act:open:117"]  # its number back
    assert after["act:open:116"] == first["act:open:116"]
    assert "act:open:119" not in after
    sliver = f'+ [{first["act:open:117"]}] button "message_row"'
    assert sliver in undo.splitlines(), (archived, undo)
    assert '- button "message_row"' in undo.splitlines()  # the sliver that had come up


def test_the_tie_case_states_the_truth_and_keeps_numbers() -> None:
    assert run(TIE) == []
