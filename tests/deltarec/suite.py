"""An exported suite: the shared recordings as pytest files, two tests per recording.

The shared recordings start by stopping and launching the app themselves; the project's own
sign-up recording (``fixtures/bundles/sign-up``) does not: it starts by tapping "Sign up" on
the launcher, and passes on a phone another test used only because the exported module
carries the plugin's reset marker (``deltarec_app``).
"""

from __future__ import annotations

from pathlib import Path

from deltarec.core.bundle import Bundle
from deltarec.core.executor import load_script
from deltarec.core.recorder.export import export
from deltarec.core.recorder.origin import started_in
from tests.core.recorder.recordings import RECORDINGS, record

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "bundles" / "sign-up"
SUITE_SIZE = 2 * len(RECORDINGS) + 2


def export_bundle(root: Path, target: Path, name: str) -> Path:
    """A recording folder as a pytest module, starting where the recording did."""
    bundle = Bundle.open(root)
    screens = [int(step[key]) for step in bundle.steps for key in ("before", "after")]
    app, from_home = started_in(bundle, screens)
    script = load_script(root / "script.json")
    return export(script, target, "pytest", name=name, app=app, from_home=from_home)


def write_suite(folder: Path, scratch: Path) -> list[Path]:
    """Export every recording twice (``test_<kind>_<n>.py``) into ``folder``; the files."""
    out = []
    for kind in sorted(RECORDINGS):
        rec = record(kind, scratch / kind)
        for n in (1, 2):
            name = f"{kind}_{n}"
            out.append(export(rec.script(), folder / f"test_{name}.py", "pytest", name=name))
    for n in (1, 2):
        out.append(export_bundle(FIXTURE, folder / f"test_sign_up_fixture_{n}.py", f"sign up {n}"))
    return out
