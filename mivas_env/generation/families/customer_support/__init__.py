"""customer_support task families (Brightwell Home), one module per category of
``tasks/customer_support/README.md`` (C1..C12); ``common`` holds what they share, ``returns`` the
return C5 and C6 open, ``near_misses`` the self-check's wrong runs, ``templates/`` their words."""

from mivas_env.generation.families import collect

FAMILIES = collect(__name__)
