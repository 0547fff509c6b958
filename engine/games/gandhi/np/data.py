"""The non-player data (8.1-8.8): the 24 Arjuna cards, the Space Selection Priorities
tables, the Random Spaces map, the Adversary Priorities and the Effective Events table,
read from ``data/np/*.toml`` and checked; a game's deck pack may override any of it with an
``[np]`` table (``[np.arjuna.<id>]`` whole cards, ``[np.space_selection.<faction>]``,
``[np.random_spaces]``, ``[np.event_columns.<faction>]``), as it overrides card faces
(DESIGN.md §1).  What the books do not give is marked ``inferred`` in the files."""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.coin.np_arjuna import Box, check_program
from engine.games.gandhi.board import default_map
from engine.games.gandhi.pieces import FACTIONS

DATA = Path(__file__).resolve().parent.parent / "data" / "np"
OPERATIONS = {
    "raj": ("deploy", "sweep", "assault"),
    "congress": ("rally", "demonstrate", "civil_disobedience", "non_cooperation"),
    "muslim_league": ("rally", "demonstrate", "civil_disobedience", "non_cooperation"),
    "revolutionaries": ("rally", "march", "attack", "unrest"),
}
ACTIVITIES = {
    "raj": ("govern", "martial_law", "treaty"),
    "congress": ("negotiate", "satyagraha", "persuade"),
    "muslim_league": ("negotiate", "infiltrate", "persuade"),
    "revolutionaries": ("aid", "infiltrate", "assassinate"),
}
QUESTIONS = frozenset({
    "die_le_available_troops", "cubes_exceed_active", "two_pop_province_no_control",
    "two_spaces_cubes_and_active", "city_troops_exceed_province_troops", "protest_cubes_6",
    "protest_without_activists", "two_pop_active_opposition", "cubes_exceed_active_two_pop",
    "underground_in_support", "protests_all_have_cubes", "twice_cubes_exceed_active",
    "congress_activists_6", "die_le_available_jail_congress", "nv_activists_ge_cubes",
    "protests_available_2", "protest_available", "congress_piece_no_protest", "nc_eligible",
    "protest_without_congress", "protest_with_control", "underground_in_opposition",
    "die_le_jail_congress", "league_activists_6", "die_le_jail_league",
    "die_le_available_jail_league", "league_activist_no_protest", "muslim_nc_eligible",
    "crisis", "negotiate_would_place_muslim_state", "underground_in_muslim",
    "sa_was_negotiate", "guerrillas_6", "die_le_available_guerrillas",
    "guerrillas_exceed_unity_no_base", "underground_without_unrest", "guerrillas_3",
    "two_pop_province_no_unrest_no_guerrillas", "guerrillas_two_pop_no_unrest",
    "underground_two_two_pop_no_unrest", "unrest_or_base_without_guerrillas",
    "guerrillas_3_no_unrest", "guerrilla_without_unrest"})
STEPS = frozenset({
    "remove_protests", "imperialism", "remove_adversaries", "remove_unrest", "add_activist",
    "activate", "release_gandhi", "remove_muslim_state", "muslim_state", "replace", "base",
    "underground"})
ROWS = frozenset({
    "no_raj_control", "twice_cubes_exceed_active", "two_pop", "protest", "no_protest",
    "fewest_active_adversaries", "unrest", "no_troops", "most_opposition", "neutral",
    "adjacent_most_adversaries", "muslim_state", "random", "not_active_opposition",
    "non_muslim", "raj_control", "fewest_cubes", "most_support", "most_ml_bases", "muslim",
    "no_ml_base", "congress_ge_league", "rev_base_without_guerrillas",
    "unrest_without_guerrillas", "most_rev_bases", "one_two_guerrillas_no_base", "no_unrest",
    "most_guerrillas"})
WHEN = frozenset({"assault", "deploy", "raj_player", "nv_player"})


