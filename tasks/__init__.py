"""Task data (industry definitions, seed databases, lockfiles); installed as ``mivas_tasks``."""
