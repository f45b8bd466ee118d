"""Legal task families (Brennan & Adeyemi LLP), one per category of ``tasks/legal/README.md`` and
per module; ``common`` holds the firm and the legal scene, ``intake`` the matters callers bring."""

from mivas_env.generation.families import collect
from mivas_env.generation.families.legal import common

FAMILIES = collect(__name__, common.legal_family)
