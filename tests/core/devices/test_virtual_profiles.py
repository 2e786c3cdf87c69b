"""Virtual phone profiles by name: ``virtual:WIDTHxHEIGHT[@DPI]`` and presets, wherever a device
is named (open_device, ``deltarec.connect``, the CLI's ``--device``, the pytest plugin's
``--device`` and pools, ``deltarec virtual serve --profile``), and bad names as typed errors."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import deltarec
from deltarec.core.cli.main import main
from deltarec.core.devices.open import is_virtual, open_device
from deltarec.core.devices.virtual import (
    DEFAULT_PROFILE,
    PRESETS,
    Playground,
    Profile,
    make_virtual_device,
    parse_profile,
)
from deltarec.core.devices.virtual.fling import TOUCH_SLOP_LU
from deltarec.core.devices.virtual.layout import ACTIVITIES, APP_PACKAGE
from deltarec.core.devices.virtual.views import View, hit_windows
from deltarec.core.errors import InputError

pytest_plugins = ["pytester"]

SMALL = "virtual:720x1600@320"


def test_presets_and_specs_parse_to_their_profiles() -> None:
    assert parse_profile("720x1600@320") == Profile(720, 1600, 320)
    assert parse_profile("1440x3120@560") == PRESETS["large"]
    assert parse_profile("2560x1600@320") == PRESETS["tablet"]
    assert parse_profile("1080x2400") == DEFAULT_PROFILE  # no DPI: 411 dp wide, as the default
    assert parse_profile("phone") == DEFAULT_PROFILE
    assert PRESETS["tablet"].width > PRESETS["tablet"].height  # the landscape tablet


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("720x", "expected WIDTHxHEIGHT[@DPI]"),
        ("720*1600", "expected WIDTHxHEIGHT[@DPI]"),
        ("tiny", "or a preset (phone, small, large, tablet)"),
        ("720x1600@", "expected WIDTHxHEIGHT[@DPI]"),
        ("720x1600@-3", "expected WIDTHxHEIGHT[@DPI]"),
        ("720x1600@2000", "density 2000 dpi is out of range (120-800)"),
        ("720x1600@100", "density 100 dpi is out of range"),
        ("720x1600@640", "is 180x400 dp; the narrower side must be at least 320 dp"),
        ("2400x1080@420", "is 914x411 dp; the height must be at least 660 dp"),
        ("99999x99999@120", "no side may exceed 2000 dp"),
    ],
)
def test_a_bad_profile_is_an_input_error_naming_the_device_and_the_problem(
    spec: str, problem: str
) -> None:
    with pytest.raises(InputError) as caught:
        open_device(f"virtual:{spec}")
    assert f"device 'virtual:{spec}': " in str(caught.value)
    assert problem in str(caught.value)


@given(st.text(max_size=30))
def test_any_text_after_virtual_is_a_phone_or_an_input_error(spec: str) -> None:
    """Never another exception, never a hang: the spec is matched by one bounded regex."""
    try:
        device = open_device(f"virtual:{spec}")
    except InputError as exc:
        assert repr(f"virtual:{spec}") in str(exc)
    else:
        profile = parse_profile(spec)
        assert device.window_size() == (profile.width, profile.height)


def test_the_reference_profile_by_name_is_byte_for_byte_plain_virtual() -> None:
    """``virtual:1080x2400@420`` lays out nothing differently: same dumps, same pixels."""
    plain, named = make_virtual_device(), open_device("virtual:1080x2400@420")
    for activity in ACTIVITIES:
        for device in (plain, named):
            device.launch_app(APP_PACKAGE, f".{activity}")
        assert isinstance(named, type(plain))
        named.capture()
        plain.capture()
        assert named.last_dump == plain.last_dump, activity
    assert named.screenshot().tobytes() == plain.screenshot().tobytes()


def test_is_virtual() -> None:
    assert is_virtual("virtual") and is_virtual("virtual:tablet")
    assert not is_virtual("emulator-5554") and not is_virtual("virtualbox-1")


def test_connect_opens_a_profile_and_selectors_drive_it() -> None:
    phone = deltarec.connect(SMALL)
    assert phone.serial == SMALL
    assert phone.device.window_size() == (720, 1600)
    phone.launch(APP_PACKAGE, ".SignUpActivity")
    phone.get(text="Name").fill("Ada")
    phone.get(text="Save").tap()
    deltarec.expect(phone.get(text="Save account?")).to_be_visible()
    assert phone.screenshot().size == (720, 1600)


def test_cli_device_takes_a_profile_and_a_bad_one_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shot = tmp_path / "shot.png"
    assert main(["observe", "--device", SMALL, "--elements", "--screenshot", str(shot)]) == 0
    from PIL import Image

    with Image.open(shot) as image:
        assert image.size == (720, 1600)
    assert '"Playground"' in capsys.readouterr().out
    assert main(["observe", "--device", "virtual:720x1600@9999"]) == 2
    err = capsys.readouterr().err
    assert "virtual:720x1600@9999" in err and "out of range" in err
    assert len(err.strip().splitlines()) == 1


def test_pytest_device_option_and_a_pool_of_profiles(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        from deltarec import Phone

        def test_screen(phone: Phone, deltarec_device_spec: str) -> None:
            width, height = phone.device.window_size()
            assert (deltarec_device_spec, width, height) == ("virtual:small", 720, 1600)
            phone.launch("dev.deltarec.playground", ".SettingsActivity")
            phone.get(text="Wi-Fi").tap()
        """
    )
    pytester.runpytest("--device", "virtual:small").assert_outcomes(passed=1)
    bad = pytester.runpytest("--device", "virtual:1x1")
    assert bad.ret == 2
    bad.stdout.fnmatch_lines(["*cannot open device 'virtual:1x1'*"])


