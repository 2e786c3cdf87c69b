"""Regenerate ``fixtures/``: a dump and a screenshot of every virtual-phone screen
(``fixtures/virtual/``) and the recorded bundles replay and export tests use
(``fixtures/bundles/``).

    python scripts/make_fixtures.py            # rewrite the files
    python scripts/make_fixtures.py --check    # exit 1 when a dump differs from the phone's

Each screen is reached by the same public inputs a user would give (launch, tap, swipe,
keys) on a fresh phone with the default clock, so the files are deterministic; the list
of screens and how each is reached is :data:`SCREENS` (tests/test_fixtures.py checks the
dumps against it).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deltarec.core.devices.virtual import Playground  # noqa: E402
from deltarec.core.devices.virtual.layout import ACTIVITIES, APP_PACKAGE  # noqa: E402

OUT = ROOT / "fixtures" / "virtual"
BUNDLES_OUT = ROOT / "fixtures" / "bundles"


def _launch(activity: str) -> Callable[[Playground], None]:
    def go(pg: Playground) -> None:
        pg.launch_app(APP_PACKAGE, f".{activity}")

    return go


def _tap_text(pg: Playground, text: str) -> None:
    from deltarec.core.capture.uiautomator import parse_uiautomator

    for node in parse_uiautomator(pg.dump_xml()).walk():
        if node.text == text:
            pg.tap(*node.bounds.center)
            return
    raise LookupError(f"no {text!r} on screen")


def _steps(*steps: Callable[[Playground], None]) -> Callable[[Playground], None]:
    def go(pg: Playground) -> None:
        for step in steps:
            step(pg)

    return go


SCREENS: dict[str, Callable[[Playground], None]] = {
    "launcher": lambda pg: None,
    **{activity: _launch(activity) for activity in ACTIVITIES},
    "InboxActivity-scrolled": _steps(
        _launch("InboxActivity"),
        lambda pg: pg.swipe(540, 1859, 540, 606, 1000),  # a drag: no fling
    ),
    "InboxActivity-refreshing": _steps(
        _launch("InboxActivity"),
        lambda pg: pg.swipe(540, 606, 540, 1459, 600),  # pulled down at its top
    ),
    "InboxActivity-load-more": _steps(
        _launch("InboxActivity"),
        *[lambda pg: pg.swipe(540, 2200, 540, 300, 40)] * 2,  # flung to its end: the footer
    ),
    "SignUpActivity-keyboard": _steps(
        _launch("SignUpActivity"),
        lambda pg: pg.perform("focus:name"),
        lambda pg: pg.type_text("Ada"),
    ),
    "SignUpActivity-save-dialog": _steps(
        _launch("SignUpActivity"),
        lambda pg: pg.perform("focus:name"),
        lambda pg: pg.type_text("Ada"),
        lambda pg: pg.press_keycode(4),
        lambda pg: _tap_text(pg, "Save"),
    ),
    "SettingsActivity-clear-history": _steps(
        _launch("SettingsActivity"), lambda pg: _tap_text(pg, "Clear history")
    ),
    "SettingsActivity-history-deleted": _steps(
        _launch("SettingsActivity"),
        lambda pg: _tap_text(pg, "Clear history"),
        lambda pg: _tap_text(pg, "Delete"),
    ),
}
"""Fixture name -> how to reach that screen from a fresh phone."""


def screen(name: str) -> Playground:
    """A fresh phone showing the screen ``name``."""
    pg = Playground()
    SCREENS[name](pg)
    return pg


def dump(name: str) -> str:
    """The dump of screen ``name`` as the fixture holds it (the dump counter starts at 0)."""
    pg = screen(name)
    pg.state.dumps = 0
    return pg.dump_xml()


def _record_sign_up(root: Path) -> None:
    """Record the sign-up flow in the Script Builder's recorder (fake clock: deterministic)."""
    from deltarec.core.devices.virtual import ManualClock, make_virtual_device
    from deltarec.core.recorder.session import RecordingSession

    clock = ManualClock()
    device = make_virtual_device(clock=clock)
    rec = RecordingSession(device, root, clock=clock, sleep=clock.advance)
    rec.start()

    def at(name: str, role: str | None = None) -> tuple[int, int]:
        assert rec.index is not None
        hits = [e for e in rec.index.elements if e.name == name and role in (None, e.role)]
        return hits[0].bounds.center

    rec.record_tap(*at("Sign up"))
    rec.record_tap(*at("Name", "textbox"))
    rec.record_type("Ada")
    rec.record_key("back")
    rec.record_tap(*at("Save", "button"))
    rec.record_tap(*at("OK", "button"))
    rec.close()


BUNDLES: dict[str, Callable[[Path], None]] = {"sign-up": _record_sign_up}
"""Bundle name -> how to record it into a fresh directory."""

COMPARED = ("manifest.json", "script.json", "observations/*.json")
"""What ``--check`` and the tests compare (screenshots are compared through the dumps)."""


def bundle_files(root: Path) -> dict[str, bytes]:
    """The compared files of the bundle at ``root``, by relative path."""
    return {
        str(p.relative_to(root)): p.read_bytes()
        for pattern in COMPARED
        for p in sorted(root.glob(pattern))
    }


def record_bundle(name: str, root: Path) -> None:
    """Record bundle ``name`` into ``root`` (replaced when it exists)."""
    import shutil

    if root.exists():
        shutil.rmtree(root)
    BUNDLES[name](root)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    stale = []
    for name in SCREENS:
        xml = dump(name)
        path = OUT / f"{name}.xml"
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != xml:
                stale.append(path.name)
            continue
        path.write_text(xml, encoding="utf-8")
        screen(name).screenshot().save(OUT / f"{name}.png", optimize=True)
    import tempfile

    for name in BUNDLES:
        target = BUNDLES_OUT / name
        if args.check:
            with tempfile.TemporaryDirectory() as tmp:
                record_bundle(name, Path(tmp) / name)
                if bundle_files(Path(tmp) / name) != bundle_files(target):
                    stale.append(f"bundles/{name}")
            continue
        record_bundle(name, target)
    if stale:
        print("stale fixtures (run scripts/make_fixtures.py):", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
