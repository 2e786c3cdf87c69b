"""Recording: turn a person's clicks on a device into script steps with deltas."""
