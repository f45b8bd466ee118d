"""C5 return with a reason: the reason is locked (a final-sale item opens only for a qualifying one)."""

from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.families.customer_support.returns import returns_case

FAMILY = kit.shop_family("C5", "rma_with_reason", lambda scene: returns_case(scene, with_reason=True))
