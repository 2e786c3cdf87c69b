"""Parse ``uiautomator dump`` XML into an :class:`~deltarec.core.observe.model.Observation`.

A plain dump (the shape ``uiautomator dump`` writes) is read by
:mod:`~deltarec.core.capture.dump_scan`: its tags cut apart at C speed, a tag seen in the
previous dump giving back the node built for it. Anything else (and anything that scan
does not take) goes to two parsers feeding one
:class:`~deltarec.core.capture.dump_builder.DumpBuilder`, which builds
:class:`~deltarec.core.observe.model.Node` values in one pass as elements close:

- **lxml** (libxml2), the fast path: about half the time of expat's Python
  callbacks on a 1 MB dump. Hardened: the DOCTYPE is refused when libxml2
  reports it, before its internal subset is read, so no entity is ever
  declared; no DTD loading, no network, no XInclude (never processed),
  ``huge_tree`` off (libxml2's own limits stay), and :data:`MAX_DEPTH`.
- **expat**, the reference: it refuses a DOCTYPE at its first byte, and it
  reports every error, with its line. Whenever lxml stops, for any reason,
  the dump is parsed again with expat, which either names the problem or,
  when only a libxml2 limit was hit (an attribute over 10 MB), returns the
  result. lxml only takes plain prologs (XML 1.0, UTF-8, no byte-order mark)
  and dumps without namespaces, so both parsers read the same characters.

An Appium page source (UiAutomator2's ``driver.page_source``: elements named by their
class) is told apart by the root's first element and read by the same parsers into the dump
it shows (:mod:`~deltarec.core.capture.appium`).

So the output, and every error message, is exactly what expat alone gives;
the scan and lxml only make it faster (lxml is optional: without it, expat does all).

Accepted: one ``<hierarchy>`` root holding one ``<node>`` per window; any
attribute order and any whitespace; missing attributes (they take defaults);
``&#10;`` newlines and non-ASCII text; ``NAF`` and other unknown attributes
(kept in ``extras``); inverted bounds (kept as written, empty: such a window is
never a dialog). Refused with :class:`~deltarec.core.errors.CaptureParseError`
naming the problem and the line: truncated XML, a DOCTYPE or entity, another
root element, an unknown element, malformed bounds or a coordinate beyond a
32-bit int, a ``rotation`` other than 0-3 (never taken modulo 4), an XML
declaration naming another encoding than UTF-8 (and UTF-16 input), nesting
deeper than :data:`MAX_DEPTH`, or input larger than :data:`MAX_BYTES`.

    >>> obs = parse_uiautomator(
    ...     '<hierarchy rotation="0"><node class="android.widget.Button" text="OK"'
    ...     ' clickable="true" bounds="[0,0][100,50]"/></hierarchy>')
    >>> obs.windows[0].role, obs.windows[0].text, obs.width, obs.height
    ('button', 'OK', 100, 50)
"""

from __future__ import annotations

import importlib
import re
import xml.parsers.expat
from types import ModuleType

from deltarec.core.capture.appium import PageSourceBuilder, is_page_source
from deltarec.core.capture.boundary import MAX_BYTES, MAX_DEPTH
from deltarec.core.capture.dump_builder import DumpBuilder, Refused, parse_bool, parse_bounds
from deltarec.core.capture.dump_scan import Scanned, scan
from deltarec.core.capture.roles import DIALOG_CUES, SYSTEM_UI
from deltarec.core.errors import CaptureParseError
from deltarec.core.observe.frame import flattened
from deltarec.core.observe.model import Node, Observation

_etree: ModuleType | None
try:  # by name: lxml ships no type stubs, and only a few of its names are used here
    _etree = importlib.import_module("lxml.etree")
except ImportError:  # a dependency, but the expat path alone gives the same results
    _etree = None
if _etree is not None and _etree.LXML_VERSION < (5, 0):  # no resolve_entities="internal"
    _etree = None

_XML_DECLARATION = re.compile(
    rb"<\?xml\s+version\s*=\s*(['\"])1\.0\1"
    rb"(?:\s+encoding\s*=\s*(['\"])(?i:utf-8)\2)?"
    rb"(?:\s+standalone\s*=\s*(['\"])(?:yes|no)\3)?\s*\?>"
)
"""The declarations the lxml path takes: XML 1.0, UTF-8 (or unnamed), standalone or not."""

_DECLARED_ENCODING = re.compile(
    rb"(?:\xef\xbb\xbf)?<\?xml\s[^>]*?\bencoding\s*=\s*(['\"])([^'\"]*)\1", re.ASCII
)
"""The encoding an XML declaration names: only UTF-8 is taken (any other is refused)."""


