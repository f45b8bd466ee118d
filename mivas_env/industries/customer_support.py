"""Brightwell Home's support line: identity checks, order status and changes, refunds, returns.

Verification is call state: ``verify_identity`` adds a customer id to ``self.verified`` and every
tool that reads an account or changes an order checks the order's customer is in it. Catalog
indexes are built once per seed (module caches keyed on the seed's lists), never per call."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from mivas_env.industries.base import Database, Row, ToolError, ToolServer
from rewards.clock import day as _day
from rewards.industry import Industry, fold_spelling
from rewards.normalize import Normalizer

RETURN_WINDOW_DAYS = 30
LABEL_VALID_DAYS = 14
MAX_VERIFY_ATTEMPTS = 3
TRANSIT_DAYS = {"UPS": 4, "FedEx": 3, "USPS": 5}
# A final-sale item still comes back when it is the store's fault.
FINAL_SALE_REASONS = frozenset({"defective", "damaged", "wrong_item"})
NOT_CANCELLABLE = {
    "shipped": "That order has already shipped, so it can't be cancelled or changed.",
    "delivered": "That order was already delivered; it can be returned instead.",
    "cancelled": "That order is already cancelled.",
    "returned": "That order was already returned.",
}
NOT_REFUNDABLE = {
    "processing": "That order hasn't shipped yet; it needs to be cancelled before a refund.",
    "shipped": "That order is still in transit; a refund can be issued after delivery.",
}
NOT_RETURNABLE = {
    "processing": "That order hasn't shipped yet; it can be cancelled instead.",
    "shipped": "That order is still in transit; a return can start once it's delivered.",
    "cancelled": "That order was cancelled, so there is nothing to return.",
    "returned": "That order was already returned.",
}
SEARCH_STOPWORDS = frozenset({"the", "and", "for", "my", "of", "with", "a", "an", "set"})


# --- catalog indexes (read-only tables: built once per seed) --------------------------------

@dataclass(frozen=True, slots=True)
class _Catalog:
    customers: dict[str, Row]
    by_name_zip: dict[tuple[Any, str], tuple[Row, ...]]  # (grader's name key, zip)
    by_email: dict[Any, Row]  # by the grader's email key
    by_phone: dict[str, Row]
    products: dict[str, Row]
    search_text: tuple[tuple[str, Row], ...]
    policies: dict[str, str]


def _build_catalog(tables: dict[str, list[Row]], *, name_key: Normalizer,
                   email_key: Normalizer) -> _Catalog:
    customers, products, policies = tables["customers"], tables["products"], tables["policies"]
    by_name_zip: dict[tuple[Any, str], list[Row]] = {}
    for row in customers:
        by_name_zip.setdefault((name_key(row["full_name"]), row["zip"]), []).append(row)
    return _Catalog(
        customers={row["customer_id"]: row for row in customers},
        by_name_zip={key: tuple(rows) for key, rows in by_name_zip.items()},
        by_email={email_key(row["email"]): row for row in customers},
        by_phone={row["phone_e164"]: row for row in customers},
        products={row["sku"]: row for row in products},
        search_text=tuple((fold_spelling(f"{row['name']} {row['category']} {row['sku']}"), row)
                          for row in products),
        policies={row["topic"]: row["text"] for row in policies},
    )


@dataclass(frozen=True, slots=True)
class _OrderIndex:
    """Row positions of orders, and each customer's orders."""

    size: int
    position: dict[str, int]
    by_customer: dict[str, tuple[int, ...]]


def _build_order_index(rows: list[Row]) -> _OrderIndex:
    by_customer: dict[str, list[int]] = {}
    for i, row in enumerate(rows):
        by_customer.setdefault(row["customer_id"], []).append(i)
    return _OrderIndex(size=len(rows),
                       position={row["order_id"]: i for i, row in enumerate(rows)},
                       by_customer={k: tuple(v) for k, v in by_customer.items()})


def _dollars(cents: int) -> str:
    return f"${cents / 100:,.2f}"


# --- address normalisation (the stored form is what the database gate compares) ------------

_STREET_WORDS = {
    "street": "St", "st": "St", "avenue": "Ave", "ave": "Ave", "av": "Ave", "road": "Rd",
    "rd": "Rd", "drive": "Dr", "dr": "Dr", "lane": "Ln", "ln": "Ln", "court": "Ct", "ct": "Ct",
    "place": "Pl", "pl": "Pl", "boulevard": "Blvd", "blvd": "Blvd", "terrace": "Ter",
    "ter": "Ter", "parkway": "Pkwy", "pkwy": "Pkwy", "highway": "Hwy", "hwy": "Hwy",
    "circle": "Cir", "cir": "Cir", "square": "Sq", "sq": "Sq", "apartment": "Apt", "apt": "Apt",
    "suite": "Ste", "ste": "Ste", "unit": "Unit", "floor": "Fl", "fl": "Fl", "po": "PO",
    "n": "N", "s": "S", "e": "E", "w": "W", "ne": "NE", "nw": "NW", "se": "SE", "sw": "SW",
}
_ORDINAL = re.compile(r"\d+(st|nd|rd|th)")


