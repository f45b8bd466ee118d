"""C11 return then refund: identity, returns opens the RMA (damaged or wrong item), billing refunds
after checking what was paid (capped by the charge less earlier refunds)."""

from mivas_env.generation.families.customer_support import common as kit

CODE = "C11"
TEXT = kit.family_templates(__name__)
RETURNS_TEXT = kit.family_templates("mivas_env.generation.families.customer_support.returns")
CAPPED = 0.4  # how often the card was charged less than the item's price


def make(scene: kit.ShopScene) -> kit.Draft | None:
    f, rng = scene.shop, scene.rng
    candidates = kit.fit([(o, ln) for o in f.orders if o["status"] == "delivered" and f.in_window(o)
                          and kit.distinct_nouns(o) for ln in f.returnable_lines(o)
                          if min(ln["qty"] * ln["unit_price_cents"], f.refundable(o)) > 0])
    capped = [(o, ln) for o, ln in candidates if f.refundable(o) < ln["qty"] * ln["unit_price_cents"]]
    order, line = rng.choice(capped if capped and rng.random() < CAPPED else candidates)
    c = kit.holder(scene, order, "returns")
    sku = line["sku"]
    line_total = line["qty"] * line["unit_price_cents"]
    remaining = f.refundable(order)
    amount = min(line_total, remaining)
    reason = rng.choice(["damaged", "wrong_item"])
    rma_id = f.next_rma_id()
    method, method_line, method_reaction, method_goal = kit.method_block(scene)
    item = c.about(sku)
    c.tell(return_reason=scene.say(RETURNS_TEXT[f"reason_{reason}"]),
           refund_amount=scene.say(kit.CALLER["c3_line_ask"], noun=item, amount=kit.money(line_total)),
           refund_method=method_line)
    c.reactions += kit.other_item_reaction(scene, order, sku)
    c.react(TEXT["refund_too"], [rma_id[-4:], "rma"], unless=["refund"])
    c.reactions.append(method_reaction)
    variant = "capped" if amount < line_total else "full"
    if variant == "capped":
        c.react(TEXT["why_less"], kit.money_phrases(amount), unless=TEXT.words("less_words"),
                full=kit.money(line_total))
    slots = {"remaining": kit.money(remaining), "money": kit.money(amount),
             "gift": TEXT.line("gift") if order["paid_cents"] < order["total_cents"] else ""}
    c.say.update(reason=reason.replace("_", " "), what=TEXT.line(f"what {reason}"), rma_id=rma_id,
                 money=kit.money(amount), how=kit.CALLER.line(f"how {method}"),
                 why=TEXT.of("why", variant, **slots), explain=TEXT.of("explain", variant, **slots))
    c.opening = scene.openings(TEXT[f"openings_{reason}"], noun=item)
    c.calls += [kit.call("create_rma", order_id=order["order_id"], sku=sku, reason=reason),
                *kit.refund_calls(order, amount, method)]
    return kit.shop_draft(c, TEXT, tags=["write", "multi_hop"], goal={
        "tools_ok": ["verify_identity", "create_rma", "issue_refund"],
        "agent_says_all": [kit.money_phrases(amount)[0], *method_goal], "agent_says_any": [rma_id[-4:]]})
