"""Write ``rewards/worlds/_pool_data.py``: the candidate names the world generators draw from.

A development script (needs ``pip install faker``); the generated module is committed, so the
package never needs faker. Names are folded to ASCII letters, hyphens, apostrophes and spaces,
and every name sharing a word with the shipped data (seed.json, industry.json, lockfiles) is
left out. ``rewards/worlds/names.py`` splits the candidates between train, test and bench."""

from __future__ import annotations

import importlib
import json
import random
import re
from pathlib import Path
from typing import Any

from rewards.normalize import strip_accents

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "rewards" / "worlds" / "_pool_data.py"
VALID = re.compile(r"^[A-Z][A-Za-z]*(?:[-' ][A-Za-z][A-Za-z]*){0,2}$")
SPECIAL = str.maketrans({"ł": "l", "Ł": "L", "ı": "i", "İ": "I", "ø": "o", "Ø": "O",
                         "ß": "ss", "æ": "ae", "Æ": "Ae", "đ": "d", "Đ": "D", "’": "'"})

def _list(text: str) -> list[str]:
    return text.split()


# Names faker lacks in Latin script, and names that stress the fuzzy-name rule.
EXTRA_FIRST = _list("""Siobhan Niamh Aoife Saoirse Caoimhe Oisin Tadhg Ciaran Eoghan Sinead Grainne Roisin
Chidinma Nnamdi Chiamaka Obinna Ifeoma Chukwuemeka Ngozi Uchenna Adaeze Ikenna Oluwadamilola
Thi Huong Minh Anh Thuy Quang Duc Phuong Linh Khanh Thao Trung Hieu
Ji-woo Seo-yeon Do-yun Ha-eun Jae-hyun Soo-ah Hyun-woo Eun-ji Ye-jin Tae-yang
Haruto Sakura Hinata Ren Yui Sota Aoi Kaito Mei Riku Hana Daiki
Xiaoling Jianguo Yifan Zihan Haoran Xinyi Ruoxi Mingyu Jiahui Wenjun
Aarav Vihaan Ananya Ishaan Saanvi Rohan Kavya Arjun Diya Nikhil Meera Sanjay
Mohammed Yusuf Layla Mariam Khalid Nour Hamza Amira Tariq Yasmin Bilal Rania Karim Salma
Kofi Ama Kwabena Abena Yaw Akosua Esi Kwesi Efua Kojo
Zanele Thandiwe Sipho Nomvula Bongani Lerato Themba Ayanda
Mariana Joao Thiago Leticia Rafaela Gustavo Bruna Caio""")

EXTRA_SURNAMES = _list("""Okonkwo Nwachukwu Obiora Eze Chukwu Okeke Nnaji Uzoma Onyekachi Ibekwe Anozie Ezeh
Nguyen Tran Le Pham Hoang Huynh Phan Vu Vo Dang Bui Do Ho Ngo Duong Ly Truong Dinh Lam Luong
Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Zhu Hu Guo Lin Gao Luo Zheng Liang Xie
Song Tang Han Feng Deng Cao Peng Zeng Xiao Tian Dong Pan Yuan Cai Jiang Yu Du Ye Cheng Wei
Kim Park Choi Jung Kang Cho Yoon Jang Lim Shin Yoo Kwon Hwang Ahn Jeon Hong Moon Baek
Sato Suzuki Takahashi Watanabe Ito Yamamoto Kobayashi Kato Yoshida Yamada Sasaki Yamaguchi
Matsumoto Inoue Kimura Hayashi Shimizu Yamazaki Mori Abe Ikeda Hashimoto Ishikawa Ogawa
Haddad Khoury Nasser Hamdan Saleh Mansour Aziz Rahimi Karimi Hosseini Moradi Tehrani Sadeghi
Qureshi Chaudhry Siddiqui Ansari Sheikh Malik Javed Butt Mirza Abbasi
Mensah Owusu Boateng Asante Osei Appiah Agyeman Amoah Darko Ofori
Dlamini Nkosi Ndlovu Mahlangu Khumalo Zulu Mthembu Cele Ngcobo Buthelezi""")