class NpDataError(ValueError):
    """Non-player data (a file or a pack's ``[np]`` table) breaks a rule."""


@dataclass(frozen=True)
class ArjunaCard:
    """One face of an Arjuna card (8.3)."""

    id: str
    faction: str
    face: str            # "front" (light, one letter) or "back" (dark, two letters)
    other: str           # the id of its other face
    max: str             # the header: "R", "2", "3" (Revolutionaries) or "nv"
    boxes: tuple[Box, ...]
    source: str = ""
    status: str = ""     # "stated", "inferred", "pack": how much of it is known


@dataclass(frozen=True)
class TableRow:
    id: str
    columns: tuple[str, ...]
    when: str | None = None


@dataclass(frozen=True)
class NpData:
    cards: Mapping[str, ArjunaCard]
    columns: Mapping[str, tuple[str, ...]]          # Faction -> its columns, left to right
    rows: Mapping[str, tuple[TableRow, ...]]        # Faction -> its rows, top to bottom
    regions: tuple[tuple[str, ...], ...]
    adversary_order: tuple[str, ...]
    most_common: tuple[str, ...]
    never: Mapping[str, tuple[str, ...]]
    effective: Mapping[str, tuple[str, ...]]
    event_columns: Mapping[str, Mapping[str, str]]

    def fronts(self, faction: str) -> list[str]:
        return [c.id for c in self.cards.values() if c.faction == faction and c.face == "front"]

    def column_rows(self, faction: str, column: str) -> list[TableRow]:
        return [r for r in self.rows[faction] if column in r.columns]


def _read(name: str) -> dict[str, Any]:
    with (DATA / name).open("rb") as fh:
        return tomllib.load(fh)


def _box(raw: Mapping[str, Any], where: str) -> Box:
    params = {k: v for k, v in raw.items()
              if k not in ("ask", "op", "sa", "yes", "no", "then", "label")}
    label = raw.get("label")
    if "ask" in raw:
        if raw["ask"] not in QUESTIONS:
            raise NpDataError(f"{where}: unknown question {raw['ask']!r}")
        return Box("ask", label, raw["ask"], raw.get("yes", "next"), raw.get("no", "next"))
    if "op" in raw:
        return Box("op", label, then=raw.get("then", "next"), params={"op": raw["op"], **params})
    if "sa" in raw:
        options = raw["sa"]
        if not isinstance(options, list) or not options:
            raise NpDataError(f"{where}: a Special Activity box lists its options")
        for option in options:
            bad = set(option.get("steps", ())) - STEPS
            if bad:
                raise NpDataError(f"{where}: unknown step {sorted(bad)[0]!r}")
        return Box("sa", label, then=raw.get("then", "next"), params={"options": options})
    raise NpDataError(f"{where}: a box is a question, an Operation or Special Activities")


def _card(card_id: str, raw: Mapping[str, Any], status: str) -> ArjunaCard:
    where = f"Arjuna card {card_id}"
    faction = raw.get("faction")
    if faction not in FACTIONS:
        raise NpDataError(f"{where}: faction must be one of {', '.join(FACTIONS)}")
    boxes = tuple(_box(b, where) for b in raw.get("boxes", ()))
    for box in boxes:
        if box.kind == "op" and box.params["op"] not in OPERATIONS[faction]:
            raise NpDataError(f"{where}: {box.params['op']!r} is no Operation of {faction}")
        if box.kind == "sa":
            for option in box.params["options"]:
                if option.get("activity") not in ACTIVITIES[faction]:
                    raise NpDataError(f"{where}: {option.get('activity')!r} is no Special "
                                      f"Activity of {faction}")
    problem = check_program(boxes)
    if problem:
        raise NpDataError(f"{where}: {problem}")
    face = raw.get("face")
    if face not in ("front", "back"):
        raise NpDataError(f"{where}: face is front or back")
    known = raw.get("arrows_status", "inferred")
    return ArjunaCard(card_id, faction, face, str(raw.get("other", "")), str(raw.get("max", "")),
                      boxes, str(raw.get("source", "")), status or known)


