"""Healthcare task families, one per category of ``tasks/healthcare/README.md`` (C1..C13), one
per module; ``common`` holds what they share, ``templates/`` their caller text by split."""

from mivas_env.generation.families import collect
from mivas_env.generation.families.healthcare import common

FAMILIES = collect(__name__, common.healthcare_family)
