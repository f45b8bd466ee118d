"""Task families, one module per industry (``families/<industry>.py: FAMILIES``)."""
