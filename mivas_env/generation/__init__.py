"""Generated tasks: task families over seeded worlds (see core.py)."""
