"""Generated tasks: task families over seeded worlds, locked and self-checked (issue 10).

``generate(industry, split, n, seed)`` yields instances; ``mivas tasks generate`` writes them
as lockfiles; the ``mivas/<industry>-gen-v0`` environments generate one per ``reset``."""

from mivas_env.evaluation.authoring import NearMiss
from mivas_env.generation.core import (
    Family,
    GenerationError,
    Instance,
    Stats,
    World,
    generate,
    generate_one,
    load_world,
)
from mivas_env.generation.families import families, industries

__all__ = ["Family", "GenerationError", "Instance", "NearMiss", "Stats", "World", "families",
           "generate", "generate_one", "industries", "load_world"]
