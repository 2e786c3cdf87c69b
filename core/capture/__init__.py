"""Capture: turn raw device output (uiautomator XML, element dicts, JSON) into observations."""
