"""The Brightwell Home world: customers, orders, returns and refunds, built from a seed.

World 0 is the shipped ``tasks/customer_support/seed.json`` (byte-identical; the curated
customer list of the original seed script). Every other seed draws its customers from the
split's name pool and varies the people, order ids, dates, amounts, addresses and which orders
are processing, in transit, delivered, cancelled or returned. The catalog that
``industry.json`` names (SKUs, product names, policy topics, carriers, states) never changes.
Each world pins both edges of the 30-day return window (delivered 30 and 31 days before the
business date), partly gift-card-paid orders, declined cancellations and one customer name
shared by two accounts that differ by ZIP, so every task family finds its scenario."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from rewards.industry import load_industry
from rewards.normalize import strip_accents
from rewards.worlds import split_of
from rewards.worlds.names import NamePool

Row = dict[str, Any]
TODAY = date.fromisoformat(load_industry("customer_support").business.today)
SHIPPED_SEED = 20261201

# sku, name, category, price_cents, returnable, warranty_months
PRODUCTS: list[tuple[str, str, str, int, bool, int]] = [
    ("KTC-1001", "Aria Electric Kettle", "kitchen", 4999, True, 12),
    ("KTC-1002", "Fennel Pour-Over Coffee Set", "kitchen", 3499, True, 0),
    ("KTC-1003", "Harbor 12-Cup Coffee Maker", "kitchen", 7999, True, 24),
    ("KTC-1004", "Tidewater Stand Mixer", "kitchen", 27999, True, 36),
    ("KTC-1005", "Copperline 10-Inch Skillet", "kitchen", 5499, True, 0),
    ("KTC-1006", "Juniper Chef's Knife", "kitchen", 6999, True, 0),
    ("KTC-1007", "Meadow Glass Storage Set", "kitchen", 3999, True, 0),
    ("KTC-1008", "Brightwell Toaster Oven", "kitchen", 12999, True, 24),
    ("KTC-1009", "Slate Walnut Cutting Board", "kitchen", 2999, True, 0),
    ("KTC-1010", "Ember Cast Iron Dutch Oven", "kitchen", 8999, True, 0),
    ("BED-2001", "Cloudrest Cotton Sheet Set, Queen", "bedding", 8999, True, 0),
    ("BED-2002", "Cloudrest Down-Alternative Pillow", "bedding", 3499, False, 0),
    ("BED-2003", "Lark Linen Duvet Cover, King", "bedding", 12999, True, 0),
    ("BTH-2101", "Seabreeze Bath Towel Set", "bath", 5999, True, 0),
    ("BTH-2102", "Pebble Bath Mat", "bath", 2499, True, 0),
    ("LGT-3001", "Lumen Smart LED Bulb 4-Pack", "lighting", 3999, True, 12),
    ("LGT-3002", "Arc Brass Floor Lamp", "lighting", 14999, True, 12),
    ("LGT-3003", "Willow Ceramic Table Lamp", "lighting", 6999, True, 12),
    ("DEC-3101", "Driftwood Round Wall Mirror", "decor", 11999, True, 0),
    ("DEC-3102", "Hearth Wool Throw Blanket", "decor", 7999, True, 0),
    ("DEC-3103", "Fern Ceramic Planter", "decor", 2799, True, 0),
    ("DEC-3104", "Seagrass Storage Basket (Clearance)", "decor", 1999, False, 0),
    ("ELC-4001", "Pulse Bluetooth Speaker", "electronics", 7999, True, 12),
    ("ELC-4002", "Halo Wireless Charging Pad", "electronics", 2999, True, 12),
    ("ELC-4003", "Echoline Noise-Cancelling Headphones", "electronics", 19999, True, 12),
    ("ELC-4004", "Nimbus Smart Thermostat", "electronics", 14999, True, 24),
    ("ELC-4005", "Beacon Video Doorbell", "electronics", 12999, True, 12),
    ("ELC-4006", "Voltra 6-Outlet Surge Protector", "electronics", 2499, True, 24),
    ("ELC-4007", "Orbit Robot Vacuum", "electronics", 29999, True, 12),
    ("ELC-4008", "Breeze Tower Fan", "electronics", 8999, True, 12),
    ("ELC-4009", "Purewave Air Purifier", "electronics", 17999, True, 24),
    ("ELC-4010", "Glow Sunrise Alarm Clock", "electronics", 5999, True, 12),
    ("CLN-5001", "Sparrow Cordless Stick Vacuum", "cleaning", 19999, True, 24),
    ("CLN-5002", "Mist Handheld Garment Steamer", "cleaning", 4499, True, 12),
    ("PRS-5101", "Sonic Electric Toothbrush", "personal_care", 6999, True, 12),
    ("PRS-5102", "Sonic Replacement Brush Heads 4-Pack", "personal_care", 1999, False, 0),
]

# city, state, zip, area code
PLACES: list[tuple[str, str, str, str]] = [
    ("Portland", "OR", "97214", "503"), ("Austin", "TX", "78704", "512"),
    ("Brooklyn", "NY", "11215", "718"), ("Chicago", "IL", "60614", "312"),
    ("Denver", "CO", "80205", "303"), ("Seattle", "WA", "98103", "206"),
    ("Atlanta", "GA", "30307", "404"), ("Minneapolis", "MN", "55408", "612"),
    ("Raleigh", "NC", "27605", "919"), ("Phoenix", "AZ", "85004", "602"),
    ("San Diego", "CA", "92104", "619"), ("Oakland", "CA", "94610", "510"),
    ("Boston", "MA", "02130", "617"), ("Philadelphia", "PA", "19147", "215"),
    ("Columbus", "OH", "43215", "614"), ("Madison", "WI", "53703", "608"),
    ("Nashville", "TN", "37206", "615"), ("Salt Lake City", "UT", "84102", "801"),
    ("Albuquerque", "NM", "87106", "505"), ("Pittsburgh", "PA", "15213", "412"),
    ("Richmond", "VA", "23220", "804"), ("Kansas City", "MO", "64111", "816"),
    ("Tucson", "AZ", "85719", "520"), ("Baltimore", "MD", "21218", "410"),
    ("Providence", "RI", "02906", "401"), ("Burlington", "VT", "05401", "802"),
    ("Boise", "ID", "83702", "208"), ("Omaha", "NE", "68131", "402"),
    ("New Orleans", "LA", "70115", "504"), ("Louisville", "KY", "40204", "502"),
    ("Sacramento", "CA", "95816", "916"), ("Ann Arbor", "MI", "48104", "734"),
    ("Durham", "NC", "27701", "919"), ("Tampa", "FL", "33606", "813"),
    ("Jersey City", "NJ", "07302", "201"), ("Honolulu", "HI", "96816", "808"),
    ("Anchorage", "AK", "99501", "907"), ("Des Moines", "IA", "50312", "515"),
    ("Spokane", "WA", "99203", "509"), ("Savannah", "GA", "31401", "912"),
]

STREETS = [
    "Alder", "Birch", "Cedar", "Willow", "Maple", "Juniper", "Magnolia", "Sycamore",
    "Harbor View", "Lakeshore", "Ridgeway", "Fairmount", "Chestnut", "Highland", "Prospect",
    "Union", "Orchard", "Meridian", "Westbrook", "Clement", "Linden", "Poplar", "Bayard",
    "Garfield", "Delmar", "Kingsley", "Foxglove", "Riverside", "Summit", "Hawthorne",
]
SUFFIXES = ["St", "Ave", "Rd", "Dr", "Ln", "Ct", "Pl", "Blvd", "Way", "Ter"]

# The shipped world's curated customers: (full name, index into PLACES). Two different
# customers are both named Maria Garcia.
SHIPPED_CUSTOMERS: list[tuple[str, int]] = [
    ("Maya Okafor", 0), ("Daniel Whitaker", 1), ("Priya Raman", 2), ("Marcus Bell", 3),
    ("Sofia Castellanos", 4), ("Kenji Watanabe", 5), ("Aaliyah Brooks", 6),
    ("Tomasz Nowak", 7), ("Fatima Haddad", 8), ("Ethan Caldwell", 9), ("Grace Liu", 10),
    ("Samuel Adeyemi", 11), ("Olivia Fitzgerald", 12), ("Mateo Rivera", 13),
    ("Hannah Schultz", 14), ("Andre Baptiste", 15), ("Leila Farahani", 16),
    ("Connor McAllister", 17), ("Mei Chen", 18), ("Jamal Washington", 19),
    ("Ingrid Larsen", 20), ("Rahul Mehta", 21), ("Chloe Dubois", 22), ("Luis Hernandez", 23),
    ("Naomi Goldberg", 24), ("Tyrone Jackson", 25), ("Elena Petrova", 26),
    ("Kwame Mensah", 27), ("Rebecca Thornton", 28), ("Diego Morales", 29),
    ("Aisha Rahman", 30), ("Patrick O'Brien", 31), ("Yuki Tanaka", 32),
    ("Benjamin Carter", 33), ("Lucia Romano", 34), ("Omar Siddiqui", 35),
    ("Zoe Papadopoulos", 36), ("Isaac Abramowitz", 37), ("Camila Ortiz", 38),
    ("Henry Nakamura", 39), ("Nadia Kowalski", 0), ("Victor Oyelaran", 1),
    ("Sarah Lindqvist", 2), ("Jordan Ellis", 3), ("Amara Nwosu", 4), ("Gabriel Moreau", 5),
    ("Lan Nguyen", 6), ("Michael Chen", 7), ("Michelle Chen", 8), ("Maria Garcia", 1),
    ("Maria Garcia", 3), ("Rosa Delgado", 9), ("Arjun Kapoor", 10), ("Beatriz Santos", 11),
    ("Declan Murphy", 12), ("José Álvarez", 13), ("Esther Wojcik", 14), ("Malik Johnson", 15),
]
SHIPPED_GIFT_RECIPIENTS = ["Ruth Whitaker", "Tom Bell", "Anna Nowak", "Lena Haddad",
                           "Carlos Rivera", "June Liu", "Ada Mensah", "Paul Thornton",
                           "Rina Tanaka", "Sam Ortiz"]
EMAIL_DOMAINS = ["gmail.com", "yahoo.com", "outlook.com", "icloud.com", "proton.me",
                 "hotmail.com", "fastmail.com"]
CARD_BRANDS = ["Visa", "Mastercard", "American Express", "Discover"]
CARRIERS = {"UPS": 4, "FedEx": 3, "USPS": 5}  # carrier -> typical transit days
RETURN_REASONS = ["defective", "damaged", "no_longer_needed", "wrong_item"]
STATUS_COUNTS = {"processing": 18, "shipped": 18, "delivered": 93, "cancelled": 6,
                 "returned": 5}

# Order ids are "ord_" and five digits: each split draws its worlds' ids from its own block,
# so no order id of a test world is ever an order id of a train world (or of the shipped one).
ORDER_ID_BLOCKS: dict[str | None, tuple[int, int]] = {
    None: (10001, 20000), "train": (20000, 60000), "test": (60000, 80000),
    "bench": (80000, 100000)}
CUSTOMER_ID_BLOCKS: dict[str | None, tuple[int, int]] = {
    None: (1, 1000), "train": (1000, 6000), "test": (6000, 8000), "bench": (8000, 10000)}

POLICIES = [
    ("returns", "Most items can be returned within 30 days of delivery for a refund. Items must "
     "be unused or defective, with all parts. Final-sale items (clearance, pillows and brush "
     "heads) can be returned only when they arrived damaged, defective or not what was ordered. "
     "Start a return with the returns team to get an RMA number and a prepaid label."),
    ("refunds", "Refunds go back to the original payment method in 5 to 10 business days, or "
     "to store credit at once. A refund can never be more than what was paid for the order, "
     "less any earlier refunds. Gift card amounts come back as store credit."),
    ("shipping", "Shipping is free on every order. Orders leave our warehouse within two "
     "business days and arrive in three to five business days with UPS, FedEx or USPS. Tracking "
     "is emailed when the order ships."),
    ("cancellations", "An order can be cancelled, or its shipping address changed, while it is "
     "still processing. Once it has shipped it cannot be stopped; return it after delivery "
     "instead. Cancelling does not refund by itself: billing issues the refund."),
    ("warranty", "Electronics and small appliances carry the manufacturer's warranty shown on "
     "the product page, from 12 to 36 months. Warranty claims past the 30-day return window go "
     "to the manufacturer; we help with the paperwork."),
    ("price_adjustment", "If an item you bought drops in price on our site within 14 days of "
     "delivery, billing can refund the difference once."),
]


@dataclass(frozen=True)
class Plan:
    """What a world is drawn from: its people, its size and its id blocks."""

    customers: Sequence[tuple[str, int]]
    gift_recipients: Sequence[str]
    streets: Sequence[str]
    status_counts: dict[str, int]
    # n-th delivered order (1-based) -> days since delivery, pinning the window's edges
    pinned_deliveries: dict[int, int]
    first_order: int
    first_customer: int
    extra_open_rmas: int = 0
    gift_card_amounts: Sequence[int] = field(default=(1000, 1500, 2500))


def ascii_fold(text: str) -> str:
    return strip_accents(text)


def street_address(rng: random.Random, place: tuple[str, str, str, str], name: str,
                   streets: Sequence[str]) -> dict[str, str]:
    line2 = ""
    roll = rng.random()
    if roll < 0.22:
        line2 = f"Apt {rng.randint(1, 12)}{rng.choice('ABCDEF')}"
    elif roll < 0.30:
        line2 = f"Unit {rng.randint(2, 40)}"
    return {"name": name, "line1": f"{rng.randint(12, 9870)} {rng.choice(streets)} "
                                   f"{rng.choice(SUFFIXES)}",
            "line2": line2, "city": place[0], "state": place[1], "zip": place[2]}


def _email_local(rng: random.Random, name: str) -> str:
    first, _, last = ascii_fold(name).lower().replace("'", "").partition(" ")
    last = last or first
    style = rng.randrange(4)
    local = (f"{first}.{last}", f"{first[0]}{last}", f"{first}{last}{rng.randint(2, 99)}",
             f"{first}_{last[:4]}")[style]
    return local.replace(" ", "")


def make_customers(rng: random.Random, plan: Plan) -> list[Row]:
    rows: list[Row] = []
    emails: set[str] = set()
    for n, (name, place_index) in enumerate(plan.customers, start=1):
        place = PLACES[place_index]
        email = ""
        while not email or email in emails:
            local = _email_local(rng, name)
            email = f"{local}@{rng.choice(EMAIL_DOMAINS)}"
        emails.add(email)
        born = date(1950, 1, 1) + timedelta(days=rng.randrange(365 * 54))
        since = date(2019, 1, 1) + timedelta(days=rng.randrange(365 * 7 + 200))
        address = street_address(rng, place, name, plan.streets)
        rows.append({
            "customer_id": f"cus_{plan.first_customer + n - 1:04d}",
            "full_name": name,
            "email": email,
            "phone_e164": f"+1{place[3]}55501{n:02d}",  # the fictional 555-01xx block
            "zip": place[2],
            "date_of_birth": born.isoformat(),
            "address": address,
            "card_brand": rng.choice(CARD_BRANDS),
            "card_last4": f"{rng.randrange(10000):04d}",
            "member_since": since.isoformat(),
        })
    return rows


def tracking_number(rng: random.Random, carrier: str) -> str:
    if carrier == "UPS":
        return "1Z" + "".join(rng.choice("0123456789ABCDEFGHJKLMNPRSTUVWXY") for _ in range(16))
    if carrier == "FedEx":
        return "".join(rng.choice("0123456789") for _ in range(12))
    return "9400" + "".join(rng.choice("0123456789") for _ in range(18))


def order_lines(rng: random.Random) -> list[Row]:
    count = rng.choices([1, 2, 3], weights=[6, 3, 1])[0]
    lines = []
    for sku, _name, _cat, price, _ret, _war in rng.sample(PRODUCTS, count):
        qty = 2 if price < 4000 and rng.random() < 0.25 else 1
        unit = price
        if rng.random() < 0.12:  # bought on sale
            unit = (price * 85 // 100) // 100 * 100 + 99
        lines.append({"sku": sku, "qty": qty, "unit_price_cents": unit})
    return lines


def placed_date(rng: random.Random, status: str) -> date:
    if status == "processing":
        return TODAY - timedelta(days=rng.randint(0, 2))
    if status == "shipped":
        return TODAY - timedelta(days=rng.randint(3, 8))
    if status == "returned":
        return TODAY - timedelta(days=rng.randint(30, 120))
    return TODAY - timedelta(days=rng.randint(8, 120))


def make_orders(rng: random.Random, customers: list[Row], plan: Plan) -> list[Row]:
    statuses = [s for s, k in plan.status_counts.items() for _ in range(k)]
    rng.shuffle(statuses)
    owners = [c["customer_id"] for c in customers]  # every customer has at least one order
    owners += [rng.choice(customers)["customer_id"] for _ in range(len(statuses) - len(owners))]
    rng.shuffle(owners)
    by_id = {c["customer_id"]: c for c in customers}
    drafts: list[Row] = []
    delivered_seen = 0
    for status, owner in zip(statuses, owners, strict=True):
        customer = by_id[owner]
        placed = placed_date(rng, status)
        shipped: date | None = None
        delivered: date | None = None
        carrier: str | None = None
        tracking: str | None = None
        if status in ("shipped", "delivered", "returned"):
            carrier = rng.choice(sorted(CARRIERS))
            tracking = tracking_number(rng, carrier)
            shipped = placed + timedelta(days=rng.randint(1, 2))
        if status in ("delivered", "returned"):
            assert shipped is not None and carrier is not None
            transit = CARRIERS[carrier]
            delivered = shipped + timedelta(days=transit + rng.randint(-1, 2))
            if status == "delivered":
                delivered_seen += 1
                # pin both edges of the 30-day return window (day 30 open, day 31 closed)
                pinned = plan.pinned_deliveries.get(delivered_seen)
                if pinned is not None:
                    delivered = TODAY - timedelta(days=pinned)
                    shipped = delivered - timedelta(days=transit)
                    placed = shipped - timedelta(days=1)
            delivered = min(delivered, TODAY - timedelta(days=1))
        lines = order_lines(rng)
        total = sum(line["qty"] * line["unit_price_cents"] for line in lines)
        paid = total
        if rng.random() < 0.1:  # part paid with a gift card
            paid = total - min(total - 100, rng.choice(list(plan.gift_card_amounts)))
        if status == "cancelled" and rng.random() < 0.6:
            paid = 0  # payment declined: cancelled before any charge
        address = dict(customer["address"])
        if rng.random() < 0.12:
            address = street_address(rng, rng.choice(PLACES), rng.choice(plan.gift_recipients),
                                     plan.streets)
        drafts.append({
            "customer_id": owner, "status": status, "items": lines, "total_cents": total,
            "paid_cents": paid, "shipping_address": address,
            "placed_on": placed.isoformat(),
            "shipped_on": shipped.isoformat() if shipped else None,
            "delivered_on": delivered.isoformat() if delivered else None,
            "carrier": carrier, "tracking_number": tracking, "cancel_reason": None,
        })
    drafts.sort(key=lambda d: (d["placed_on"], d["customer_id"]))
    orders = []
    for n, draft in enumerate(drafts, start=plan.first_order):
        orders.append({"order_id": f"ord_{n:05d}", **draft})
    for order in orders:
        if order["status"] == "cancelled":
            order["cancel_reason"] = ("payment declined" if order["paid_cents"] == 0
                                      else "customer changed their mind")
    return orders


def make_returns(rng: random.Random, orders: list[Row], plan: Plan
                 ) -> tuple[list[Row], list[Row]]:
    """RMAs and refunds already on file: returned orders, refunded cancellations, open RMAs."""
    rmas: list[Row] = []
    refunds: list[Row] = []
    for order in orders:
        if order["status"] == "returned":
            line = order["items"][0]
            received = date.fromisoformat(order["delivered_on"]) + timedelta(days=9)
            rmas.append({"rma_id": "", "order_id": order["order_id"], "sku": line["sku"],
                         "reason": RETURN_REASONS[len(rmas) % len(RETURN_REASONS)],
                         "status": "received",
                         "created_on": (received - timedelta(days=6)).isoformat()})
            refunds.append({"refund_id": "", "order_id": order["order_id"],
                            "amount_cents": min(order["paid_cents"],
                                                line["qty"] * line["unit_price_cents"]),
                            "method": "original_payment", "status": "issued",
                            "issued_on": received.isoformat()})
        elif order["status"] == "cancelled" and order["paid_cents"] > 0:
            refunds.append({"refund_id": "", "order_id": order["order_id"],
                            "amount_cents": order["paid_cents"],
                            "method": rng.choice(["original_payment", "store_credit"]),
                            "status": "issued", "issued_on": order["placed_on"]})
    final_sale = {sku for sku, _n, _c, _p, returnable, _w in PRODUCTS if not returnable}
    open_candidates = [o for o in reversed(orders)
                       if o["status"] == "delivered" and o["items"][0]["sku"] not in final_sale
                       and (TODAY - date.fromisoformat(o["delivered_on"])).days <= 30]
    chosen = [next(o for o in reversed(orders)
                   if o["status"] == "delivered" and o["items"][0]["sku"] not in final_sale)]
    extra = [o for o in open_candidates if o is not chosen[0]]
    chosen += rng.sample(extra, min(plan.extra_open_rmas, len(extra)))
    for order in chosen:
        rmas.append({"rma_id": "", "order_id": order["order_id"],
                     "sku": order["items"][0]["sku"], "reason": "", "status": "open",
                     "created_on": (TODAY - timedelta(days=1)).isoformat()})
    rmas.sort(key=lambda r: (r["created_on"], r["order_id"]))
    refunds.sort(key=lambda r: (r["issued_on"], r["order_id"]))
    for n, rma in enumerate(rmas, start=1):
        rma["rma_id"] = f"rma_{n:04d}"
    for n, refund in enumerate(refunds, start=1):
        refund["refund_id"] = f"ref_{n:04d}"
    return ([{"rma_id": r.pop("rma_id"), **r} for r in rmas],
            [{"refund_id": r.pop("refund_id"), **r} for r in refunds])


SHIPPED_PLAN = Plan(customers=SHIPPED_CUSTOMERS, gift_recipients=SHIPPED_GIFT_RECIPIENTS,
                    streets=STREETS, status_counts=STATUS_COUNTS,
                    pinned_deliveries={7: 30, 19: 31}, first_order=10001, first_customer=1)


def _full_names(rng: random.Random, names: NamePool, count: int) -> list[str]:
    """``count`` distinct full names from the pool, two of them sharing a surname."""
    chosen = names.people(rng, count)
    # a household: two accounts with one surname (look-alike names an agent must tell apart)
    household = f"{chosen[1].split(' ', 1)[0]} {chosen[0].split(' ', 1)[1]}"
    if household.casefold() not in {name.casefold() for name in chosen}:
        chosen[1] = household
    return chosen


def plan_for(split: str | None, names: NamePool, rng: random.Random) -> Plan:
    """A generated world's plan: its people from ``names``, its sizes and id blocks from the rng."""
    count = rng.randint(48, 64)
    full_names = _full_names(rng, names, count + 12)
    customers = [(name, rng.randrange(len(PLACES))) for name in full_names[:count]]
    # one name on two accounts that differ by ZIP (verification must use the ZIP)
    twin_name, twin_place = customers[2]
    other_place = rng.choice([i for i, p in enumerate(PLACES) if p[2] != PLACES[twin_place][2]])
    customers.append((twin_name, other_place))
    rng.shuffle(customers)
    counts = {"processing": rng.randint(14, 22), "shipped": rng.randint(14, 22),
              "delivered": rng.randint(80, 100), "cancelled": rng.randint(5, 8),
              "returned": rng.randint(4, 7)}
    total = sum(counts.values())
    low, high = ORDER_ID_BLOCKS[split]
    customer_low, customer_high = CUSTOMER_ID_BLOCKS[split]
    edges = rng.sample(range(1, counts["delivered"] + 1), 6)
    streets = list(names.street_names) or STREETS
    return Plan(customers=customers, gift_recipients=full_names[count:], streets=streets,
                status_counts=counts,
                pinned_deliveries={n: (30 if i < 3 else 31) for i, n in enumerate(edges)},
                first_order=rng.randrange(low, high - total),
                first_customer=rng.randrange(customer_low, customer_high - len(customers)),
                extra_open_rmas=rng.randint(1, 3),
                gift_card_amounts=(500, 1000, 1500, 2000, 2500))


def build(seed: int, names: NamePool) -> dict[str, list[Row]]:
    """The customer_support world of ``seed`` (0 = the shipped seed.json)."""
    if seed == 0:
        rng = random.Random(SHIPPED_SEED)
        plan = SHIPPED_PLAN
    else:
        rng = random.Random(f"customer_support/{seed}")
        plan = plan_for(split_of(seed), names, rng)
    customers = make_customers(rng, plan)
    products = [{"sku": sku, "name": name, "category": cat, "price_cents": price,
                 "returnable": returnable, "warranty_months": warranty}
                for sku, name, cat, price, returnable, warranty in PRODUCTS]
    orders = make_orders(rng, customers, plan)
    rmas, refunds = make_returns(rng, orders, plan)
    policies = [{"topic": topic, "text": text} for topic, text in POLICIES]
    return {"customers": customers, "products": products, "policies": policies,
            "orders": orders, "rmas": rmas, "refunds": refunds}
