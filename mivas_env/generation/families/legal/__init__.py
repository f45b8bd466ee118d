"""Legal task families (Brennan & Adeyemi LLP), one per category of ``tasks/legal/README.md``
(C1..C12), one per module. ``common`` holds the firm and ``Draw`` (the legal scene),
``matters`` what callers bring, ``intake`` the intake they open, ``spelling`` how they spell
a party, ``near_misses`` the wrong runs the self-check adds, ``templates/`` their words."""

from mivas_env.generation.families import collect

FAMILIES = collect(__name__)
