"""deltarec Studio, the PySide6 Script Builder (adapts ``core`` to Qt; no recording logic here)."""

from app.qt_compat import pin_singletons

pin_singletons()  # before any other Qt call: see app.qt_compat
