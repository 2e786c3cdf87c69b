"""Diff two observations into an ObservationDiff, and apply one back."""
