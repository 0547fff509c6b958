"""Gandhi's Factions, pieces and component counts (rules 1.2, 1.4, facts §0)."""

from __future__ import annotations

RAJ, CONGRESS, MUSLIM_LEAGUE, REVOLUTIONARIES = (
    "raj", "congress", "muslim_league", "revolutionaries")
FACTIONS = (RAJ, CONGRESS, MUSLIM_LEAGUE, REVOLUTIONARIES)
NV_FACTIONS = (CONGRESS, MUSLIM_LEAGUE)  # 1.5 the nonviolent Factions
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
INVENTORY = {TROOPS: 15, SEPOYS: 45, CONGRESS_ACTIVISTS: 16, GANDHI: 1, ML_ACTIVISTS: 16,
             GUERRILLAS: 16, ML_BASES: 5, REV_BASES: 5}
UNREST_STRIKE_MARKERS = 12  # 1.11, 1.12
PROTEST_MARKERS = 6         # 1.10
RESOURCES_MAX = 50          # 1.8
TRACK_MIN, TRACK_MAX = 1, 5  # Restraint and Unity (5.1.4, 6.6, 6.7)

# Facts §0 (derived from 1.10 and the tutorial): Protest markers usable by Operations
# at each Restraint level.
PROTEST_CAP = {5: 1, 4: 2, 3: 4, 2: 5, 1: 6}

OWNER = {TROOPS: RAJ, SEPOYS: RAJ, CONGRESS_ACTIVISTS: CONGRESS, GANDHI: CONGRESS,
         ML_ACTIVISTS: MUSLIM_LEAGUE, ML_BASES: MUSLIM_LEAGUE,
         GUERRILLAS_UNDERGROUND: REVOLUTIONARIES, GUERRILLAS_ACTIVE: REVOLUTIONARIES,
         REV_BASES: REVOLUTIONARIES}


def box_kind(kind: str) -> str:
    """The kind a map piece has in the Available/Out of Play boxes."""
    return GUERRILLAS if kind in (GUERRILLAS_UNDERGROUND, GUERRILLAS_ACTIVE) else kind


def activists_of(faction: str) -> str:
    return CONGRESS_ACTIVISTS if faction == CONGRESS else ML_ACTIVISTS
