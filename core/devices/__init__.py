"""Devices: the :class:`~deltarec.core.devices.base.Device` protocol and its backends.

- ``adb``: a real phone through adbutils (the only module that imports adbutils);
- ``virtual``: the built-in Playground phone, the default when nothing is attached;
- ``replay``: a device rebuilt from a recorded session bundle;
- ``fakeadb``: a loopback adb host-protocol server that serves a virtual phone.
"""
