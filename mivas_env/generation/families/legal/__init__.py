"""Legal task families (Brennan & Adeyemi LLP), one per category of ``tasks/legal/README.md`` and
per module; ``common`` holds the firm and the legal scene, ``intake`` the matters callers bring."""

from mivas_env.generation.families import collect

FAMILIES = collect(__name__)
