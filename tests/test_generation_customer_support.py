"""customer_support worlds (rewards/worlds/customer_support.py) and task families
(mivas_env/generation/families/customer_support/): world 0 is the shipped seed, other worlds
vary and stay consistent, every family's instances are true in their world and pass the
self-check, and test values never leak into train."""

from __future__ import annotations

import hashlib
import importlib
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from datetime import date
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mivas_env.generation.core import Instance, Stats, generate, generate_one
from mivas_env.generation.families.customer_support import FAMILIES
from mivas_env.speech.channel import every_string
from rewards import load_industry, load_seed, tasks_dir
from rewards.worlds import pool, split_of, world
from rewards.worlds.customer_support import CUSTOMER_ID_BLOCKS, ORDER_ID_BLOCKS, build
from rewards.worlds.names import words

INDUSTRY = "customer_support"
TODAY = date(2026, 12, 1)
SEED_FILE = tasks_dir() / INDUSTRY / "seed.json"
SOME_SEEDS = (1, 17, 999_999, 1_000_000, 1_234_567, 2_000_001, 2_999_999)


def _world(seed: int) -> dict[str, list[dict[str, Any]]]:
    return build(seed, pool(split_of(seed)))


def _order_number(order_id: str) -> int:
    return int(order_id.removeprefix("ord_"))


# --- worlds ------------------------------------------------------------------------------------

def test_world_zero_is_the_shipped_seed_byte_for_byte() -> None:
    text = json.dumps(build(0, pool(None)), indent=1, ensure_ascii=False) + "\n"
    assert text == SEED_FILE.read_text(encoding="utf-8")


def test_the_same_seed_builds_the_same_world() -> None:
    assert _world(4242) == _world(4242)


def test_a_world_is_the_same_in_another_process() -> None:
    code = ("import hashlib, json; from rewards.worlds import pool; "
            "from rewards.worlds.customer_support import build; "
            "print(hashlib.sha256(json.dumps(build(1000003, pool('test'))).encode()).hexdigest())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONHASHSEED": "12345", "PATH": ""})
    assert out.stdout.strip() == hashlib.sha256(json.dumps(_world(1000003)).encode()).hexdigest()


def test_other_seeds_vary_people_orders_dates_and_amounts() -> None:
    a, b = _world(11), _world(12)
    assert {c["full_name"] for c in a["customers"]} != {c["full_name"] for c in b["customers"]}
    assert {o["order_id"] for o in a["orders"]} != {o["order_id"] for o in b["orders"]}
    assert [o["placed_on"] for o in a["orders"]] != [o["placed_on"] for o in b["orders"]]
    assert [o["total_cents"] for o in a["orders"]] != [o["total_cents"] for o in b["orders"]]
    assert [c["address"] for c in a["customers"]] != [c["address"] for c in b["customers"]]


@pytest.mark.parametrize("seed", SOME_SEEDS)
def test_catalog_entities_named_by_the_industry_stay_fixed(seed: int) -> None:
    shipped = load_seed(INDUSTRY)
    tables = _world(seed)
    assert tables["products"] == shipped["products"]
    assert tables["policies"] == shipped["policies"]
    industry = load_industry(INDUSTRY)
    skus = set(industry.aliases["product"])
    states = set(industry.tools["update_shipping_address"].parameters.properties["state"].enum
                 or ())
    for order in tables["orders"]:
        assert {line["sku"] for line in order["items"]} <= skus
        assert order["carrier"] in (None, "UPS", "FedEx", "USPS")
        assert order["shipping_address"]["state"] in states


