"""C6 return, no reason: the caller never says why, so the gold leaves the reason out."""

from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.families.customer_support.returns import returns_case

CODE = "C6"


def make(scene: kit.ShopScene) -> kit.Draft | None:
    return returns_case(scene, with_reason=False)
