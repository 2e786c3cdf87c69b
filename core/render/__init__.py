"""Render observations and deltas as text an agent or a person reads."""
