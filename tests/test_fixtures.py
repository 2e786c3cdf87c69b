"""fixtures/virtual holds a current dump and a screenshot of every virtual-phone screen."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image

from deltarec.core.capture.uiautomator import parse_uiautomator

ROOT = Path(__file__).resolve().parents[1]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_fixtures", ROOT / "scripts/make_fixtures.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MAKE = _script()


@pytest.mark.parametrize("name", sorted(MAKE.SCREENS))
def test_each_screen_has_its_current_dump_and_a_screenshot(name: str) -> None:
    xml = (MAKE.OUT / f"{name}.xml").read_text(encoding="utf-8")
    assert xml == MAKE.dump(name), f"stale: run scripts/make_fixtures.py ({name})"
    assert parse_uiautomator(xml).windows
    with Image.open(MAKE.OUT / f"{name}.png") as png:
        assert png.size == (1080, 2400)


def test_no_file_without_a_screen() -> None:
    names = {p.stem for p in MAKE.OUT.iterdir() if p.suffix in (".xml", ".png")}
    assert names == set(MAKE.SCREENS)


# -- recorded bundles ------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(MAKE.BUNDLES))
def test_each_recorded_bundle_is_what_the_recorder_records_now(name: str, tmp_path: Path) -> None:
    MAKE.record_bundle(name, tmp_path / name)
    fresh = MAKE.bundle_files(tmp_path / name)
    stored = MAKE.bundle_files(MAKE.BUNDLES_OUT / name)
    assert fresh.keys() == stored.keys(), "stale: run scripts/make_fixtures.py"
    for path, data in fresh.items():
        assert stored[path] == data, f"stale: run scripts/make_fixtures.py ({name}/{path})"


@pytest.mark.parametrize("name", sorted(MAKE.BUNDLES))
def test_each_recorded_bundle_replays_on_its_own_captures_and_on_a_fresh_phone(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from deltarec.core.cli.main import main

    root = MAKE.BUNDLES_OUT / name
    script = str(root / "script.json")
    assert main(["run", script, "--device", f"replay:{root}"]) == 0, capsys.readouterr()
    assert main(["run", script, "--device", "virtual"]) == 0, capsys.readouterr()
