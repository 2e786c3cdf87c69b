"""The device screen: the latest screenshot scaled to fit, element boxes, and pointer input.

Widget coordinates map to device pixels through the rectangle the screenshot
is drawn in (:meth:`ScreenView.to_device` / :meth:`ScreenView.to_widget`).
Input becomes signals, in device pixels:

- click → ``tapped(x, y, False)``; right-click, or a press held for
  :data:`LONG_PRESS_MS` → ``tapped(x, y, True)`` (a long press);
- press, move more than :data:`DRAG_PX` widget pixels, release → ``swiped(x1, y1, x2, y2)``;
- mouse wheel → ``swiped`` through the point under the pointer: a quarter of
  the screen's height per notch, the finger moving the way the content should
  (wheel down → content moves up → the finger swipes up), as a scroll swipe; a
  quick burst of notches is one swipe (:mod:`deltarec.app.wheel`);
- hover → ``hovered(element or None)`` and a box around the element under the
  pointer, with its ``[i] role "name"`` as the tooltip.

A ``caption`` (:meth:`ScreenView.set_caption`: "step 3 · after", "picking") is drawn as a
badge over the top of the picture, so a picture that is not the phone says so where
the person looks.

While ``busy`` the view dims and ignores clicks (a step is running; a click
then would act on a screen that is about to change) but still tracks hover.
"""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from deltarec.app.wheel import WheelBurst, wheel_swipe
from deltarec.core.observe.index import ElementIndex, IndexedElement, element_at

DRAG_PX = 12
"""A press that moves farther than this (widget pixels) is a swipe, not a tap."""
LONG_PRESS_MS = 600
"""A press held this long without moving is a long press."""
MARGIN = 8


def element_label(element: IndexedElement) -> str:
    """``[i] role "name"``, as the delta text names an element."""
    return f'[{element.index}] {element.role} "{element.name}"'


def smallest_at(index: ElementIndex | None, x: int, y: int) -> IndexedElement | None:
    """The innermost numbered element under the point (the recorder's rule, on a view's index)."""
    return element_at(index, x, y)


