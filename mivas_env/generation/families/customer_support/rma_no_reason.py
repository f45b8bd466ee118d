"""C6 return, no reason: the caller never says why, so the gold leaves the reason out."""

from __future__ import annotations

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support.common import ShopScene, shop_family
from mivas_env.generation.families.customer_support.returns import returns_case


def make(scene: ShopScene) -> Draft | None:
    return returns_case(scene, with_reason=False)


FAMILY = shop_family("C6", "rma_no_reason", make)
