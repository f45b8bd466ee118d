"""customer_support near-misses beside the core's: from memory (T), the other refund method, an invented
defect, the account ZIP, the caller's other order (T or D), for refusals a verify-and-cancel (D)."""

from typing import Any, Literal

from mivas_env.evaluation.authoring import NearMiss
from mivas_env.generation.core import Draft, World
from mivas_env.generation.lockfile import gold_run

Gate = Literal["T", "H", "D", "any"]
OTHER_METHOD = {"original_payment": "store_credit", "store_credit": "original_payment"}


def near_misses(world: World, data: Draft) -> list[NearMiss]:
    """The wrong runs of this module's docstring for one draft."""
    gold = gold_run(data)
    if not gold:
        order = next((o for o in world.rows("orders") if o["status"] == "processing"), None)
        if order is None:
            return []
        holder = world.by_id("customers", "customer_id")[order["customer_id"]]
        return [NearMiss("verifies the account holder and cancels their order", (
            ("transfer_to_identity", {}),
            ("verify_identity", {"full_name": holder["full_name"], "zip": holder["zip"],
                                 "email": holder["email"]}),
            ("transfer_to_orders", {}), ("cancel_order", {"order_id": order["order_id"]})), "D")]
    misses = [NearMiss("answers from memory", (), "T")]

    def changed(index: int, key: str, value: Any, what: str, gate: Gate = "D") -> NearMiss:
        calls = list(gold)
        calls[index] = (calls[index][0], {**calls[index][1], key: value})
        return NearMiss(what, tuple(calls), gate)

    listed = next((p["customer_id"] for n, p in gold if n == "list_orders"), None)
    for index, (name, params) in enumerate(gold):
        if listed is not None and name in ("cancel_order", "get_order_status"):
            # the caller's other order: the look-alike an agent without the list would pick
            twin = next((o for o in world.rows("orders") if o["customer_id"] == listed
                         and o["order_id"] != params["order_id"]
                         and (name != "cancel_order" or o["status"] == "processing")), None)
            if twin is not None:
                misses.append(changed(index, "order_id", twin["order_id"], "the other order",
                                      "D" if name == "cancel_order" else "T"))
        if name == "issue_refund":
            other = OTHER_METHOD[params["method"]]
            misses.append(changed(index, "method", other, f"refunds as {other}"))
        elif name == "create_rma" and params.get("reason") == "no_longer_needed":
            misses.append(changed(index, "reason", "defective", "invents a defect"))
        elif name == "update_shipping_address":
            account_zip = next(p["zip"] for n, p in gold if n == "verify_identity")
            misses.append(changed(index, "zip", account_zip, "ships to the account ZIP"))
    return misses