TWO_PART = ["de la Cruz", "de la Fuente", "del Rosario", "van der Berg", "van den Heuvel",
            "Van Buren", "van Dijk", "de Vries", "dos Santos", "da Costa", "da Silva", "de Souza",
            "Mac Giolla", "Mac an tSaoir", "Ni Bhriain", "Ben-David", "Al-Amin", "Al-Hashimi",
            "El-Sayed", "Abu-Bakr", "Le Roux", "De Luca", "Di Stefano", "La Rosa", "St John",
            "Bin Laden", "de Leon", "del Valle", "van Houten", "ter Horst", "von Ahn",
            "O'Sullivan", "O'Donoghue", "O'Keeffe", "McNamara", "MacDougall", "D'Angelo",
            "D'Souza", "N'Diaye", "Ni Dhonnchadha"]

COMPANY_WORDS = _list("""Apex Beacon Bluestone Boulder Brightline Broadleaf Canopy Cascade Cedarline
Clearwater
Cobalt Compass Copperfield Cornerstone Crestview Crown Cypress Dawnlight Deepwater Eastgate
Elmstead Emberline Evergreen Fairview Falcon Fieldstone Firefly Flagstone Foxhollow Frontier
Galaxy Garnet Glacier Goldleaf Granite Greenfield Greystone Halcyon Harborline Hearthstone
Highpoint Horizon Ironwood Ivory Keystone Kingfisher Lakeside Landmark Lanternfly Larkspur
Lighthouse Longview Lumina Magnet Mariner Meadowbrook Millstone Monarch Moonstone Northstar
Northwind Oakridge Obsidian Orion Osprey Pacifica Palisade Paragon Peregrine Pinecrest Pioneer
Polaris Prairie Quarry Quicksilver Radiant Redwood Ridgeline Riverbend Rockport Sagebrush
Sandstone Sapphire Seaside Sentinel Sequoia Shoreline Silverline Skyline Solstice Sterling
Stonebridge Summitry Sunridge Tallgrass Thistle Timberline Topaz Trailhead Trident Tundra
Upland Vanguard Vantage Verity Vista Wavecrest Westfield Whitewater Wildflower Windmill
Wolfpine Zenith Zephyr Amberly Aspenwood Bayview Birchwood Bramble Calloway Crescent
Dovetail Driftwood Everbright Foxglove Glenmore Hollowell Juniperline Kestrel Marigold
Nettlefield Pemberton Quillon Rosewood Saltmarsh Thornbury Underhill Valemont Wexford""")

STREET_NAMES = _list("""Acacia Amberwood Ashbury Aspen Bancroft Barrington Baxter Beechwood Bellevue Berkeley
Blackstone Bluebell Bradford Briarwood Brookline Buckingham Cambridge Camden Carlisle
Carrington Chatham Clarendon Claremont Clifton Cloverdale Colonial Concord Coventry Cranberry
Dartmouth Devonshire Dogwood Dorchester Dover Dunmore Eastwood Edgewater Elmhurst Essex
Evergreen Fairfax Fernwood Fleetwood Glendale Glenwood Greenbriar Hamilton Hampton Hanover
Harrington Hartford Heather Hemlock Hickory Hillcrest Hollyhock Huntington Ivy Kensington
Kingston Lafayette Larchmont Laurel Lexington Lincoln Linwood Locust Longfellow Mayfair
Mulberry Newbury Norwood Oakmont Oxford Parkview Pembroke Pinehurst Primrose Quincy Radcliffe
Regent Rochester Rosemont Salem Sheffield Sherwood Somerset Stratford Sutton Tamarack Thornton
Trenton Tudor Vernon Waverly Wellington Westminster Whitehall Wilshire Winchester Windsor
Woodbine Woodland Yorkshire""")


def fold(text: str) -> str:
    return strip_accents(text.translate(SPECIAL)).strip()


def words(name: str) -> list[str]:
    return [w.casefold() for w in re.findall(r"[A-Za-z]+", name) if len(w) >= 3]


