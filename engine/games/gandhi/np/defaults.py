"""The shape of a non-player's Operation and Special Activities when its execution began
without an Arjuna card (a bot that took a seat over in the middle of a turn): the column
the Arjuna cards name for that Operation, and the Special Activities in the order most
cards list them."""

from __future__ import annotations

from typing import Any

BOXES: dict[str, dict[str, Any]] = {
    "raj:deploy": {"column": "place_cubes"},
    "raj:sweep": {"column": "sweep"},
    "raj:assault": {"column": "remove_or_replace", "wavell": True},
    "raj:garrison": {"column": "sweep"},
    "congress:rally": {"column": "place_activists"},
    "congress:demonstrate": {"column": "demonstrate"},
    "congress:civil_disobedience": {"column": "place_protests", "railway": True},
    "congress:non_cooperation": {"column": "shift_to_opposition"},
    "muslim_league:rally": {"column": "place_activists", "bases": True},
    "muslim_league:demonstrate": {"column": "demonstrate"},
    "muslim_league:civil_disobedience": {"column": "place_protests", "railway": True},
    "muslim_league:non_cooperation": {"column": "shift_to_opposition", "muslim": True},
    "revolutionaries:rally": {"column": "place_guerrillas", "bases": True},
    "revolutionaries:march": {"column": "march"},
    "revolutionaries:attack": {"column": "attack_or_underground"},
    "revolutionaries:unrest": {"column": "place_unrest"},
}
ACTIVITIES: dict[str, list[dict[str, Any]]] = {
    "raj": [{"activity": "govern", "spaces": 2,
             "steps": ["remove_protests", "imperialism", "remove_adversaries"]},
            {"activity": "martial_law", "column": "remove_or_replace"}],
    "congress": [{"activity": "satyagraha", "steps": ["remove_unrest", "add_activist"]},
                 {"activity": "persuade", "spaces": 2,
                  "steps": ["activate", "remove_adversaries"]}],
    "muslim_league": [{"activity": "infiltrate", "steps": ["muslim_state"], "crisis": True},
                      {"activity": "persuade", "spaces": 2,
                       "steps": ["activate", "remove_adversaries"]},
                      {"activity": "infiltrate", "steps": ["replace"]}],
    "revolutionaries": [{"activity": "infiltrate", "steps": ["base"], "crisis": True},
                        {"activity": "infiltrate", "steps": ["replace"]},
                        {"activity": "aid", "spaces": 2, "steps": ["underground"]}],
}


def default_box(faction: str, op: str) -> dict[str, Any]:
    return {"op": op, **BOXES.get(f"{faction}:{op}", {})}


def default_sas(faction: str) -> list[dict[str, Any]]:
    return [dict(o) for o in ACTIVITIES.get(faction, [])]