def test_a_pool_of_three_profiles_gives_each_worker_its_own(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.parametrize("n", range(3))
        def test_size(phone, deltarec_device_spec, n):
            print("SIZE", deltarec_device_spec, phone.device.window_size())
        """
    )
    pool = "virtual:small,virtual:large,virtual:tablet"
    from deltarec.pytest_plugin import device_for

    assert [device_for(pool.split(","), f"gw{k}") for k in range(3)] == pool.split(",")
    result = pytester.runpytest("--device", pool, "-s")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["*SIZE virtual:small (720, 1600)*"])


@pytest.fixture
def served_small() -> Iterator[int]:
    """``deltarec virtual serve --port 0 --profile virtual:small`` in a child; yields its port
    (read from the line it prints once it listens); the child is terminated after the test."""
    serve = ["virtual", "serve", "--port", "0", "--profile", "virtual:small", "--serial", "small-0"]
    argv = [sys.executable, "-m", "deltarec.core.cli.main", *serve]
    with subprocess.Popen(argv, stdout=subprocess.PIPE, text=True) as cli:
        assert cli.stdout is not None
        found = re.search(r"127\.0\.0\.1:(\d+)", cli.stdout.readline())
        try:
            assert found is not None
            yield int(found.group(1))
        finally:
            cli.terminate()


def test_virtual_serve_profile_serves_that_screen_over_adb(served_small: int) -> None:
    device = open_device(f"small-0@127.0.0.1:{served_small}")
    assert device.window_size() == (720, 1600)
    assert device.capture().width == 720
    assert device.screenshot().size == (720, 1600)


def test_virtual_serve_with_a_bad_profile_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["virtual", "serve", "--port", "0", "--profile", "12x"]) == 2
    assert "--profile 12x" in capsys.readouterr().err


def test_a_served_profile_reports_its_size_and_density_in_the_shell() -> None:
    from deltarec.core.devices.virtual import VirtualShell

    shell = VirtualShell(Playground(profile=PRESETS["large"]))
    assert shell.shell("wm size").stdout == b"Physical size: 1440x3120\n"
    assert shell.shell("wm density").stdout == b"Physical density: 560\n"
    assert b"deviceWidth=1440, deviceHeight=3120" in shell.shell("dumpsys display").stdout


def _label(view: View) -> str:
    """What a person calls a clickable: its text or description, else its texts."""
    return view.text or view.desc or " ".join(v.text for v in view.walk() if v.text)


def _clickables(pg: Playground) -> dict[str, tuple[int, int]]:
    """Each wholly visible clickable's label and its centre, in px."""
    return {
        _label(v): ((v.bounds[0] + v.bounds[2]) // 2, (v.bounds[1] + v.bounds[3]) // 2)
        for w in pg.windows()
        for v in w.root.walk()
        if v.clickable and v.drawn is None and w.kind != "ime"
    }


@pytest.mark.parametrize("preset", ["small", "large", "tablet"])
def test_coordinates_from_the_default_phone_miss_while_labels_still_find(preset: str) -> None:
    """A tap recorded as x, y on the default phone hits something else (or nothing) on
    another profile for most elements; the same labels are all there to be found."""
    same = total = 0
    for activity in ("MainActivity", "SignUpActivity", "SettingsActivity", "ClockActivity"):
        default, other = Playground(), Playground(profile=PRESETS[preset])
        for pg in (default, other):
            pg.launch_app(APP_PACKAGE, f".{activity}")
        recorded, there = _clickables(default), _clickables(other)
        assert set(recorded) <= set(there) or activity == "SettingsActivity", activity
        for name, (x, y) in recorded.items():
            hit = hit_windows(other.windows(), x, y)
            same += hit is not None and _label(hit) == name
            total += 1
    assert total > 20
    assert same / total < 0.5, f"{same} of {total} recorded points still hit their element"


@pytest.mark.parametrize("preset", ["small", "large", "tablet"])
def test_content_follows_the_finger_in_px(preset: str) -> None:
    """A drag of 400 px moves the list 400 px less the touch slop (8 dp in the profile's px)
    on screen (±1 for rounding), whatever the density: scrolling is in px, laid out in lu."""
    pg = Playground(profile=PRESETS[preset])
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    before = _clickables(pg)
    x = pg.window_size()[0] // 2
    pg.swipe(x, 1000, x, 600)
    after = _clickables(pg)
    rows = (set(before) & set(after)) - {"Navigate up"}
    moved = {before[k][1] - after[k][1] for k in rows}
    slop = pg.profile.px(TOUCH_SLOP_LU)
    assert moved and all(abs(m - (400 - slop)) <= 1 for m in moved), (moved, slop)


def test_a_short_drag_is_a_tap_by_the_same_dp_on_every_density() -> None:
    """Touch slop is a distance in dp: 16 px on the default phone, 12 px at 320 dpi."""
    for profile, slop in ((DEFAULT_PROFILE, 16), (PRESETS["small"], 12), (PRESETS["large"], 21)):
        pg = Playground(profile=profile)
        pg.launch_app(APP_PACKAGE, ".InboxActivity")
        x, y = pg.window_size()[0] // 2, 800
        pg.swipe(x, y, x, y - (slop - 1))
        assert pg.state.inbox.offset == 0
        assert pg.state.screen == "MessageActivity", profile  # a tap on a row opens it
