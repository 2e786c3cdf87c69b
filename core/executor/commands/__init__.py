"""The ``AC_*`` commands, by category; :mod:`deltarec.core.executor.registry` lists them all."""

from __future__ import annotations
