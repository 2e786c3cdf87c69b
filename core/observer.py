"""The pipeline in one call: two observations in, a budgeted delta (text and JSON) out.

:class:`Observer` keeps the last frame and its index, so element numbers stay
stable across a session of steps; :func:`observe_delta` is the one-shot form.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> a = parse_uiautomator('<hierarchy><node class="android.widget.Switch" text="Wi-Fi"'
    ...     ' checkable="true" bounds="[0,0][100,40]"/></hierarchy>')
    >>> b = parse_uiautomator('<hierarchy><node class="android.widget.Switch" text="Wi-Fi"'
    ...     ' checkable="true" checked="true" bounds="[0,0][100,40]"/></hierarchy>')
    >>> print(observe_delta(a, b).text)
    ~ [0] switch "Wi-Fi" (checked: false→true)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from functools import partial

from deltarec.core.capture.gc_pause import gc_paused
from deltarec.core.diff import screen_memory
from deltarec.core.diff.across import crossed, pages
from deltarec.core.diff.came_back import Books
from deltarec.core.diff.compute import Delta, compute_delta
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.new_rows import hedged, two_readings
from deltarec.core.diff.observation_diff import to_json
from deltarec.core.diff.screen_labels import RECALL_KEPT as RECALL_KEPT
from deltarec.core.diff.screen_labels import _shown_texts as _shown_texts
from deltarec.core.diff.screen_labels import _still_shows
from deltarec.core.diff.screen_labels import labels_by_texts as labels_by_texts
from deltarec.core.diff.screen_labels import same_label as same_label
from deltarec.core.diff.screen_labels import screen_label as screen_label
from deltarec.core.diff.screen_memory import Seen, candidates, remember, screen_of
from deltarec.core.diff.screens import is_new_screen, screen_title
from deltarec.core.diff.strips_back import recalled_delta
from deltarec.core.diff.types import ChangeKind, ObservationDiff
from deltarec.core.diff.undone import undone
from deltarec.core.diff.volatile import DEFAULT_VOLATILE, Volatile, system_bars
from deltarec.core.observe.again import bar_pairs
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex, Layout, build_index, layout, note_numbers
from deltarec.core.observe.model import Observation
from deltarec.core.render.budget import fit
from deltarec.core.render.delta_text import Line, delta_entries, swapped_dialogs
from deltarec.core.render.facts import short_lines
from deltarec.core.render.frame_text import frame_lines, frame_tokens_floor, render_frame
from deltarec.core.render.tokens import count_tokens, tokens_at_least

FULL_FRAME_MARK = "» full frame (cheaper than the delta)"
"""First line of a full frame sent in place of a delta that would have cost more."""

MEMORY = 32
"""How many recent screens an :class:`Observer` remembers. An agent reads screens, not frames:
the Playground has eight activities besides the launcher, and each message read is a screen:
eight screens forgot the launcher within one tour (``tests/core/mcp/agent_walk.py``)."""
MEMORY_NODES = 50_000
"""How many nodes the remembered screens may hold in all: past it the oldest are forgotten
(the latest is always kept): 32 real screens of a few hundred nodes each, not 32 MB dumps."""


@dataclass(frozen=True, slots=True)
class IndexOptions:
    """How a frame is indexed: viewport ``[x, y, w, h]``, cap, interactive filter."""

    viewport: Sequence[int] | None = None
    max_elements: int | None = None
    interactive_only: bool = False


@dataclass(frozen=True, slots=True)
class DeltaResult:
    """A rendered delta: the text, the structured diff, and the new frame's index."""

    text: str
    delta: Delta
    prev_index: ElementIndex
    index: ElementIndex
    entries: list[Line]
    """Every line with its kind, before the budget cut ``text``."""
    new_screen: bool = False
    """The step moved to another screen (:func:`deltarec.core.diff.screens.is_new_screen`)."""
    full_frame: bool = False
    """``text`` is the full frame (marked by :data:`FULL_FRAME_MARK`): the delta cost more."""
    followed: tuple[ElementIndex, ...] = ()
    """Frames a caller's numbers follow through to ``prev_index``: a recalled entry frame's
    screen's latest frame, whose numbers it took (:meth:`Observer._recall`)."""

    @property
    def diff(self) -> ObservationDiff:
        return hedged(self.delta, to_json(self.delta))

    @property
    def empty(self) -> bool:
        return self.delta.empty


