"""Gandhi's Factions, pieces and component counts (rules 1.2, 1.4, facts §0), as its
spec for the shared COIN machinery declares them (``data/spec.toml``)."""

from __future__ import annotations

from pathlib import Path

from engine.coin.spec import CoinSpec, load_spec

SPEC: CoinSpec = load_spec((Path(__file__).parent / "data" / "spec.toml").read_text("utf-8"))

RAJ, CONGRESS, MUSLIM_LEAGUE, REVOLUTIONARIES = (
    "raj", "congress", "muslim_league", "revolutionaries")
FACTIONS = SPEC.factions
NV_FACTIONS = tuple(f for f in FACTIONS if SPEC.sides[f] == "nonviolent")  # 1.5
TIE_ORDER = (MUSLIM_LEAGUE, CONGRESS, REVOLUTIONARIES)  # 7.1

# Piece kinds as they stand in a space.  Activists are Active only by position (1.4.3),
# so no Active/Inactive split is stored; Guerrillas flip, so they are two kinds.
TROOPS, SEPOYS = "troops", "sepoys"
CONGRESS_ACTIVISTS, ML_ACTIVISTS, GANDHI = "congress_activists", "ml_activists", "gandhi"
GUERRILLAS_UNDERGROUND, GUERRILLAS_ACTIVE = "guerrillas_underground", "guerrillas_active"
ML_BASES, REV_BASES = "ml_bases", "rev_bases"
GUERRILLAS = "guerrillas"  # the kind in boxes off the map (Available, Out of Play)

MAP_KINDS = (TROOPS, SEPOYS, CONGRESS_ACTIVISTS, ML_ACTIVISTS, GANDHI,
             GUERRILLAS_UNDERGROUND, GUERRILLAS_ACTIVE, ML_BASES, REV_BASES)
CUBES = (TROOPS, SEPOYS)

# 1.2 and the Available Forces chart: the whole inventory.
INVENTORY = dict(SPEC.inventory)
UNREST_STRIKE_MARKERS = SPEC.markers["unrest"].supply or 0  # 1.11, 1.12
PROTEST_MARKERS = SPEC.markers["protest"].supply or 0       # 1.10
RESOURCES_MAX = SPEC.resources.high                          # 1.8
# Restraint and Unity (5.1.4, 6.6, 6.7)
TRACK_MIN, TRACK_MAX = SPEC.tracks["restraint"].low, SPEC.tracks["restraint"].high

# Facts §0 (derived from 1.10 and the tutorial): Protest markers usable by Operations
# at each Restraint level.
PROTEST_CAP = {5: 1, 4: 2, 3: 4, 2: 5, 1: 6}

OWNER = {kind: piece.owner for kind, piece in SPEC.pieces.items()}
assert set(MAP_KINDS) == set(OWNER), "data/spec.toml and pieces.py name other kinds"


def box_kind(kind: str) -> str:
    """The kind a map piece has in the Available/Out of Play boxes."""
    return SPEC.box_kind(kind)


def activists_of(faction: str) -> str:
    return CONGRESS_ACTIVISTS if faction == CONGRESS else ML_ACTIVISTS