def _assert_consistent(tables: dict[str, list[dict[str, Any]]], split: str | None) -> None:
    customers = tables["customers"]
    orders = tables["orders"]
    assert len({c["customer_id"] for c in customers}) == len(customers)
    assert len({c["email"].casefold() for c in customers}) == len(customers)
    assert len({c["phone_e164"] for c in customers}) == len(customers)
    assert len({o["order_id"] for o in orders}) == len(orders)
    low, high = ORDER_ID_BLOCKS[split]
    assert all(low <= _order_number(o["order_id"]) < high for o in orders)
    low, high = CUSTOMER_ID_BLOCKS[split]
    assert all(low <= int(c["customer_id"][4:]) < high for c in customers)
    by_id = {c["customer_id"] for c in customers}
    refunded: dict[str, int] = {}
    for refund in tables["refunds"]:
        refunded[refund["order_id"]] = refunded.get(refund["order_id"], 0) + refund["amount_cents"]
    statuses = set()
    for order in orders:
        statuses.add(order["status"])
        assert order["customer_id"] in by_id
        total = sum(line["qty"] * line["unit_price_cents"] for line in order["items"])
        assert order["total_cents"] == total
        assert 0 <= order["paid_cents"] <= total
        assert refunded.get(order["order_id"], 0) <= order["paid_cents"]
        assert (order["delivered_on"] is not None) == (order["status"] in ("delivered", "returned"))
        assert (order["tracking_number"] is None) == (order["status"] in ("processing", "cancelled"))
        if order["delivered_on"]:
            assert order["placed_on"] <= order["shipped_on"] <= order["delivered_on"] < "2026-12-01"
    assert statuses == {"processing", "shipped", "delivered", "cancelled", "returned"}
    by_order = {o["order_id"]: o for o in orders}
    for rma in tables["rmas"]:
        order = by_order[rma["order_id"]]
        assert rma["sku"] in {line["sku"] for line in order["items"]}
        assert order["status"] in ("delivered", "returned")
    # both edges of the 30-day return window are in every world
    ages = {(TODAY - date.fromisoformat(o["delivered_on"])).days for o in orders
            if o["status"] == "delivered"}
    assert {30, 31} <= ages
    # one name on two accounts, told apart by ZIP
    names: dict[str, set[str]] = {}
    for customer in customers:
        names.setdefault(customer["full_name"], set()).add(customer["zip"])
    assert any(len(zips) > 1 for zips in names.values())


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=2_999_999))
def test_every_world_is_consistent(seed: int) -> None:
    _assert_consistent(_world(seed), split_of(seed))


def test_world_zero_is_consistent() -> None:
    _assert_consistent(build(0, pool(None)), None)


@pytest.mark.parametrize("seed", SOME_SEEDS)
def test_world_people_come_from_the_split_pool(seed: int) -> None:
    names = pool(split_of(seed))
    allowed = {w for group in (names.first_names, names.surnames) for n in group
               for w in words(n)}
    tables = _world(seed)
    people = ({c["full_name"] for c in tables["customers"]}
              | {o["shipping_address"]["name"] for o in tables["orders"]})
    for person in people:
        assert set(words(person)) <= allowed, person


def test_order_id_blocks_of_the_splits_do_not_overlap() -> None:
    blocks = sorted(ORDER_ID_BLOCKS.values())
    assert all(a[1] <= b[0] for a, b in zip(blocks, blocks[1:], strict=False))
    assert blocks[0][0] >= 0 and blocks[-1][1] <= 100_000  # "ord_" and five digits
    shipped = {_order_number(o["order_id"]) for o in load_seed(INDUSTRY)["orders"]}
    assert all(ORDER_ID_BLOCKS[None][0] <= n < ORDER_ID_BLOCKS[None][1] for n in shipped)


def test_order_ids_of_test_worlds_never_appear_in_train_worlds() -> None:
    train = {o["order_id"] for seed in range(1, 30) for o in world(INDUSTRY, seed)["orders"]}
    test = {o["order_id"] for seed in range(1_000_000, 1_000_030)
            for o in world(INDUSTRY, seed)["orders"]}
    assert train and test and not train & test


# --- families ----------------------------------------------------------------------------------

def _readme_categories() -> dict[str, str]:
    text = (tasks_dir() / INDUSTRY / "README.md").read_text(encoding="utf-8")
    return dict(re.findall(r"^\| (C\d+) \| `([a-z_]+)` \|", text, flags=re.MULTILINE))


def test_every_category_of_the_readme_has_one_family() -> None:
    assert {f.code: f.category for f in FAMILIES} == _readme_categories()
    assert [f.code for f in FAMILIES if f.refusal] == ["C10"]


@cache
def _instances(split: str, per_family: int = 6) -> tuple[tuple[Instance, ...], Stats]:
    stats = Stats()
    made = tuple(instance for family in FAMILIES
                 for instance in generate(INDUSTRY, split, per_family, seed=0,
                                          family=family.code, stats=stats))
    return made, stats


@pytest.mark.parametrize("split", ["train", "test"])
def test_every_family_passes_the_self_check_across_seeds(split: str) -> None:
    made, stats = _instances(split)
    for family in FAMILIES:
        assert stats.made[family.code] == 6
        assert stats.dropped[family.code] == 0, stats.reasons.get(family.code)
    assert len({instance.world_seed for instance in made}) > 30


def test_an_instance_is_the_same_every_time() -> None:
    for family in FAMILIES:
        first = generate_one(INDUSTRY, "train", 5, family=family.code, check=False)
        again = generate_one(INDUSTRY, "train", 5, family=family.code, check=False)
        assert first.json() == again.json()


def test_an_instance_is_the_same_in_another_process() -> None:
    code = ("from mivas_env.generation.core import generate_one; "
            "print(generate_one('customer_support', 'test', 9, family='C11', check=False).json())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONHASHSEED": "7", "PATH": ""})
    local = generate_one(INDUSTRY, "test", 9, family="C11", check=False).json()
    assert out.stdout == local + "\n"


