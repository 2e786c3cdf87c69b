"""Text of ``dumpsys`` services and ``getprop``, shaped for the regexes clients use.

Only the lines clients parse are real: adbutils reads ``orientation=`` and the
``DisplayViewport{… valid=true, … orientation=N, … deviceWidth=W, deviceHeight=H}``
line of ``dumpsys display``, ``mCurrentFocus=Window{… pkg/activity}`` of
``dumpsys window windows`` (with the ``InputMethod`` window's block, read by
:mod:`deltarec.core.devices.window_state`), ``mResumedActivity: ActivityRecord{… pkg/activity …}``
and ``ACTIVITY pkg/activity … pid=N`` of ``dumpsys activity``, and
``mHoldingDisplaySuspendBlocker=true`` of ``dumpsys power``.

    >>> "mCurrentFocus=Window{7c1e3a2 u0 a.b/a.b.Main}" in dumpsys(["window"], ("a.b", "a.b.Main"))
    True
"""

from __future__ import annotations

from deltarec.core.devices.virtual.layout import HEIGHT, WIDTH

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


def _display(width: int, height: int, dpi: int) -> str:
    viewport = (
        "DisplayViewport{type=INTERNAL, valid=true, isActive=true, displayId=0, "
        "uniqueId='local:0', physicalPort=0, orientation=0, "
        f"logicalFrame=Rect(0, 0 - {width}, {height}), "
        f"physicalFrame=Rect(0, 0 - {width}, {height}), "
        f"deviceWidth={width}, deviceHeight={height}}}"
    )
    return (
        "DISPLAY MANAGER (dumpsys display)\n"
        "  mOnlyCore=false\n"
        f"  mDefaultViewport={viewport}\n"
        "Display Devices: size=1\n"
        f'  DisplayDeviceInfo{{"Built-in Screen": uniqueId="local:0", {width} x {height}, '
        f"modeId 1, defaultModeId 1, density {dpi}, rotation 0}}\n"
    )


def _ime_window(keyboard: tuple[int, int, int, int] | None, size: tuple[int, int]) -> str:
    """The input method's window block, shaped like AOSP's ``WindowState.dump``.

    It is always listed (an IME window exists while an IME is enabled); hidden
    it has no surface. Shown, its frame starts ``_IME_INSET`` px above the keys
    and ``mGivenContentInsets`` says so, as LatinIME's does.
    """
    width, height = size
    left, top, right, bottom = keyboard or (0, height, width, height)
    flag = "true" if keyboard is not None else "false"
    frame = f"[{left},{top - _IME_INSET}][{right},{bottom}]"
    inset = f"[0,{_IME_INSET}][0,0]"
    return (
        "  Window #2 Window{5d0e9f7 u0 InputMethod}:\n"
        "    mDisplayId=0 rootTaskId=1 mSession=Session{3a1 4242:u0a10123}\n"
        "    mOwnerUid=10150 showForAllUsers=true package=dev.deltarec.keyboard appop=NONE\n"
        "    mAttrs={(0,0)(fillxwrap) gr=BOTTOM CENTER_VERTICAL ty=INPUT_METHOD fmt=TRANSPARENT}\n"
        f"    mViewVisibility={'0x0' if keyboard else '0x8'} mHaveFrame=true mObscured=false\n"
        f"    mGivenContentInsets={inset} mGivenVisibleInsets={inset}\n"
        f"    mFrame={frame} last={frame}\n"
        f"    mHasSurface={flag} isReadyForDisplay()={flag}\n"
        f"    isOnScreen={flag}\n"
        f"    isVisible={flag}\n"
    )


_IME_INSET = 66


def dumpsys(
    args: list[str],
    current: tuple[str, str],
    keyboard: tuple[int, int, int, int] | None = None,
    *,
    size: tuple[int, int] = (WIDTH, HEIGHT),
    dpi: int = 420,
) -> str | None:
    """The output of ``dumpsys ARGS`` with ``current`` = (package, activity) in front, the
    keyboard's frame (None: hidden) and the screen's ``size`` in px and density; None for
    an unknown service."""
    width, height = size
    service = args[0] if args else ""
    package, activity = current
    component = f"{package}/{activity}"
    if service == "display":
        return _display(width, height, dpi)
    if service == "window":
        return (
            "WINDOW MANAGER WINDOWS (dumpsys window windows)\n"
            f"  Window #0 Window{{7c1e3a2 u0 {component}}}:\n"
            f"    mOwnerUid=10123 mShowForAllUsers=false package={package} appop=NONE\n"
            f"    mFrame=[0,0][{width},{height}] last=[0,0][{width},{height}]\n"
            "    isVisible=true\n"
            + _ime_window(keyboard, size)
            + f"  mInputMethodWindow=Window{{5d0e9f7 u0 InputMethod}}\n"
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
