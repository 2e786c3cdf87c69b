"""The distribution: one import package (``deltarec``) and its LICENSE, and no clash with a
project that has its own ``core`` and ``app`` packages.

The wheel is built from a copy of the source tree (pip builds in place otherwise) in an
isolated build environment, as a user's ``pip install`` does.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "core", "app", "deltarec")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tree = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
            shutil.copytree(source, tree / name, symlinks=True, ignore=ignore)
        else:
            shutil.copy2(source, tree / name)
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(tree)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    (found,) = out.glob("deltarec-*.whl")
    return found


def test_the_wheel_installs_only_deltarec_and_its_license(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    dist_info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
    assert {n.split("/")[0] for n in names} == {"deltarec", dist_info}
    assert f"{dist_info}/licenses/LICENSE" in names
    assert "deltarec/core/observer.py" in names and "deltarec/app/window.py" in names
    assert "deltarec/testing/fakeu2.py" in names
    assert not [n for n in names if n.startswith(("deltarec/tests", "deltarec/fixtures"))]
    top_level = zipfile.ZipFile(wheel).read(f"{dist_info}/top_level.txt").decode().split()
    assert top_level == ["deltarec"]


USER_TEST = """
import core
import app
from core.api import OWN


def test_the_projects_own_core_and_app_packages():
    assert (OWN, app.NAME) == ("the user's core.api", "the user's app")


def test_deltarec_beside_them(phone):
    import os

    import deltarec.core

    assert deltarec.core.__file__.startswith(os.environ["DELTAREC_SITE"])
    assert phone.serial == "virtual"
    assert deltarec.core.__name__ == "deltarec.core" and core.__name__ == "core"
"""


def test_a_project_with_its_own_core_and_app_runs_pytest(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), wheel],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert installed.returncode == 0, installed.stderr
    project = tmp_path / "project"
    (project / "core").mkdir(parents=True)
    (project / "core" / "__init__.py").write_text("")
    (project / "core" / "api.py").write_text('OWN = "the user\'s core.api"\n')
    (project / "app").mkdir()
    (project / "app" / "__init__.py").write_text('NAME = "the user\'s app"\n')
    (project / "test_mine.py").write_text(USER_TEST)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(project), str(site)]),
        "DELTAREC_SITE": str(site),
    }
    env.pop("PYTEST_ADDOPTS", None)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_mine.py"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2 passed" in run.stdout