@pytest.mark.parametrize("split", ["train", "test"])
def test_instance_names_come_from_the_split_pool_only(split: str) -> None:
    names = pool(split)
    allowed = {w for group in (names.first_names, names.surnames) for n in group
               for w in words(n)}
    shipped_people = {c["full_name"] for c in load_seed(INDUSTRY)["customers"]}
    for instance in _instances(split)[0]:
        caller = instance.data["caller"]
        facts = caller["facts"]
        for key in ("full_name", "recipient_name"):
            if key in facts:
                assert set(words(facts[key])) <= allowed, (instance.id, facts[key])
        persona_name = caller["persona"].split(",", 1)[0]
        assert set(words(persona_name)) <= allowed, (instance.id, persona_name)
        for text in every_string(instance.data):
            assert not any(person in text for person in shipped_people), (instance.id, text)


def _order_ids(instance: Instance) -> set[str]:
    found: set[str] = set()
    for call in instance.data["exp_tool_calls"]:
        order_id = (call.get("parameters") or {}).get("order_id")
        if isinstance(order_id, str):
            found.add(order_id)
    facts = instance.data["caller"]["facts"]
    if "order_id" in facts:
        found.add(f"ord_{facts['order_id']}")
    return found


def test_test_order_ids_and_openings_never_appear_in_train_instances() -> None:
    train, _ = _instances("train")
    test, _ = _instances("test")
    train_ids = set().union(*map(_order_ids, train))
    test_ids = set().union(*map(_order_ids, test))
    assert test_ids and not test_ids & train_ids
    low, high = ORDER_ID_BLOCKS["test"]
    assert all(low <= _order_number(i) < high for i in test_ids)
    train_openings = {line for i in train for line in i.data["caller"]["opening"]}
    test_openings = {line for i in test for line in i.data["caller"]["opening"]}
    assert not train_openings & test_openings


def test_openings_do_not_give_away_the_order_or_the_answer() -> None:
    for instance in _instances("test")[0]:
        for line in instance.data["caller"]["opening"]:
            assert not re.search(r"\d{5}", line), (instance.id, line)
            assert "ord_" not in line


def test_refunds_are_bounded_by_what_was_charged_less_earlier_refunds() -> None:
    checked = 0
    for instance in _instances("train")[0] + _instances("test")[0]:
        tables = world(INDUSTRY, instance.world_seed)
        for call in instance.data["exp_tool_calls"]:
            if call["name"] != "issue_refund":
                continue
            order_id = call["parameters"]["order_id"]
            order = next(o for o in tables["orders"] if o["order_id"] == order_id)
            earlier = sum(r["amount_cents"] for r in tables["refunds"]
                          if r["order_id"] == order_id)
            assert 0 < call["parameters"]["amount_cents"] <= order["paid_cents"] - earlier
            checked += 1
    assert checked


def test_returns_are_opened_only_where_the_world_allows_them() -> None:
    for instance in _instances("train")[0] + _instances("test")[0]:
        tables = world(INDUSTRY, instance.world_seed)
        for call in instance.data["exp_tool_calls"]:
            if call["name"] != "create_rma":
                continue
            order = next(o for o in tables["orders"]
                         if o["order_id"] == call["parameters"]["order_id"])
            if call["output"]["ok"]:
                assert order["status"] == "delivered"
                assert (TODAY - date.fromisoformat(order["delivered_on"])).days <= 30
            else:
                assert call["output"]["error_code"] in (
                    "not_eligible", "return_window_closed", "not_returnable")


def _caller_lines(instance: Instance) -> set[str]:
    caller = instance.data["caller"]
    lines = {*caller["opening"], *caller["nudges"], *caller["thanks"], *caller["unknown"]}
    lines |= {line for reaction in caller["reactions"] for line in reaction["say"]}
    lines |= {line for templates in caller["fact_lines"].values() for line in templates
              if line != "{value}"}
    return lines


def test_no_caller_line_of_a_test_instance_is_said_in_train() -> None:
    train = set().union(*map(_caller_lines, _instances("train")[0]))
    test = set().union(*map(_caller_lines, _instances("test")[0]))
    assert test and not train & test, sorted(train & test)[:3]


def _template_lists(value: Any) -> Iterator[list[str]]:
    if isinstance(value, list) and len(value) >= 6 and all(isinstance(v, str) for v in value):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _template_lists(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _template_lists(item)


def test_no_template_belongs_to_two_splits() -> None:
    module = importlib.import_module("mivas_env.generation.families.customer_support")
    owner: dict[str, int] = {}
    for name, value in vars(module).items():
        if not name.isupper():
            continue
        for templates in _template_lists(value):
            for index, template in enumerate(templates):
                if not template.strip():  # "no greeting" says nothing
                    continue
                assert owner.setdefault(template, index % 3) == index % 3, (name, template)