def index_frame(
    frame: Frame,
    options: IndexOptions = IndexOptions(),
    *,
    previous: ElementIndex | None = None,
    pairs: dict[int, int] | None = None,
    commit: bool = True,
    screen: str | None = None,
    fresh: AbstractSet[int] = frozenset(),
    back: Mapping[int, int] | None = None,
) -> ElementIndex:
    """Number ``frame`` (:func:`~deltarec.core.observe.index.build_index`). ``screen`` labels
    the screen it shows (numbers come back by key only on a screen labelled alike); None: the
    label of ``previous``, or with none what the frame shows (:func:`screen_label`)."""
    label = screen_label(frame) if screen is None and previous is None else screen
    return build_index(
        frame,
        viewport=options.viewport,
        max_elements=options.max_elements,
        interactive_only=options.interactive_only,
        previous=previous,
        pairs=pairs,
        commit=commit,
        screen=label,
        fresh=fresh,
        recalled=back,
    )


@gc_paused()  # nothing a step builds is a cycle (capture/gc_pause.py)
def observe_delta(
    prev: Observation | Frame,
    curr: Observation | Frame,
    *,
    volatile: Volatile = DEFAULT_VOLATILE,
    options: IndexOptions = IndexOptions(),
    prev_index: ElementIndex | None = None,
    max_lines: int | None = 40,
    max_tokens: int | None = None,
    back_to: str | None = None,
    delta: Delta | None = None,
    gesture: Gesture | None = None,
    label: Callable[[Frame], str] | None = None,
    back: Mapping[int, int] | None = None,
    again: Callable[[Frame, str], Mapping[int, int]] | None = None,
) -> DeltaResult:
    """Diff ``prev`` → ``curr`` and render it. ``prev_index`` keeps numbers from earlier steps.

    A delta never costs more tokens than the full frame (the elements form, at the same
    budget): when it would, the text is that frame under :data:`FULL_FRAME_MARK`. ``back_to``
    renders the delta as a return to a remembered screen (:class:`Observer`); ``delta`` is
    ``compute_delta(prev, curr)`` when the caller has it; ``gesture`` the step's touch when the
    caller knows it (:mod:`deltarec.core.diff.gesture`); ``label`` names the screen a step
    moved to (default :func:`screen_label`; the :class:`Observer` gives a screen it remembers
    as it was its label back); ``back``: numbers given back to elements ``delta`` left
    unpaired (:mod:`deltarec.core.diff.undone`); ``again``: on a new screen, the numbers its
    elements had when a screen of that label was last shown (:meth:`Observer._again`).
    """
    if delta is None:
        delta = compute_delta(prev, curr, volatile=volatile, gesture=gesture)
    if prev_index is None or prev_index.frame is not delta.prev:
        prev_index = index_frame(delta.prev, options, previous=prev_index)
    pairs = crossed(delta.prev, delta.curr, delta.pairs, pages(delta.scrolls), delta.gesture)
    # The frame is numbered once, after it is known whether the step moved to another screen
    # (neither question reads a number: the frame's layout answers both).
    curr, fresh = delta.curr, two_readings(delta)  # numbered anew
    pairs = {c: p for c, p in pairs.items() if c not in fresh} if fresh else pairs
    placed = layout_of(curr, options)
    swaps = swapped_dialogs(delta, prev_index, placed)
    if swaps:  # another dialog in the window of the last: its elements are other elements
        fresh |= curr.under(c for _, c in swaps)
        pairs = {c: p for c, p in pairs.items() if c not in fresh}
    new_screen = back_to is None and is_new_screen(delta, prev_index, placed)
    if new_screen:  # another screen's label is not this one's: numbers go by element only
        screen = (label or screen_label)(curr)
        bars = bar_pairs(pairs, system_bars(curr), system_bars(delta.prev))  # observe/again.py
        back = again(curr, screen) if again is not None else None
        index = index_frame(
            curr, options, previous=prev_index, pairs=bars, commit=False, screen=screen, back=back
        )
    else:
        index = index_frame(
            curr, options, previous=prev_index, pairs=pairs, commit=False, fresh=fresh, back=back
        )
    note_numbers(index)
    entries = delta_entries(delta, prev_index, index, new_screen=new_screen, back_to=back_to)
    lines = [e.text for e in entries] or ["no change"]
    text = fit(lines, max_lines=max_lines, max_tokens=max_tokens, short=short_lines(entries))
    full_frame = False
    # Never dearer than the full frame. Tokens follow characters closely within one
    # vocabulary, and a frame line is at least its label plus ~20 characters: a delta under
    # half that estimate needs neither the frame rendered nor a token counted (a token
    # budget cuts both unpredictably: then they are always counted).
    shown = index.elements if max_lines is None else index.elements[: max(0, max_lines)]
    estimate = sum(len(e.name) + 20 for e in shown)
    if entries and (max_tokens is not None or 2 * len(text) > estimate):
        # A delta within the frame's floor (frame_tokens_floor, read off the index) needs no
        # frame rendered: it is within the frame's lower bound, so it is kept as below.
        tokens = count_tokens(text) if max_tokens is None else None
        if tokens is None or tokens > frame_tokens_floor(index, max_lines=max_lines):
            full = [FULL_FRAME_MARK, *frame_lines(index, tree=False)]
            marked = fit(full, max_lines=max_lines, max_tokens=max_tokens)
            if 2 * len(text) > len(marked):
                tokens = count_tokens(text) if tokens is None else tokens
                if tokens > tokens_at_least(marked) and tokens > count_tokens(marked):
                    text, full_frame = marked, True
    return DeltaResult(text, delta, prev_index, index, entries, new_screen, full_frame)


