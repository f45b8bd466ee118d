"""C6 return, no reason: the caller never says why, so the gold leaves the reason out."""

from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.families.customer_support.returns import returns_case

FAMILY = kit.shop_family("C6", "rma_no_reason", lambda scene: returns_case(scene, with_reason=False))
