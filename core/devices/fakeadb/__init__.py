"""A loopback fake adb server: the real adb host protocol, served from Python.

:class:`FakeAdbServer` speaks the protocol adbutils (and the ``adb`` CLI with
``-P PORT``) uses to talk to the adb *server*, and serves one or more
:class:`~deltarec.core.devices.base.ShellTarget` phones behind it, so the adb backend is
tested end to end through real adbutils with no phone attached.

Modules: :mod:`.protocol` (framing), :mod:`.registry` (served devices),
:mod:`.host` (host services), :mod:`.services` (shell/exec/sync dispatch),
:mod:`.sync` (file transfer), :mod:`.server` (sockets and threads),
:mod:`.listener` (threads
and shutdown) and :mod:`.adbd` (:class:`FakeAdbd`, the device side, so the real
adb server can ``adb connect`` to a simulated phone).
"""

from __future__ import annotations

from deltarec.core.devices.fakeadb.adbd import FakeAdbd
from deltarec.core.devices.fakeadb.host import FEATURES, SERVER_VERSION
from deltarec.core.devices.fakeadb.server import FakeAdbServer

__all__ = ["FEATURES", "SERVER_VERSION", "FakeAdbServer", "FakeAdbd"]
