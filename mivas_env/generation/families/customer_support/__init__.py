"""customer_support task families (Brightwell Home), one per category of
``tasks/customer_support/README.md`` (C1..C12), one per module. ``common`` holds the shop and
``ShopScene``, ``returns`` the return both C5 and C6 open, ``near_misses`` the wrong runs the
self-check adds, ``templates/`` the callers' words."""

from mivas_env.generation.families import collect

FAMILIES = collect(__name__)
