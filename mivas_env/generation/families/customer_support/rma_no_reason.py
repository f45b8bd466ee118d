"""C6 return, no reason: the caller never says why, so the gold leaves the reason out."""

from __future__ import annotations

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.families.customer_support.returns import returns_case


def make(scene: kit.ShopScene) -> Draft | None:
    return returns_case(scene, with_reason=False)


FAMILY = kit.shop_family("C6", "rma_no_reason", make)