def layout_of(frame: Frame, options: IndexOptions = IndexOptions()) -> Layout:
    """What :func:`index_frame` would number with ``options``, unnumbered
    (:func:`~deltarec.core.observe.index.layout`)."""
    return layout(
        frame,
        viewport=options.viewport,
        max_elements=options.max_elements,
        interactive_only=options.interactive_only,
    )


def observe_frame(
    obs: Observation,
    *,
    options: IndexOptions = IndexOptions(),
    tree: bool = True,
    max_lines: int | None = None,
    max_tokens: int | None = None,
) -> str:
    """The full frame as text (what a delta saves an agent from re-reading)."""
    return render_frame(
        index_frame(Frame(obs), options), tree=tree, max_lines=max_lines, max_tokens=max_tokens
    )


class Observer:
    """Keeps the baseline frame between steps so ``[i]`` numbers stay stable.

    ``step(curr)`` returns the delta from the baseline and makes ``curr`` the new
    baseline; ``reset(curr)`` sets a baseline without a delta (a full snapshot).

    Memory: the last :data:`MEMORY` screens shown are kept (:data:`MEMORY_NODES` nodes in
    all at most), each as the latest frame of it shown (a screen is its package, activity
    and title) and the frames its last visits were entered showing (a fresh instance at its
    top: :mod:`deltarec.core.diff.screen_memory`). When a step moves to a new screen (or a
    dialog closes back to the window behind it) that matches one of them (a row cut to a
    strip then, whole now) — the delta from it is not a new screen — the delta is taken
    from that frame instead: ``» back to InboxActivity "Inbox" (as after step 3)``, what
    differs since then, and the ``[i]`` numbers it had. Cost: one extra diff per
    remembered frame of the same app and activity, only on steps that change screen. And
    the baseline before the last (``before``): a list back as it was then (an undo) keeps
    its elements' numbers. And per list scrolled by exact offsets, where its rows sit in
    its content (``books``, :mod:`deltarec.core.diff.came_back`): a row that scrolled out
    and comes back, confirmed
    by what it shows, keeps its number.
    """

    def __init__(
        self,
        options: IndexOptions = IndexOptions(),
        volatile: Volatile = DEFAULT_VOLATILE,
        *,
        memory: int = MEMORY,
    ):
        self.options = options
        self.volatile = volatile
        self.index: ElementIndex | None = None
        self.recent: deque[Seen] = deque(maxlen=max(0, memory))
        self.steps = 0
        self.before: ElementIndex | None = None
        self.twinned: AbstractSet[int] = frozenset()
        """Positions of the baseline's frame a hedge numbered anew in the step that showed it
        (:func:`~deltarec.core.diff.new_rows.two_readings`): an undo keeps such a sliver's
        pair where it holds it again, or holds it in its box (:mod:`.diff.undone`)."""
        self.books = Books()  # the scrolled lists': a row that comes back keeps its number

    @property
    def baseline(self) -> Observation | None:
        return self.index.frame.obs if self.index is not None else None

    def reset(self, obs: Observation, *, step: int | None = None) -> ElementIndex:
        # numbered on from the last index: a number is never given to another element
        frame = Frame(obs)
        label, self.before, self.twinned = self._label(frame), None, frozenset()
        self.books.clear()
        was, self.index = (
            self.index,
            index_frame(frame, self.options, previous=self.index, screen=label),
        )
        self._remember(
            self.index, step, entered=was is None or screen_of(was) != screen_of(self.index)
        )
        return self.index

    def remember(
        self,
        index: ElementIndex,
        *,
        step: int | None = None,
        pairs: Mapping[int, int] | None = None,
    ) -> None:
        """Make ``index`` the baseline, as a frame the caller was shown whole; ``pairs``: the
        baseline's and ``index``'s frames matched, when the caller numbered it with them."""
        self.books.shown_whole(self.index, index, pairs)  # its lists' books, where they stayed
        was, self.index, self.before, self.twinned = self.index, index, None, frozenset()
        self._remember(index, step, entered=was is None or screen_of(was) != screen_of(index))

    def _label(self, frame: Frame) -> str:
        """The label of the screen ``frame`` shows: the label of the latest remembered
        screen of its app and activity that it still mostly shows (:func:`_still_shows`),
        else a new one (:func:`screen_label`). So the elements of a screen seen before
        take their numbers back by key, and those of another item of the same activity
        (another message) never do."""
        obs = frame.obs
        for seen in reversed(self.recent):
            old = seen.index.frame
            same = (old.obs.package, old.obs.activity) == (obs.package, obs.activity)
            if same and _still_shows(old, frame):
                return seen.index.screen
        return screen_label(frame)

    def _again(self, frame: Frame, label: str) -> dict[int, int]:
        """A new screen ``frame`` (a relaunch that differs): :func:`.diff.screen_memory.again`."""
        return screen_memory.again(
            self.recent, layout_of(frame, self.options), label, self.volatile
        )

    def _remember(self, index: ElementIndex, step: int | None, *, entered: bool) -> None:
        """Remember ``index`` as its screen's latest frame (screens, not frames, fill memory),
        and as a frame it was entered showing when ``entered`` (:mod:`.diff.screen_memory`)."""
        step = self.steps if step is None else step
        remember(self.recent, index, step, entered=entered, nodes=MEMORY_NODES)

    @gc_paused()
    def step(
        self,
        curr: Observation,
        *,
        max_lines: int | None = 40,
        max_tokens: int | None = None,
        step: int | None = None,
        gesture: Gesture | None = None,
        launched: bool = False,
    ) -> DeltaResult:
        """The delta from the baseline to ``curr`` (which becomes the baseline).

        ``step`` labels this step in later ``» back to … (as after step N)`` lines
        (default: this observer's own count of steps, from 1); ``gesture`` is the step's
        touch when the caller knows it (evidence for scrolls; not used for a delta taken
        from a remembered screen, which spans other steps). ``launched``: the step started
        an activity, which either brings back the instance the caller saw, as it was, or
        starts a fresh one: a remembered screen is recalled only when nothing differs.
        """
        self.steps += 1
        if self.index is None:
            self.reset(curr, step=step)
        assert self.index is not None
        delta = compute_delta(self.index.frame, curr, volatile=self.volatile, gesture=gesture)
        rows = self.books.recall(delta, self.index, layout_of(delta.curr, self.options))
        result = self._delta(
            self.index, curr, max_lines=max_lines, max_tokens=max_tokens, delta=delta, back=rows
        )
        if result.new_screen:
            result = self._recall(
                result, max_lines=max_lines, max_tokens=max_tokens, launched=launched
            )
        elif self.before and (
            again := undone(result.delta, self.before, self.index, self.volatile, self.twinned)
        ):
            delta, back = again[0], {**rows, **again[1]}  # lists two steps ago, back
            result = self._delta(
                self.index, curr, max_lines=max_lines, max_tokens=max_tokens, delta=delta, back=back
            )
        kept = result.prev_index is self.index and not result.new_screen
        entered = not kept
        if not kept:  # left the screen: its books wait with its frame; a recalled one's return
            self.books.shelve(self.index)
            if not result.new_screen:  # recalled: its books, and rows pushed out since then
                placed = layout_of(result.delta.curr, self.options)
                self.books.come_back(result.delta, result.prev_index, placed)
                kept = True
        self.books.note(result.index, kept=kept)
        self.twinned = frozenset() if result.new_screen else two_readings(result.delta)
        self.before, self.index = self.index, result.index
        self._remember(result.index, step, entered=entered)
        self.books.prune(seen.index for seen in self.recent)  # an entry frame has none
        return result

    def _delta(
        self,
        since: ElementIndex,
        curr: Observation | Frame,
        *,
        max_lines: int | None,
        max_tokens: int | None,
        back_to: str | None = None,
        delta: Delta | None = None,
        back: Mapping[int, int] | None = None,
    ) -> DeltaResult:
        """:func:`observe_delta` from a frame this observer showed, with its settings (the
        step's gesture, if any, is in ``delta``)."""
        return observe_delta(
            since.frame,
            curr,
            volatile=self.volatile,
            options=self.options,
            prev_index=since,
            max_lines=max_lines,
            max_tokens=max_tokens,
            back_to=back_to,
            delta=delta,
            label=self._label,
            back=back,
            again=self._again,
        )

    def _recall(
        self,
        result: DeltaResult,
        *,
        max_lines: int | None,
        max_tokens: int | None,
        launched: bool = False,
    ) -> DeltaResult:
        """The delta from a remembered frame of the same screen, if one matches.

        Only when the step left the screen it started on (a dialog closed, another
        activity, or with none known another package or title): a list scrolled by a page
        or more is still the same screen. A remembered frame from which the screen's content
        scrolled is not recalled: a screen one comes back to shows what it showed (Android
        keeps its offset), so a list elsewhere is another instance of the activity (a
        relaunch starts at the top), a new screen, never ``» back to`` and a page scroll; so
        is one the screen no longer mostly shows (:func:`_still_shows`). A new instance that
        shows what the remembered one showed (a form started again, emptied) is that screen
        come back: its lines state what differs since that step, under the numbers it had
        (an entry frame with the numbers the screen's latest frame gave,
        :func:`.screen_memory.carried`; the latest, with the numbers an entry frame gave the
        elements it took out since, :func:`.screen_memory.came_back`).
        """
        curr = result.delta.curr
        obs = curr.obs
        before = result.delta.prev.obs
        closed = [e for e in result.entries if e.kind is ChangeKind.WINDOW_CLOSED]
        if (
            not closed
            and obs.package == before.package
            and (
                obs.activity == before.activity
                if obs.activity and before.activity
                else screen_title(result.prev_index) == screen_title(result.index)
            )
        ):
            return result

        tell = partial(self._delta, curr=curr, max_lines=max_lines, max_tokens=max_tokens)
        title = screen_title(result.index)
        for seen in reversed(self.recent):
            was = seen.index.frame.obs
            if obs.package and was.package and was.package != obs.package:
                continue
            if obs.activity and was.activity and was.activity != obs.activity:
                continue
            if title and seen.screen[2] and seen.screen[2] != title:
                continue  # the same activity showing another item (another message) is new
            for index, step in candidates(seen):  # as left, else as entered (a new instance)
                old = index.frame
                if old is result.delta.prev:
                    continue
                delta = recalled_delta(old, curr, self.volatile)  # cut strips whole again
                if (
                    is_new_screen(delta, index, layout_of(curr, self.options))
                    or delta.scrolls
                    or not _still_shows(old, curr)
                ):
                    continue  # a screen comes back as it was left: scrolled, it is a new instance
                back = tell(index, back_to=f"as after step {step}", delta=delta)
                if launched and any(e.kind is not ChangeKind.SCREEN for e in back.entries):
                    continue  # a launched screen that differs is a fresh instance (step docstring)
                break
            else:
                continue
            at = f"as after step {step}"
            if index is not seen.index:  # an entry frame: its elements' numbers, their last
                number = partial(index_frame, options=self.options)
                index = screen_memory.carried(seen, index, self.volatile, number)
                back = replace(tell(index, back_to=at, delta=back.delta), followed=(seen.index,))
            elif given := screen_memory.came_back(seen, back.delta, self.volatile):
                back = tell(index, back_to=at, delta=back.delta, back=given)  # rows taken out
            if not closed or back.full_frame:
                return back
            # The dialog the caller last saw closed: say so before the screen it left.
            entries = closed + back.entries
            lines, short = [e.text for e in entries], short_lines(entries)
            text = fit(lines, max_lines=max_lines, max_tokens=max_tokens, short=short)
            return replace(back, text=text, entries=entries)
        return result