def parse_uiautomator(
    xml_text: str | bytes, *, source: str = "", screen: tuple[int, int] | None = None
) -> Observation:
    """Parse one ``uiautomator dump`` into an Observation.

    ``screen`` overrides the screen size; otherwise it is inferred from the
    window bounds (a lone floating window, as in a dialog-only dump, is assumed
    to be centred horizontally and vertically). Cost: linear in the input.
    Raises :class:`CaptureParseError` for anything that is not a well-formed,
    entity-free uiautomator hierarchy.
    """
    return _parse(
        xml_text, source=source, screen=screen, use_lxml=_etree is not None, use_scan=True
    )


def _parse(
    xml_text: str | bytes,
    *,
    source: str,
    screen: tuple[int, int] | None,
    use_lxml: bool,
    use_scan: bool = False,
) -> Observation:
    data = xml_text.encode("utf-8", "surrogatepass") if isinstance(xml_text, str) else xml_text
    where = source or "<dump>"
    if len(data) > MAX_BYTES:
        raise CaptureParseError(
            f"dump is {len(data)} bytes, over the {MAX_BYTES} limit", where=where
        )
    if not data or data.isspace():  # data.strip() would copy a megabyte to say so
        raise CaptureParseError("dump is empty", where=where)
    if data.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")):
        raise CaptureParseError(
            "dump starts with a UTF-16 or UTF-32 byte-order mark; a dump is UTF-8 (strict)",
            where=f"{where} line 1",
        )
    declared = _DECLARED_ENCODING.match(data)
    if declared is not None and declared.group(2).lower() != b"utf-8":
        name = declared.group(2).decode("ascii", "replace")[:40]
        raise CaptureParseError(
            f"the XML declaration names encoding {name!r}; a dump is UTF-8 (strict)",
            where=f"{where} line 1",
        )
    built: Scanned | DumpBuilder | None = scan(data) if use_scan else None
    page = built is None and is_page_source(data)  # Appium's shape (capture/appium.py)
    if built is None and use_lxml:
        built = _build_with_lxml(data, _LxmlPageSource if page else _LxmlTarget)
    if built is None:
        built = _build_with_expat(data, where, PageSourceBuilder if page else DumpBuilder)
    obs = _observation(
        built.windows,
        built.dialog_cued,
        rotation=built.rotation,
        source=source,
        screen=screen,
    )
    if isinstance(built, Scanned):  # the scan flattened the nodes on its way: noted for Frame
        flat = built.flat
        for root, window, scanned in zip(flat.roots, obs.windows, built.windows, strict=True):
            if window is not scanned:  # marked as a dialog (_mark_dialog): another root node
                flat.nodes[root] = window
        flattened(obs, flat.nodes, flat.parents, flat.children, flat.roots, flat.ends)
    return obs


class _Unsupported(Exception):
    """Something the lxml path leaves to expat (namespaces)."""


class _LxmlHooks:
    """What makes a builder an lxml parser target, refusing what expat's handlers refuse."""

    __slots__ = ()

    def doctype(self, *_: object) -> None:
        # libxml2 reports the DOCTYPE before it reads the internal subset, so no
        # entity has been declared, let alone expanded, when this stops the parse.
        raise Refused("DOCTYPE declarations are not allowed in a UI dump (entities are refused)")

    def start_ns(self, *_: object) -> None:
        # libxml2 hides xmlns attributes that expat reports: leave such dumps to expat.
        raise _Unsupported

    def close(self) -> None:
        return None


class _LxmlTarget(_LxmlHooks, DumpBuilder):
    """A DumpBuilder as an lxml parser target."""

    __slots__ = ()


class _LxmlPageSource(_LxmlHooks, PageSourceBuilder):
    """An Appium page source's builder as an lxml parser target."""

    __slots__ = ()


def _build_with_lxml(
    data: bytes, target_class: type[DumpBuilder] = _LxmlTarget
) -> DumpBuilder | None:
    """Parse with lxml (libxml2); None when expat must decide (an error, or an unusual prolog).

    The result, when there is one, equals what :func:`_build_with_expat` builds:
    both feed the same :class:`DumpBuilder`. lxml only runs on input that starts
    with ``<`` and whose XML declaration, if any, says 1.0 and UTF-8, so that both
    parsers read the same characters; it gives up on a DOCTYPE, a namespace, any
    error or anything libxml2 logs. Every refusal, whoever detects it, is
    reported by expat, with its line.
    """
    assert _etree is not None
    if not data.startswith(b"<"):  # a byte-order mark, whitespace, or not XML at all
        return None
    if data.startswith(b"<?xml") and _XML_DECLARATION.match(data) is None:
        return None
    target = target_class()
    parser = _etree.XMLParser(
        target=target,
        # No entity can be declared: the DOCTYPE is refused before its internal
        # subset is read. "internal" then resolves only &amp; &lt; &gt; &quot;
        # &apos; (and character references); with False, libxml2 hands a target
        # "&#38;" for every "&" in an attribute. External entities stay off.
        resolve_entities="internal",
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,  # keeps libxml2's own limits (depth 256, 10 MB per text or attribute)
        remove_comments=True,
        remove_pis=True,
        collect_ids=False,
    )
    try:
        _etree.fromstring(data, parser)
    except (Refused, _Unsupported, _etree.LxmlError, ValueError):
        return None
    if parser.error_log or not target.closed_root:
        # libxml2 logs what it forgives, e.g. an undeclared prefix, whose attribute
        # it then names without the prefix: expat must decide.
        return None
    return target


