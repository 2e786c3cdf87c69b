"""The HTML page: summary, one section per step, everything escaped, nothing external."""

from __future__ import annotations

import re
import stat
from pathlib import Path

from PIL import Image

from deltarec.core.report.model import ReportStep, RunSummary
from deltarec.core.report.page import MAX_PARAMS_CHARS, delta_html, render_html, write_report
from deltarec.core.report.shots import snapshot

HOSTILE = "<script>alert(1)</script>\"'&"
PNG = snapshot(Image.new("RGB", (1080, 2400), "white"))


def _run(*steps: ReportStep) -> RunSummary:
    return RunSummary(f"{HOSTILE}.json", f"replay:{HOSTILE}", "all", 1.5, steps, "today")


def _steps() -> tuple[ReportStep, ...]:
    return (
        ReportStep(
            0,
            "AC_tap",
            {"selector": {"text": HOSTILE}},
            "passed",
            target=f'[3] button "{HOSTILE}"',
            note=HOSTILE,
            observation=f'+ [12] dialog "{HOSTILE}"\n~ [4] button "Submit" (enabled: false→true)',
            timing={"queueMs": 0.0, "toolMs": 12.5, "observationMs": 250.0, "totalMs": 262.5},
            warnings=(f"AC_tap on {HOSTILE} changed the screen; when recorded it did not",),
            screenshot=PNG,
        ),
        ReportStep(
            1,
            "AC_type_text",
            {"text": "hi"},
            "failed",
            expect='~ [6] textbox "hi"',
            observation=None,
            timing={"totalMs": 5000.0},
            error=f"no element matches {HOSTILE}",
            tried=(f"selector {{text={HOSTILE}}}",),
            screenshot_error="no screenshot: device gone",
        ),
        ReportStep(2, "AC_back"),
    )


def test_summary_counts_and_one_section_per_step() -> None:
    page = render_html(_run(*_steps()))
    assert page.startswith("<!DOCTYPE html>")
    counts = dict(re.findall(r'<div class="count (\w+)"><b>(\d+)</b>', page))
    assert counts == {"passed": "1", "failed": "1", "warnings": "1", "skipped": "1"}
    assert page.count('<section class="card step ') == 3
    for n in range(1, 4):  # numbered as people count
        assert f'id="step-{n}"' in page and f'href="#step-{n}"' in page
    assert "1.50 s" in page and "262.5" in page and "5.00 s" in page
    assert "not run" in page and "no screenshot: device gone" in page
    assert "not returned (policy)" in page
    assert "Recorded delta (expected)" in page


def test_everything_user_provided_is_escaped() -> None:
    page = render_html(_run(*_steps()))
    assert "<script" not in page.lower()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;&amp;" in page
    assert page.count("&lt;script&gt;alert(1)") >= 8  # title, device, params, delta, note, …


def test_self_contained_screenshots_are_base64_png_data_uris() -> None:
    page = render_html(_run(*_steps()))
    sources = re.findall(r'src="([^"]*)"', page)
    assert len(sources) == 1 and sources[0].startswith("data:image/png;base64,iVBORw0KGgo")
    assert not re.search(r"(href|src)=\"(https?:|//)", page)
    assert "<link" not in page and "@import" not in page and "url(" not in page


def test_delta_lines_are_coloured_by_kind() -> None:
    out = delta_html(
        '+ [1] dialog "a"\n- button "b"\n~ x\n↕ [7] list\n» new screen\n… (+5 more)\nno'
    )
    kinds = re.findall(r'<span class="(d-\w+)">', out)
    assert kinds == ["d-add", "d-del", "d-chg", "d-scr", "d-new", "d-more"]
    assert out.endswith("\nno</pre>")


def test_long_parameters_are_cut_and_say_so() -> None:
    step = ReportStep(0, "AC_delta_observation", {"prev": "x" * (MAX_PARAMS_CHARS * 2)}, "passed")
    page = render_html(_run(step))
    assert "more characters)" in page and "x" * (MAX_PARAMS_CHARS * 2) not in page


def test_a_passing_run_says_passed(tmp_path: Path) -> None:
    run = RunSummary(
        "ok.json", "virtual", "none", 0.2, (ReportStep(0, "AC_back", status="passed"),)
    )
    assert run.ok and '<h1>ok.json <span class="badge passed">' in render_html(run)


def test_write_report_is_atomic_and_readable(tmp_path: Path) -> None:
    target = write_report(_run(*_steps()), tmp_path / "sub" / "r.html")
    assert target.read_text(encoding="utf-8").endswith("</html>\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert [p.name for p in target.parent.iterdir()] == ["r.html"]  # no temp file left


def test_steps_that_do_not_observe_say_why_and_show_what_they_returned() -> None:
    step = ReportStep(
        0,
        "AC_observe",
        status="passed",
        category="readonly",
        result={"text": '[0] button "<b>"', "lines": 1},
    )
    page = render_html(_run(step))
    assert "none: readonly commands do not observe" in page
    assert "Returned text" in page and "[0] button &quot;&lt;b&gt;&quot;" in page
    assert "<pre>lines: 1</pre>" in page
