"""A Distant Plain's spec for the shared COIN machinery (``data/spec.toml``) and the names
of its piece kinds as they stand on the map."""

from __future__ import annotations

from pathlib import Path

from engine.coin.spec import load_spec

SPEC = load_spec((Path(__file__).parent / "data" / "spec.toml").read_text(encoding="utf-8"))
FACTIONS: tuple[str, ...] = SPEC.factions        # coalition, government, taliban, warlords
COIN: frozenset[str] = SPEC.coin
INSURGENTS: frozenset[str] = SPEC.insurgents

COALITION_TROOPS, COALITION_BASES = "coalition_troops", "coalition_bases"
GOVERNMENT_TROOPS, POLICE, GOVERNMENT_BASES = "government_troops", "police", "government_bases"
TALIBAN_UNDERGROUND, TALIBAN_ACTIVE, TALIBAN_BASES = (
    "taliban_underground", "taliban_active", "taliban_bases")
WARLORDS_UNDERGROUND, WARLORDS_ACTIVE, WARLORDS_BASES = (
    "warlords_underground", "warlords_active", "warlords_bases")
BASES = frozenset({COALITION_BASES, GOVERNMENT_BASES, TALIBAN_BASES, WARLORDS_BASES})
TROOPS = frozenset({COALITION_TROOPS, GOVERNMENT_TROOPS})
GOVERNMENT_CUBES = (GOVERNMENT_TROOPS, POLICE)
# 1.4.3 each Faction's Guerrillas: (Underground, Active)
GUERRILLAS = {"taliban": (TALIBAN_UNDERGROUND, TALIBAN_ACTIVE),
              "warlords": (WARLORDS_UNDERGROUND, WARLORDS_ACTIVE)}
MAP_KINDS: tuple[str, ...] = tuple(SPEC.pieces)
# the data files' piece types (one per box kind) -> the kind a newly placed piece takes
# (1.4.3: newly placed Guerrillas are Underground)
PLACED_AS = {box: box for box in SPEC.inventory} | {
    "taliban_guerrillas": TALIBAN_UNDERGROUND, "warlords_guerrillas": WARLORDS_UNDERGROUND}

ISLAMABAD_BOXES = ("hostility", "pressure", "tolerance", "backing", "sponsorship")  # 6.6.1
BACKING = ISLAMABAD_BOXES.index("backing")
TERROR_SABOTAGE_MARKERS = 30   # 1.7 "Hay 30" (one pool, Terror on one side: choice noted)
RETURNEES_MARKERS = 6          # 4.3.1
DECEPTION_HAND = 2             # 7.3 Deception option: markers each player draws
UNKNOWN = "unknown"            # a face-down marker this copy of the state may not see
