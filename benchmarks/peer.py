"""Load the reference library's delta functions without running its package ``__init__``.

The reference is ``je-auto-control`` 1.0.6 (``pip install --no-deps
je-auto-control==1.0.6``). Its top-level ``je_auto_control/__init__.py`` and
``je_auto_control/utils/__init__.py`` import the X11 / Win32 backends, which
fail on a headless machine, but the observation-delta modules are pure Python.
So we put two empty package modules in :data:`sys.modules` whose ``__path__``
points at the real directories; importing a submodule then finds its files
without executing either parent ``__init__``. The submodules' own packages
(``utils/observation``, ``utils/element_diff``, …) do run their ``__init__``,
which only re-export pure functions.

Nothing of the peer is copied into this project: it is imported from
site-packages at run time.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import os
import sys
import types
from collections.abc import Callable
from typing import Any

PEER_DISTRIBUTION = "je-auto-control"
PEER_VERSION = "1.0.6"
_PACKAGE = "je_auto_control"
_DELTA_MODULE = "je_auto_control.utils.observation_delta.observation_delta"

INSTALL_HINT = f"pip install --no-deps {PEER_DISTRIBUTION}=={PEER_VERSION}"


class PeerNotInstalled(RuntimeError):
    """The reference library is missing (or its layout is not the one we expect)."""


def _package_dir() -> str:
    # find_spec on the top-level name only locates it; it does not execute __init__.
    spec = importlib.util.find_spec(_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise PeerNotInstalled(
            f"the reference library {PEER_DISTRIBUTION} is not installed; run: {INSTALL_HINT}"
        )
    return next(iter(spec.submodule_search_locations))


def _stub_package(name: str, path: str) -> None:
    existing = sys.modules.get(name)
    if existing is not None and getattr(existing, "__path__", None):
        return  # already loaded (for real or by an earlier call): leave it alone
    module = types.ModuleType(name)
    module.__path__ = [path]
    module.__package__ = name
    sys.modules[name] = module


def peer_version() -> str | None:
    """The installed version of the reference library, or ``None``."""
    try:
        return importlib.metadata.version(PEER_DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return None


def load_peer_module() -> types.ModuleType:
    """The peer's ``observation_delta`` module (raises :class:`PeerNotInstalled`)."""
    root = _package_dir()
    utils = os.path.join(root, "utils")
    if not os.path.isfile(os.path.join(utils, "observation_delta", "observation_delta.py")):
        raise PeerNotInstalled(
            f"{root} has no utils/observation_delta/observation_delta.py; "
            f"the benchmark expects {PEER_DISTRIBUTION} {PEER_VERSION} ({INSTALL_HINT})"
        )
    _stub_package(_PACKAGE, root)
    _stub_package(f"{_PACKAGE}.utils", utils)
    try:
        return importlib.import_module(_DELTA_MODULE)
    except ImportError as exc:
        raise PeerNotInstalled(
            f"could not import {_DELTA_MODULE} without the package __init__: {exc}; "
            f"the benchmark expects {PEER_DISTRIBUTION} {PEER_VERSION} ({INSTALL_HINT})"
        ) from exc


def load_peer() -> Callable[..., Any]:
    """The peer's ``delta_observation(prev, curr, *, viewport, max_elements, …)``.

    Raises :class:`PeerNotInstalled` with the install command when it is missing.
    """
    fn: Callable[..., Any] = load_peer_module().delta_observation
    return fn


__all__ = ["INSTALL_HINT", "PeerNotInstalled", "load_peer", "load_peer_module", "peer_version"]
