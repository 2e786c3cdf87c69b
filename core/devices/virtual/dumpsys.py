"""Text of ``dumpsys`` services and ``getprop``, shaped for the regexes clients use.

Only the lines clients parse are real: adbutils reads ``orientation=`` and the
``DisplayViewport{… valid=true, … orientation=N, … deviceWidth=W, deviceHeight=H}``
line of ``dumpsys display``, ``mCurrentFocus=Window{… pkg/activity}`` of
``dumpsys window windows``, ``mResumedActivity: ActivityRecord{… pkg/activity …}``
and ``ACTIVITY pkg/activity … pid=N`` of ``dumpsys activity``, and
``mHoldingDisplaySuspendBlocker=true`` of ``dumpsys power``.

    >>> "mCurrentFocus=Window{7c1e3a2 u0 a.b/a.b.Main}" in dumpsys(["window"], ("a.b", "a.b.Main"))
    True
"""

from __future__ import annotations

from core.devices.virtual.layout import HEIGHT, WIDTH

PROPS = {
    "ro.product.model": "Playground",
    "ro.product.manufacturer": "deltarec",
    "ro.product.brand": "deltarec",
    "ro.product.name": "playground",
    "ro.product.device": "playground",
    "ro.product.cpu.abi": "x86_64",
    "ro.build.version.release": "14",
    "ro.build.version.sdk": "34",
    "ro.build.characteristics": "default",
    "sys.boot_completed": "1",
}


def getprop(serial: str, key: str | None) -> bytes:
    """``getprop KEY`` (an empty line when unknown) or, with no key, every property."""
    props = {**PROPS, "ro.serialno": serial}
    if key is not None:
        return (props.get(key, "") + "\n").encode()
    return "".join(f"[{k}]: [{v}]\n" for k, v in sorted(props.items())).encode()


def _display() -> str:
    viewport = (
        "DisplayViewport{type=INTERNAL, valid=true, isActive=true, displayId=0, "
        "uniqueId='local:0', physicalPort=0, orientation=0, "
        f"logicalFrame=Rect(0, 0 - {WIDTH}, {HEIGHT}), "
        f"physicalFrame=Rect(0, 0 - {WIDTH}, {HEIGHT}), "
        f"deviceWidth={WIDTH}, deviceHeight={HEIGHT}}}"
    )
    return (
        "DISPLAY MANAGER (dumpsys display)\n"
        "  mOnlyCore=false\n"
        f"  mDefaultViewport={viewport}\n"
        "Display Devices: size=1\n"
        f'  DisplayDeviceInfo{{"Built-in Screen": uniqueId="local:0", {WIDTH} x {HEIGHT}, '
        "modeId 1, defaultModeId 1, density 420, rotation 0}\n"
    )


def dumpsys(args: list[str], current: tuple[str, str]) -> str | None:
    """The output of ``dumpsys ARGS`` with ``current`` = (package, activity) in front; None
    for an unknown service."""
    service = args[0] if args else ""
    package, activity = current
    component = f"{package}/{activity}"
    if service == "display":
        return _display()
    if service == "window":
        return (
            "WINDOW MANAGER WINDOWS (dumpsys window windows)\n"
            f"  Window #0 Window{{7c1e3a2 u0 {component}}}:\n"
            f"    mOwnerUid=10123 mShowForAllUsers=false package={package} appop=NONE\n"
            f"  mCurrentFocus=Window{{7c1e3a2 u0 {component}}}\n"
            f"  mFocusedApp=ActivityRecord{{4b2f0d1 u0 {component} t42}}\n"
        )
    if service == "activity":
        return (
            "ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n"
            f"    mResumedActivity: ActivityRecord{{4b2f0d1 u0 {component} t42}}\n"
            "TASK 42\n"
            f"  ACTIVITY {component} 4b2f0d1 pid=4242\n"
        )
    if service == "power":
        return (
            "POWER MANAGER (dumpsys power)\n"
            "  mWakefulness=Awake\n"
            "  mHoldingDisplaySuspendBlocker=true\n"
        )
    return None
