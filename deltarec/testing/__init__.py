"""Test doubles for projects that test against deltarec (not used by deltarec itself).

- :class:`ScriptedTarget`: an adb shell target whose answers a test scripts, to put
  behind :class:`deltarec.core.devices.fakeadb.FakeAdbServer`.
- :class:`FakeU2Server` and :class:`U2Phone`: uiautomator2's on-device server,
  faked over the virtual phone, for the ``u2:SERIAL`` backend.

Everything here runs on loopback sockets; nothing needs a phone.
"""

from __future__ import annotations

from deltarec.testing.fakeu2 import FakeU2Server, U2Phone
from deltarec.testing.scripted import ScriptedTarget

__all__ = ["FakeU2Server", "ScriptedTarget", "U2Phone"]
