"""customer_support task families (Brightwell Home), one module per category (C1..C12) of
``tasks/customer_support/README.md``; ``common`` holds what they share, ``templates/`` their words."""

from mivas_env.generation.families import collect
from mivas_env.generation.families.customer_support import common

FAMILIES = collect(__name__, common.shop_family)
