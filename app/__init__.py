"""deltarec Studio, the PySide6 Script Builder: adapts ``deltarec.core`` to Qt, records nothing."""