class ScreenView(QWidget):
    """Shows one screen of the device and turns pointer input into device actions."""

    tapped = Signal(int, int, bool)
    swiped = Signal(int, int, int, int)
    hovered = Signal(object)  # IndexedElement | None
    shown = Signal()  # a screen was painted for the first time since set_screen

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setMinimumSize(240, 400)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self._image: QImage | None = None
        self._scaled: QPixmap | None = None
        self._size = (0, 0)
        self._index: ElementIndex | None = None
        self._hover: IndexedElement | None = None
        self._selected: IndexedElement | None = None
        self._press: QPointF | None = None
        self._press_button = Qt.MouseButton.NoButton
        self._held = QElapsedTimer()
        self._busy = False
        self.wheel = WheelBurst(self)
        self.wheel.burst.connect(self._wheel_swipe)
        self._painted = True
        self.caption = ""

    # --------------------------------------------------------------------- API
    def sizeHint(self) -> QSize:
        return QSize(420, 860)

    @property
    def index(self) -> ElementIndex | None:
        return self._index

    @property
    def hovered_element(self) -> IndexedElement | None:
        return self._hover

    def set_screen(self, image: QImage | None, size: tuple[int, int],
                   index: ElementIndex | None) -> None:  # fmt: skip
        """Show a new screen (``size``: device pixels; ``image`` may be None)."""
        if image is not self._image:
            self._image, self._scaled = image, None
        if image is not None and not all(size):
            size = (image.width(), image.height())
        self._size = size
        self._index = index
        self._hover = None
        self._selected = None
        self._painted = False
        self.update()

    def set_picture(self, image: QImage) -> None:
        """A newer picture of the same recording screen (boxes and numbers stay)."""
        if image is not self._image:
            self._image, self._scaled = image, None
            self.update()

    def set_caption(self, text: str) -> None:
        """A badge over the picture ("" for none)."""
        if text != self.caption:
            self.caption = text
            self.update()

    def set_busy(self, busy: bool) -> None:
        self._busy = busy
        self.setCursor(Qt.CursorShape.BusyCursor if busy else Qt.CursorShape.PointingHandCursor)
        self.update()

    def select(self, element: IndexedElement | None) -> None:
        """Outline ``element`` (the inspector's), besides the hovered one."""
        self._selected = element
        self.update()

    def screen_rect(self) -> QRectF:
        """Where the screen is drawn: the device's aspect ratio, centred, fitted."""
        w, h = self._size
        area = QRectF(self.rect()).adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        if w <= 0 or h <= 0 or area.width() <= 0 or area.height() <= 0:
            return QRectF()
        scale = min(area.width() / w, area.height() / h)
        sw, sh = w * scale, h * scale
        return QRectF(area.center().x() - sw / 2, area.center().y() - sh / 2, sw, sh)

    def to_device(self, point: QPointF | QPoint) -> tuple[int, int] | None:
        """Device pixels of a widget point; None outside the screen."""
        rect = self.screen_rect()
        p = QPointF(point)
        if rect.isEmpty() or not rect.contains(p):
            return None
        w, h = self._size
        x = int((p.x() - rect.left()) * w / rect.width())
        y = int((p.y() - rect.top()) * h / rect.height())
        return min(max(x, 0), w - 1), min(max(y, 0), h - 1)

    def to_widget(self, x: int, y: int) -> QPoint:
        """The widget point that maps to device pixel ``(x, y)`` (for tests and overlays)."""
        rect = self.screen_rect()
        w, h = self._size
        px = rect.left() + (x + 0.5) * rect.width() / w
        py = rect.top() + (y + 0.5) * rect.height() / h
        return QPoint(int(px), int(py))

    def element_rect(self, element: IndexedElement) -> QRectF:
        rect = self.screen_rect()
        w, h = self._size
        b = element.bounds
        sx, sy = rect.width() / w, rect.height() / h
        return QRectF(rect.left() + b.left * sx, rect.top() + b.top * sy,
                      b.width * sx, b.height * sy)  # fmt: skip

    # ------------------------------------------------------------------- input
    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._press = event.position()
        self._press_button = event.button()
        self._held.start()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = self.to_device(event.position())
        element = smallest_at(self._index, *point) if point is not None else None
        if element is not self._hover:
            self._hover = element
            self.hovered.emit(element)
            self.update()
        if element is not None:
            QToolTip.showText(event.globalPosition().toPoint(), element_label(element), self)
        else:
            QToolTip.hideText()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        start, button = self._press, self._press_button
        self._press = None
        if start is None or self._busy:
            return
        begin, end = self.to_device(start), self.to_device(event.position())
        if begin is None:
            return
        moved = (event.position() - start).manhattanLength() > DRAG_PX
        if moved and end is not None:
            self.swiped.emit(begin[0], begin[1], end[0], end[1])
        elif not moved:
            long = button == Qt.MouseButton.RightButton or self._held.elapsed() >= LONG_PRESS_MS
            self.tapped.emit(begin[0], begin[1], long)

    def wheelEvent(self, event: QWheelEvent) -> None:
        notches = event.angleDelta().y() / 120
        point = self.to_device(event.position())
        if self._busy or point is None or not notches:
            return
        self.wheel.add(*point, notches)  # a quick burst of notches is one swipe
        event.accept()

    def _wheel_swipe(self, x: int, y: int, notches: float) -> None:
        swipe = wheel_swipe(x, y, notches, self._size[1])
        if abs(swipe[3] - y) >= DRAG_PX:
            self.swiped.emit(*swipe)

    def leaveEvent(self, event: object) -> None:
        if self._hover is not None:
            self._hover = None
            self.hovered.emit(None)
            self.update()

    # ----------------------------------------------------------------- drawing
    def resizeEvent(self, event: QResizeEvent) -> None:
        self._scaled = None
        super().resizeEvent(event)

    def _pixmap(self, rect: QRect) -> QPixmap | None:
        if self._image is None:
            return None
        if self._scaled is None or self._scaled.size() != rect.size():
            image = self._image.scaled(rect.size(), Qt.AspectRatioMode.IgnoreAspectRatio,
                                       Qt.TransformationMode.SmoothTransformation)  # fmt: skip
            self._scaled = QPixmap.fromImage(image)
        return self._scaled

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.screen_rect()
        if rect.isEmpty():
            painter.setPen(QColor("#8a8f98"))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "Connecting…")
            return
        frame = rect.adjusted(-4, -4, 4, 4)
        painter.setPen(QPen(QColor("#2b2f36"), 2))
        painter.setBrush(QColor("#101216"))
        painter.drawRoundedRect(frame, 10, 10)
        pixmap = self._pixmap(rect.toAlignedRect())
        if pixmap is not None:
            painter.drawPixmap(rect.toAlignedRect(), pixmap)
        else:
            self._draw_wireframe(painter)
        if self._selected is not None:
            painter.setPen(QPen(QColor("#3d7eff"), 2, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(self.element_rect(self._selected))
        if self._hover is not None:
            self._draw_hover(painter, self._hover)
        if self._busy:
            painter.fillRect(rect, QColor(16, 18, 22, 70))
        if self.caption:
            self._draw_caption(painter, rect)
        if not self._painted:
            self._painted = True
            self.shown.emit()

    def _draw_wireframe(self, painter: QPainter) -> None:
        """Element boxes only (a session recorded without screenshots)."""
        if self._index is None:
            return
        painter.setPen(QPen(QColor("#3a404a"), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for element in self._index.elements:
            painter.drawRect(self.element_rect(element))

    def _draw_caption(self, painter: QPainter, rect: QRectF) -> None:
        painter.setFont(QFont(self.font().family(), 9, QFont.Weight.DemiBold))
        width = painter.fontMetrics().horizontalAdvance(self.caption) + 16
        badge = QRectF(rect.center().x() - width / 2, rect.top() + 6, width, 20)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(31, 35, 40, 210))
        painter.drawRoundedRect(badge, 10, 10)
        painter.setPen(QColor("white"))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, self.caption)

    def _draw_hover(self, painter: QPainter, element: IndexedElement) -> None:
        box = self.element_rect(element)
        painter.setPen(QPen(QColor("#ff8a00"), 2))
        painter.setBrush(QColor(255, 138, 0, 40))
        painter.drawRect(box)
        painter.setFont(QFont(self.font().family(), 8))
        tag = f"[{element.index}]"
        width = painter.fontMetrics().horizontalAdvance(tag) + 6
        badge = QRectF(box.left(), max(box.top() - 15, 0), width, 14)
        painter.fillRect(badge, QColor("#ff8a00"))
        painter.setPen(QColor("white"))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, tag)