def shipped_words() -> set[str]:
    """Every capitalised word of the shipped data, folded."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            for token in re.findall(r"[A-Z][A-Za-z]*(?:[-'][A-Za-z]+)*", fold(value)):
                found.update(words(token))
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for path in sorted((ROOT / "tasks").glob("*/*.json")) + sorted(
            (ROOT / "tasks").glob("*/tasks/*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return found


def faker_list(locale: str, attr: str, limit: int, rng: random.Random) -> list[str]:
    provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
    values = list(dict.fromkeys(getattr(provider, attr)))
    return rng.sample(values, min(limit, len(values)))


PARTICLES = {"de", "del", "della", "van", "von", "da", "dos", "di", "le", "la", "st", "o", "mac",
             "ni", "nic", "ui", "bin", "ben", "al", "el", "abu", "ter", "den", "du"}


def clean(names: list[str], shipped: set[str]) -> list[str]:
    out: dict[str, None] = {}
    for raw in names:
        name = fold(raw)
        if not VALID.match(name) or not 2 <= len(name) <= 24:
            continue
        parts = name.split(" ")
        if len(parts) > 1 and (parts[0].casefold() not in PARTICLES or not parts[-1][0].isupper()):
            continue  # two-part surnames only with a particle: "de la Cruz", "O Briain"
        if any(w in shipped for w in words(name)) or not words(name):
            continue
        out.setdefault(name, None)
    return sorted(out)


def main() -> None:
    rng = random.Random(10)
    shipped = shipped_words()
    first = [*EXTRA_FIRST]
    for locale, limit in (("en_US", 690), ("en_IE", 500), ("en_IN", 400), ("es_MX", 347),
                          ("yo_NG", 170), ("tw_GH", 264), ("sw", 200), ("tr_TR", 250),
                          ("de_DE", 250), ("fr_FR", 219), ("pt_BR", 282), ("it_IT", 300),
                          ("pl_PL", 153), ("zu_ZA", 88), ("ga_IE", 200)):
        first += faker_list(locale, "first_names", limit, rng)
    first += faker_list("zh_CN", "first_romanized_names", 23, rng)
    surnames = [*EXTRA_SURNAMES, *TWO_PART]
    for locale, attr, limit in (("en_US", "last_names", 1000), ("en_IE", "last_names", 700),
                                ("en_IN", "last_names", 554), ("es_MX", "last_names", 623),
                                ("yo_NG", "last_names", 196), ("tw_GH", "last_names", 283),
                                ("sw", "last_names", 144), ("de_DE", "last_names", 406),
                                ("fr_FR", "last_names", 400), ("pt_BR", "last_names", 102),
                                ("it_IT", "last_names", 500), ("pl_PL", "unisex_last_names", 400),
                                ("tr_TR", "last_names", 61), ("zh_CN", "last_romanized_names", 91),
                                ("ga_IE", "last_names", 200)):
        surnames += faker_list(locale, attr, limit, rng)
    base = clean(surnames, shipped)
    hyphenated = [f"{a}-{b}" for a, b in zip(rng.sample(base, 300), rng.sample(base, 300),
                                             strict=True) if a != b and " " not in a + b]
    lists = {"FIRST_NAMES": clean(first, shipped),
             "SURNAMES": clean(base + hyphenated, shipped),
             "COMPANY_WORDS": clean(COMPANY_WORDS, shipped),
             "STREET_NAMES": clean(STREET_NAMES, shipped)}
    lines = ['"""Candidate names for generated worlds (written by scripts/make_name_pools.py; do not',
             'edit by hand). ``names.py`` splits them between train, test and bench."""', ""]
    for name, values in lists.items():
        lines.append(f"{name}: tuple[str, ...] = (")
        row = "   "
        for value in values:
            item = f" {json.dumps(value)},"
            if len(row) + len(item) > 99:
                lines.append(row)
                row = "   "
            row += item
        lines.append(row)
        lines.append(")")
        lines.append("")
    OUT.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {OUT}: " + ", ".join(f"{k} {len(v)}" for k, v in lists.items()))


if __name__ == "__main__":
    main()