def _title_word(word: str, abbreviate: bool) -> str:
    lower = word.lower()
    if abbreviate and lower in _STREET_WORDS:
        return _STREET_WORDS[lower]
    if any(ch.isdigit() for ch in word):
        return lower if _ORDINAL.fullmatch(lower) else word.upper()
    parts = []
    for part in lower.split("-"):
        head, sep, tail = part.partition("'")
        if sep and len(head) == 1:  # O'Neil, D'Angelo; but King's stays King's
            parts.append(f"{head.upper()}'{tail[:1].upper()}{tail[1:]}")
        else:
            parts.append(part[:1].upper() + part[1:])
    return "-".join(parts)


def normalize_address_line(text: str, abbreviate: bool = True) -> str:
    """'48 harbor view road, apt. 2b' -> '48 Harbor View Rd Apt 2B'."""
    words = [word.strip(".,") for word in text.replace(",", " ").split()]
    return " ".join(_title_word(word, abbreviate) for word in words if word)


# --- the server ------------------------------------------------------------------------------

class CustomerSupportServer(ToolServer):
    """Tool server of the ``customer_support`` industry (Brightwell Home)."""

    def __init__(self, db: Database | None = None, industry: Industry | None = None) -> None:
        super().__init__(db, industry)
        self.verified: set[str] = set()
        self.failed_verifications = 0
        self._today = _day(self.today)

    # --- shared lookups -------------------------------------------------------------------

    def _order(self, order_id: str) -> tuple[int, Row]:
        rows = self._order_rows()
        index = self._orders.position.get(order_id)
        if index is None:
            raise ToolError("not_found", f"I can't find order {order_id}.")
        return index, rows[index]

    @property
    def _catalog(self) -> _Catalog:
        """Indexes over the catalog tables (built once per seed, rebuilt if one is written)."""
        return self.db.memo("catalog", self.industry.catalog_tables, self._build_catalog)

    def _build_catalog(self) -> _Catalog:
        return _build_catalog({name: self.db.rows(name) for name in self.industry.catalog_tables},
                              name_key=self.key("verify_identity", "full_name"),
                              email_key=self.key("lookup_customer", "email"))

    @property
    def _orders(self) -> _OrderIndex:
        """Positions of the orders in this episode's table (rebuilt after a write to it)."""
        return self.db.memo("orders", ("orders",), self._build_orders)

    def _build_orders(self) -> _OrderIndex:
        return _build_order_index(self.db.rows("orders"))

    def _order_rows(self) -> list[Row]:
        return self.db.rows("orders")

    def _verified_order(self, order_id: str) -> tuple[int, Row]:
        index, order = self._order(order_id)
        if order["customer_id"] not in self.verified:
            raise ToolError("identity_not_verified",
                            "The account holder for this order needs to be verified first.")
        return index, order

    def _refunded(self, order_id: str) -> int:
        return sum(row["amount_cents"] for _, row in self.db.find("refunds", order_id=order_id)
                   if row.get("status") == "issued")

    def _customer_ids(self, email: str | None, phone: str | None) -> set[str]:
        ids = set()
        if email is not None:
            row = self._catalog.by_email.get(self.key("lookup_customer", "email")(email))
            ids.add(row["customer_id"] if row else "")
        if phone is not None:
            row = self._catalog.by_phone.get(phone)
            ids.add(row["customer_id"] if row else "")
        return ids

    # --- identity -------------------------------------------------------------------------

    def tool_verify_identity(self, full_name: str, zip: str, email: str | None = None,
                             phone_e164: str | None = None) -> dict[str, Any]:
        if self.failed_verifications >= MAX_VERIFY_ATTEMPTS:
            raise ToolError("too_many_attempts",
                            "Too many failed attempts. I can't verify the account on this call.")
        if email is None and phone_e164 is None:
            raise ToolError("invalid_argument",
                            "I need the email address or the phone number on the account too.")
        # Compared with the grader's normalisers: a name or email found here is one T accepts.
        candidates = self._catalog.by_name_zip.get(
            (self.key("verify_identity", "full_name")(full_name), zip), ())
        email_key = self.key("verify_identity", "email")
        matches = [row for row in candidates
                   if (email is None or email_key(row["email"]) == email_key(email))
                   and (phone_e164 is None or row["phone_e164"] == phone_e164)]
        if len(matches) != 1:
            self.failed_verifications += 1
            left = MAX_VERIFY_ATTEMPTS - self.failed_verifications
            raise ToolError("verification_failed",
                            "Those details don't match an account. "
                            + (f"{left} attempt{'s' if left != 1 else ''} left." if left
                               else "No attempts left."))
        customer = matches[0]
        self.verified.add(customer["customer_id"])
        return {"customer_id": customer["customer_id"],
                "first_name": customer["full_name"].split(" ", 1)[0], "verified": True}

    def tool_lookup_customer(self, email: str | None = None,
                             phone_e164: str | None = None) -> dict[str, Any]:
        if email is None and phone_e164 is None:
            raise ToolError("invalid_argument", "I need an email address or a phone number.")
        ids = self._customer_ids(email, phone_e164)
        if len(ids) != 1 or "" in ids:
            raise ToolError("not_found", "I don't see an account with those details.")
        customer = self._catalog.customers[ids.pop()]
        return {"customer_id": customer["customer_id"],
                "first_name": customer["full_name"].split(" ", 1)[0],
                "verified": customer["customer_id"] in self.verified}

    # --- orders ---------------------------------------------------------------------------

    def tool_get_order_status(self, order_id: str) -> dict[str, Any]:
        _, order = self._order(order_id)
        products = self._catalog.products
        out: dict[str, Any] = {
            "order_id": order_id, "status": order["status"], "placed_on": order["placed_on"],
            "items": [{"sku": line["sku"], "name": products[line["sku"]]["name"],
                       "qty": line["qty"]} for line in order["items"]],
        }
        if order["shipped_on"]:
            out.update(shipped_on=order["shipped_on"], carrier=order["carrier"],
                       tracking_number=order["tracking_number"])
        if order["status"] == "shipped":
            eta = _day(order["shipped_on"]) + timedelta(days=TRANSIT_DAYS[order["carrier"]])
            out["estimated_delivery"] = max(eta, self._today + timedelta(days=1)).isoformat()
        if order["delivered_on"]:
            out["delivered_on"] = order["delivered_on"]
        if order["status"] == "delivered":
            ends = _day(order["delivered_on"]) + timedelta(days=RETURN_WINDOW_DAYS)
            out["return_window_ends"] = ends.isoformat()
        return out

    def tool_list_orders(self, customer_id: str,
                         status: str | None = None) -> list[dict[str, Any]]:
        if customer_id not in self._catalog.customers:
            raise ToolError("not_found", "I can't find that customer.")
        if customer_id not in self.verified:
            raise ToolError("identity_not_verified", "The caller needs to be verified first.")
        rows = self._order_rows()
        out = []
        for index in reversed(self._orders.by_customer.get(customer_id, ())):
            order = rows[index]
            if status is None or order["status"] == status:
                out.append({"order_id": order["order_id"], "status": order["status"],
                            "placed_on": order["placed_on"],
                            "item_count": sum(line["qty"] for line in order["items"]),
                            "total_cents": order["total_cents"]})
        return out

    def tool_cancel_order(self, order_id: str, reason: str | None = None) -> dict[str, Any]:
        index, order = self._verified_order(order_id)
        if order["status"] != "processing":
            raise ToolError("not_eligible", NOT_CANCELLABLE[order["status"]])
        self.db.update("orders", index, status="cancelled", cancel_reason=reason)
        return {"order_id": order_id, "status": "cancelled",
                "refundable_cents": order["paid_cents"] - self._refunded(order_id)}

    def tool_update_shipping_address(self, order_id: str, line1: str, city: str, state: str,
                                     zip: str, line2: str | None = None,
                                     recipient_name: str | None = None) -> dict[str, Any]:
        index, order = self._verified_order(order_id)
        if order["status"] != "processing":
            raise ToolError("not_eligible", NOT_CANCELLABLE[order["status"]])
        address = {
            "name": " ".join(recipient_name.split()) if recipient_name
            else order["shipping_address"]["name"],
            "line1": normalize_address_line(line1),
            "line2": normalize_address_line(line2) if line2 else "",
            "city": normalize_address_line(city, abbreviate=False),
            "state": state, "zip": zip,
        }
        self.db.update("orders", index, shipping_address=address)
        return {"order_id": order_id, "shipping_address": address}

    # --- billing --------------------------------------------------------------------------

    def tool_issue_refund(self, order_id: str, amount_cents: int,
                          method: str) -> dict[str, Any]:
        _, order = self._verified_order(order_id)
        if order["status"] in NOT_REFUNDABLE:
            raise ToolError("not_eligible", NOT_REFUNDABLE[order["status"]])
        remaining = order["paid_cents"] - self._refunded(order_id)
        if amount_cents > remaining:
            raise ToolError("exceeds_paid",
                            f"That's more than can be refunded; {_dollars(remaining)} remains "
                            "on this order." if remaining > 0
                            else "Everything paid on this order has already been refunded.")
        refund_id = self.db.next_id("refunds", "refund_id", "ref_")
        self.db.insert("refunds", {"refund_id": refund_id, "order_id": order_id,
                                   "amount_cents": amount_cents, "method": method,
                                   "status": "issued", "issued_on": self.today})
        return {"refund_id": refund_id, "order_id": order_id, "amount_cents": amount_cents,
                "method": method, "refundable_cents": remaining - amount_cents,
                "arrives": "within 5 to 10 business days" if method == "original_payment"
                else "now, as store credit"}

    def tool_get_refund_status(self, order_id: str) -> dict[str, Any]:
        _, order = self._verified_order(order_id)
        customer = self._catalog.customers[order["customer_id"]]
        refunds = [{"refund_id": row["refund_id"], "amount_cents": row["amount_cents"],
                    "method": row["method"], "status": row["status"],
                    "issued_on": row["issued_on"]}
                   for _, row in self.db.find("refunds", order_id=order_id)]
        refunded = sum(r["amount_cents"] for r in refunds if r["status"] == "issued")
        return {"order_id": order_id, "status": order["status"],
                "paid_cents": order["paid_cents"], "refunded_cents": refunded,
                "refundable_cents": order["paid_cents"] - refunded,
                "card": f"{customer['card_brand']} ending {customer['card_last4']}",
                "refunds": refunds}

    # --- returns --------------------------------------------------------------------------

    def tool_create_rma(self, order_id: str, sku: str,
                        reason: str | None = None) -> dict[str, Any]:
        _, order = self._verified_order(order_id)
        if order["status"] != "delivered":
            raise ToolError("not_eligible", NOT_RETURNABLE[order["status"]])
        line = next((line for line in order["items"] if line["sku"] == sku), None)
        if line is None:
            raise ToolError("item_not_on_order", f"{sku} isn't on order {order_id}.")
        if self.db.first("rmas", order_id=order_id, sku=sku) is not None:
            raise ToolError("already_exists", "A return for that item is already on file.")
        delivered = _day(order["delivered_on"])
        if (self._today - delivered).days > RETURN_WINDOW_DAYS:
            raise ToolError("return_window_closed",
                            f"It was delivered on {delivered.isoformat()}, more than "
                            f"{RETURN_WINDOW_DAYS} days ago, so the return window has closed.")
        product = self._catalog.products[sku]
        if not product["returnable"] and reason not in FINAL_SALE_REASONS:
            raise ToolError("not_returnable",
                            "That item is final sale; it can only come back if it arrived "
                            "damaged, defective or wrong.")
        rma_id = self.db.next_id("rmas", "rma_id", "rma_")
        self.db.insert("rmas", {"rma_id": rma_id, "order_id": order_id, "sku": sku,
                                "reason": reason or "", "status": "open",
                                "created_on": self.today})
        return {"rma_id": rma_id, "order_id": order_id, "sku": sku, "name": product["name"],
                "qty": line["qty"], "status": "open",
                "label_carrier": order["carrier"] or "UPS",
                "ship_by": (self._today + timedelta(days=LABEL_VALID_DAYS)).isoformat()}

    def tool_get_rma_status(self, order_id: str) -> dict[str, Any]:
        self._verified_order(order_id)
        returns = [{"rma_id": row["rma_id"], "sku": row["sku"], "reason": row["reason"],
                    "status": row["status"], "created_on": row["created_on"]}
                   for _, row in self.db.find("rmas", order_id=order_id)]
        return {"order_id": order_id, "returns": returns}

    # --- catalog and policy ---------------------------------------------------------------

    def tool_search_products(self, query: str) -> list[dict[str, Any]]:
        folded = fold_spelling(query)
        exact = self.industry.alias_lookup["product"].get(folded)
        if exact is not None:
            hits = [self._catalog.products[exact]]
        else:
            words = [w[:-1] if len(w) > 3 and w.endswith("s") else w
                     for w in folded.split() if w not in SEARCH_STOPWORDS]
            hits = [row for text, row in self._catalog.search_text
                    if words and all(word in text for word in words)][:10]
        return [{"sku": row["sku"], "name": row["name"], "category": row["category"],
                 "price_cents": row["price_cents"], "returnable": row["returnable"],
                 "warranty_months": row["warranty_months"]} for row in hits]

    def tool_get_policy(self, topic: str) -> dict[str, Any]:
        return {"topic": topic, "text": self._catalog.policies[topic]}
