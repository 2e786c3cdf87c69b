"""The ``AC_*`` commands, by category; :mod:`core.executor.registry` lists them all."""

from __future__ import annotations