def _tables(raw: Mapping[str, Any], where: str) -> tuple[tuple[str, ...], tuple[TableRow, ...]]:
    columns = tuple(raw.get("columns", ()))
    rows = []
    for row in raw.get("rows", ()):
        if row.get("id") not in ROWS:
            raise NpDataError(f"{where}: unknown row {row.get('id')!r}")
        if row.get("when") not in (None, *WHEN):
            raise NpDataError(f"{where}: unknown condition {row.get('when')!r}")
        bad = set(row.get("columns", ())) - set(columns)
        if bad:
            raise NpDataError(f"{where}: row {row['id']} names an unknown column")
        rows.append(TableRow(row["id"], tuple(row.get("columns", ())), row.get("when")))
    return columns, tuple(rows)


@functools.lru_cache(maxsize=16)
def np_data(pack: str | None = None) -> NpData:
    """The non-player data, with a deck pack's ``[np]`` table applied; raises
    ``NpDataError``."""
    arjuna, tables = _read("arjuna.toml"), _read("tables.toml")
    override: Mapping[str, Any] = {}
    if pack is not None:
        override = tomllib.loads(pack).get("np", {})
        if not isinstance(override, Mapping):
            raise NpDataError("deck pack: [np] must be a table")
        extra = set(override) - {"arjuna", "space_selection", "random_spaces", "event_columns"}
        if extra:
            raise NpDataError(f"deck pack: [np] cannot set {', '.join(sorted(extra))}")
    raw_cards = {**arjuna["cards"], **override.get("arjuna", {})}
    cards = {cid: _card(cid, raw, "pack" if cid in override.get("arjuna", {}) else "")
             for cid, raw in raw_cards.items()}
    for card in cards.values():
        other = cards.get(card.other)
        if other is None or other.other != card.id or other.faction != card.faction:
            raise NpDataError(f"Arjuna card {card.id}: its other face {card.other!r} is missing")
    for faction in FACTIONS:
        if not [c for c in cards.values() if c.faction == faction and c.face == "front"]:
            raise NpDataError(f"Arjuna cards: {faction} has no card")
    selection = {**tables["space_selection"], **override.get("space_selection", {})}
    columns, rows = {}, {}
    for faction in FACTIONS:
        columns[faction], rows[faction] = _tables(selection[faction],
                                                  f"space selection ({faction})")
    regions = override.get("random_spaces", tables["random_spaces"])["regions"]
    spaces = set(default_map().non_railway)
    if len(regions) != 6 or any(len(r) != 6 for r in regions) or \
            not set(s for r in regions for s in r) <= spaces:
        raise NpDataError("random spaces: six regions of six Cities, Provinces or States")
    adversary = tables["adversary_priorities"]
    event_columns = {f: {**tables["event_columns"][f],
                         **override.get("event_columns", {}).get(f, {})} for f in FACTIONS}
    for faction, mapping in event_columns.items():
        bad = set(mapping.values()) - set(columns[faction])
        if bad:
            raise NpDataError(f"event columns ({faction}): unknown column {sorted(bad)[0]!r}")
    return NpData(
        cards=cards, columns=columns, rows=rows,
        regions=tuple(tuple(r) for r in regions),
        adversary_order=tuple(adversary["order"]), most_common=tuple(adversary["most_common"]),
        never={f: tuple(v) for f, v in adversary["never"].items()},
        effective={f: tuple(tables["effective"][f]) for f in FACTIONS},
        event_columns=event_columns)


def np_problem(pack: str | None) -> str | None:
    """Why a pack's ``[np]`` table cannot be used, or None."""
    try:
        np_data(pack)
    except (NpDataError, tomllib.TOMLDecodeError, KeyError, TypeError) as exc:
        return str(exc)
    return None
