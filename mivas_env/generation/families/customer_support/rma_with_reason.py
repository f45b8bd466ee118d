"""C5 return with a reason: the reason is locked (a final-sale item opens only for a qualifying one)."""

from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.families.customer_support.returns import returns_case

CODE = "C5"


def make(scene: kit.ShopScene) -> kit.Draft | None:
    return returns_case(scene, with_reason=True)
