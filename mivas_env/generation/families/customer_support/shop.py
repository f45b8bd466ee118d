"""A customer_support world as the families read it: ``Shop``, its rows indexed the way families
look them up, and what the tool server decides (refunds, status dates, the next return's id)."""

from collections.abc import Mapping, Sequence
from datetime import date
from functools import lru_cache
from typing import Any, cast

from mivas_env.generation.core import World, load_world
from mivas_env.industries.customer_support import RETURN_WINDOW_DAYS, CustomerSupportServer
from rewards.clock import day

Row = Mapping[str, Any]
INDUSTRY = "customer_support"


def grouped(rows: Sequence[Row], key: str) -> dict[str, list[Row]]:
    out: dict[str, list[Row]] = {}
    for row in rows:
        out.setdefault(row[key], []).append(row)
    return out


class Shop:
    """A world's rows indexed the way families look them up; what the server decides is asked
    of its reading server (only read tools are called on it)."""

    def __init__(self, world: World) -> None:
        tables = world.tables
        self.today = world.today
        self.customers: dict[str, Row] = {c["customer_id"]: c for c in tables["customers"]}
        self.products: dict[str, Row] = {p["sku"]: p for p in tables["products"]}
        self.orders: list[Row] = list(tables["orders"])
        self.by_customer = grouped(tables["orders"], "customer_id")
        self.rmas = grouped(tables["rmas"], "order_id")
        self.server = cast(CustomerSupportServer, world.server())
        # The generator reads refunds as an agent that verified every account holder would.
        self.server.verified.update(self.customers)
        self._refunds: dict[str, dict[str, Any]] = {}

    def ask(self, tool: str, **arguments: Any) -> dict[str, Any]:
        output = self.server.call(tool, arguments)
        if not output["ok"]:
            raise ValueError(f"{tool}{arguments}: {output}")
        return dict(output["data"])

    def refund_status(self, order: Row) -> dict[str, Any]:
        """What get_refund_status says of an order (asked once; only the refund families ask)."""
        if order["order_id"] not in self._refunds:
            self._refunds[order["order_id"]] = self.ask("get_refund_status", order_id=order["order_id"])
        return self._refunds[order["order_id"]]

    def refunded(self, order: Row) -> int:
        return int(self.refund_status(order)["refunded_cents"])

    def refundable(self, order: Row) -> int:
        """What is left to refund: paid less refunded."""
        return int(self.refund_status(order)["refundable_cents"])

    def status_date(self, order: Row, name: str) -> date:
        """A date get_order_status gives (``estimated_delivery``, ``return_window_ends``)."""
        return day(self.ask("get_order_status", order_id=order["order_id"])[name])

    def next_rma_id(self) -> str:
        """The id create_rma gives the next return."""
        return self.server.db.next_id("rmas", "rma_id", "rma_")

    def delivered_days(self, order: Row) -> int:
        return (self.today - day(order["delivered_on"])).days

    def in_window(self, order: Row) -> bool:
        return self.delivered_days(order) <= RETURN_WINDOW_DAYS

    def product_name(self, sku: str) -> str:
        return str(self.products[sku]["name"])

    def customer(self, order: Row) -> Row:
        return self.customers[order["customer_id"]]

    def returnable_lines(self, order: Row) -> list[Row]:
        """The lines of an order with no return on file."""
        taken = {r["sku"] for r in self.rmas.get(order["order_id"], [])}
        return [ln for ln in order["items"] if ln["sku"] not in taken]

    def names(self) -> list[str]:
        return sorted({str(c["full_name"]) for c in self.customers.values()})


@lru_cache(maxsize=128)
def _shop(seed: int) -> Shop:
    """The ``Shop`` of a world seed (a seed always builds the same tables)."""
    return Shop(load_world(INDUSTRY, seed))