def _refuse_doctype(*_: object) -> None:
    raise Refused("DOCTYPE declarations are not allowed in a UI dump (entities are refused)")


def _refuse_entity(*_: object) -> None:
    raise Refused("entity declarations are not allowed in a UI dump")


def _build_with_expat(
    data: bytes, where: str, builder_class: type[DumpBuilder] = DumpBuilder
) -> DumpBuilder:
    """Parse with expat, refusing a DOCTYPE at its first byte; the reference for every error."""
    builder = builder_class()
    parser = xml.parsers.expat.ParserCreate("UTF-8")  # whatever a byte-order mark says
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.EntityDeclHandler = _refuse_entity
    parser.ExternalEntityRefHandler = _refuse_entity  # type: ignore[assignment]
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(data, True)
    except Refused as exc:
        raise CaptureParseError(
            str(exc), where=f"{where} line {parser.CurrentLineNumber}"
        ) from None
    except xml.parsers.expat.ExpatError as exc:
        reason = xml.parsers.expat.errors.messages[exc.code]
        raise CaptureParseError(
            f"malformed XML: {reason}", where=f"{where} line {exc.lineno} column {exc.offset}"
        ) from exc
    if not builder.closed_root:
        raise CaptureParseError("dump ended before </hierarchy>", where=where)
    return builder


def build_observation(
    windows: tuple[Node, ...],
    *,
    rotation: int = 0,
    source: str = "",
    screen: tuple[int, int] | None = None,
    activity: str = "",
    captured_at: float | None = None,
) -> Observation:
    """Wrap window roots into an Observation, inferring screen size and dialogs."""
    cued = [any(n.resource_id in DIALOG_CUES for n in w.walk()) for w in windows]
    return _observation(
        windows,
        cued,
        rotation=rotation,
        source=source,
        screen=screen,
        activity=activity,
        captured_at=captured_at,
    )


def _observation(
    windows: tuple[Node, ...],
    dialog_cued: list[bool],
    *,
    rotation: int = 0,
    source: str = "",
    screen: tuple[int, int] | None = None,
    activity: str = "",
    captured_at: float | None = None,
) -> Observation:
    width, height = screen if screen else _infer_screen(windows)
    windows = tuple(
        _mark_dialog(w, c, width, height) for w, c in zip(windows, dialog_cued, strict=True)
    )
    # The foreground app: the topmost window's; System UI's only when no app window has one.
    packages = [w.package for w in windows if w.package]
    apps = [p for p in packages if p != SYSTEM_UI]
    package = (apps or packages or [""])[-1]
    return Observation(
        windows=windows,
        width=width,
        height=height,
        rotation=rotation,
        package=package,
        activity=activity,
        captured_at=captured_at,
        source=source,
    )


def _infer_screen(windows: tuple[Node, ...]) -> tuple[int, int]:
    width = height = 0
    for window in windows:
        b = window.bounds
        if b.area == 0:  # empty or inverted: it occupies no part of the screen
            continue
        # A floating window (dialog-only dump) sits centred: mirror its margins. A window
        # flush with the screen's left edge floats on neither axis (an app in split screen's
        # lower half, a bottom sheet's window): the screen ends where it ends.
        floats = b.left > 0 and b.top > 0
        width = max(width, b.right + (b.left if floats else 0))
        height = max(height, b.bottom + (b.top if floats else 0))
    return width, height


def _mark_dialog(window: Node, cued: bool, width: int, height: int) -> Node:
    """Give a window root the role "dialog" when it is an alert-style or floating window.

    ``cued``: the window holds a node with an AlertDialog resource id.
    """
    if window.role == "dialog":
        return window
    b = window.bounds
    floating = b.area > 0 and b.left > 0 and b.top > 0 and b.right < width and b.bottom < height
    if floating or (cued and b.area < width * height * 0.9):
        return _replace_role(window, "dialog")
    return window


def _replace_role(node: Node, role: str) -> Node:
    from dataclasses import replace

    return replace(node, role=role)


__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "build_observation",
    "parse_bool",
    "parse_bounds",
    "parse_uiautomator",
]
