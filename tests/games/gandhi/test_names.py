"""The Gandhi game-term catalogues (engine/games/gandhi/locales/{en,es,it}.toml).

Every term is taken from the rule books in shared/rules; docs/terms.md gives the line where
each one was found.  These tests go through the project's one translation function.
"""

from __future__ import annotations

import pytest

from engine.i18n import LANGUAGES, catalogue, t

PREFIX = "gandhi."

# The catalogue layout every language must provide.
LAYOUT: dict[str, tuple[str, ...]] = {
    "faction": (
        "raj",
        "congress",
        "muslim_league",
        "revolutionaries",
    ),
    "piece": (
        "troops",
        "sepoys",
        "congress_activists",
        "ml_activists",
        "gandhi",
        "guerrillas",
        "ml_base",
        "rev_base",
        "cubes",
        "underground",
        "active",
        "inactive",
    ),
    "marker": (
        "protest",
        "unrest",
        "strike",
        "muslim_state",
        "raj_control",
        "active_support",
        "passive_support",
        "neutral",
        "passive_opposition",
        "active_opposition",
    ),
    "space_kind": (
        "city",
        "province",
        "princely_state",
        "muslim_state",
        "railway",
        "town",
    ),
    "track": (
        "restraint",
        "unity",
        "resources",
        "victory",
        "crisis",
        "protest_boxes",
    ),
    "box": (
        "jail",
        "out_of_play",
        "available",
    ),
    "operation": (
        "deploy",
        "garrison",
        "sweep",
        "assault",
        "rally",
        "demonstrate",
        "civil_disobedience",
        "non_cooperation",
        "march",
        "attack",
        "unrest",
    ),
    "special_activity": (
        "treaty",
        "govern",
        "martial_law",
        "negotiate",
        "satyagraha",
        "persuade",
        "infiltrate",
        "aid",
        "assassinate",
        "imperialism",
    ),
    "sequence": (
        "event",
        "operation",
        "special_activity",
        "limited_operation",
        "pass",
        "eligible",
        "ineligible",
        "first_eligible",
        "second_eligible",
        "campaign",
        "viceroy",
        "faction_order",
        "unshaded",
        "shaded",
    ),
    "phase": (
        "victory",
        "resources",
        "railway_strikes",
        "raj_earnings",
        "revolutionaries_earnings",
        "support",
        "imperialism",
        "jail_release",
        "constructive_programme",
        "pakistan_movement",
        "secret_societies",
        "game_end",
        "redeploy",
        "new_colonial_administration",
        "raj_redeploy",
        "congress_redeploy",
        "muslim_league_redeploy",
        "revolutionaries_redeploy",
        "reset",
    ),
    "scenario": (
        "short",
        "main",
        "quick_start",
    ),
    "viceroy": (
        "chelmsford",
        "reading",
        "irwin",
        "willingdon",
        "linlithgow",
        "wavell",
        "mountbatten",
    ),
    "viceroy_title": (
        "chelmsford",
        "reading",
        "irwin",
        "willingdon",
        "linlithgow",
        "wavell",
        "mountbatten",
    ),
}

# The 25 non-Railway spaces (rules 1.3.2-1.3.5 and the two scenario setups).
SPACE_IDS = (
    "delhi",
    "bombay",
    "calcutta",
    "karachi",
    "madras",
    "northwest_frontier",
    "baluchistan",
    "sind",
    "punjab",
    "west_bengal",
    "east_bengal",
    "assam",
    "united_provinces",
    "bihar",
    "central_provinces",
    "bombay_presidency",
    "madras_presidency",
    "coastal_andhra",
    "gujarat",
    "jammu_kashmir",
    "rajputana",
    "central_india_agency",
    "orissa",
    "hyderabad",
    "mysore",
)

# (key, language, exact string printed in that rule book).  Spanish strings carry the
# accents the OCR lost (it prints "Moderacion", "Prision", "Campafia"); see docs/terms.md.
RULE_BOOK_TERMS = [
    # Restraint: EN 1.3.11, ES 1.3.11 "Medidor de Moderación", IT 1.3.11 "Tabella Restrizioni"
    ("gandhi.track.restraint", "en", "Restraint"),
    ("gandhi.track.restraint", "es", "Moderación"),
    ("gandhi.track.restraint", "it", "Restrizioni"),
    # Sepoys: 1.2 components, "45 Sepoys" / "45 Cipayos" / "45 Sepoy"
    ("gandhi.piece.sepoys", "en", "Sepoys"),
    ("gandhi.piece.sepoys", "es", "Cipayos"),
    ("gandhi.piece.sepoys", "it", "Sepoy"),
    # Muslim League: key-terms index, "Liga Musulmana (LM)" / "Lega Musulmana (ML)"
    ("gandhi.faction.muslim_league", "en", "Muslim League"),
    ("gandhi.faction.muslim_league", "es", "Liga Musulmana"),
    ("gandhi.faction.muslim_league", "it", "Lega Musulmana"),
    ("gandhi.faction.congress", "es", "Congreso"),
    ("gandhi.faction.congress", "it", "Congresso"),
    ("gandhi.faction.revolutionaries", "es", "Revolucionarios"),
    ("gandhi.faction.revolutionaries", "it", "Rivoluzionari"),
    ("gandhi.piece.troops", "es", "Tropas"),
    ("gandhi.piece.troops", "it", "Truppe"),
    ("gandhi.piece.underground", "es", "Oculta"),
    ("gandhi.piece.underground", "it", "Nascosta"),
    ("gandhi.marker.unrest", "es", "Disturbios"),
    ("gandhi.marker.unrest", "it", "Disordini"),
    ("gandhi.marker.strike", "es", "Huelga"),
    ("gandhi.marker.strike", "it", "Sciopero"),
    ("gandhi.track.unity", "es", "Unidad"),
    ("gandhi.track.unity", "it", "Unità"),
    ("gandhi.box.jail", "es", "Prisión"),
    ("gandhi.box.jail", "it", "Prigione"),
    ("gandhi.box.out_of_play", "es", "Fuera del Juego"),
    ("gandhi.box.out_of_play", "it", "Fuori Gioco"),
    ("gandhi.space_kind.princely_state", "es", "Estado Nativo"),
    ("gandhi.space_kind.princely_state", "it", "Stato Principato"),
    ("gandhi.operation.deploy", "es", "Despliegue"),
    ("gandhi.operation.deploy", "it", "Schieramento"),
    ("gandhi.operation.sweep", "es", "Barrido"),
    ("gandhi.operation.sweep", "it", "Perlustrazione"),
    ("gandhi.special_activity.treaty", "es", "Tratado"),
    ("gandhi.special_activity.treaty", "it", "Trattativa"),
    ("gandhi.special_activity.govern", "es", "Gobierno"),
    ("gandhi.special_activity.govern", "it", "Governare"),
    # The Italian book calls an Eligible Faction "Disponibile" (2.3.1, index).
    ("gandhi.sequence.eligible", "it", "Disponibile"),
    ("gandhi.phase.constructive_programme", "es", "Programa Constructivo"),
    ("gandhi.phase.constructive_programme", "it", "Programma di Costruzioni"),
    ("gandhi.phase.reset", "es", "Fase de Reinicio"),
    ("gandhi.phase.reset", "it", "Fase di Sistemazione"),
    # Space names: the Spanish book keeps the English map names; the Italian one keeps
    # them in its setups and tutorial but only ever prints Northwest Frontier in Italian.
    ("gandhi.space.northwest_frontier", "es", "Northwest Frontier"),
    ("gandhi.space.northwest_frontier", "it", "Frontiera Nordoccidentale"),
    ("gandhi.space.united_provinces", "it", "United Provinces"),
    ("gandhi.space.jammu_kashmir", "en", "Jammu & Kashmir"),
    # Campaign card #75 in the Italian card list.
    ("gandhi.viceroy_title.irwin", "it", "Il Compromesso"),
]


def gandhi_keys(lang: str) -> set[str]:
    return {key for key in catalogue(lang) if key.startswith(PREFIX)}


def test_catalogues_have_the_same_keys() -> None:
    english = gandhi_keys("en")
    assert english, "no gandhi.* keys found in the English catalogue"
    for lang in LANGUAGES:
        keys = gandhi_keys(lang)
        assert keys == english, (
            f"{lang}: missing {sorted(english - keys)}, extra {sorted(keys - english)}"
        )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_layout_is_complete(lang: str) -> None:
    missing = [
        f"{PREFIX}{table}.{key}"
        for table, keys in LAYOUT.items()
        for key in keys
        if f"{PREFIX}{table}.{key}" not in catalogue(lang)
    ]
    assert not missing, f"{lang}: missing {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_value_is_empty(lang: str) -> None:
    bad = {
        key: value
        for key, value in catalogue(lang).items()
        if key.startswith(PREFIX) and (not value.strip() or value != value.strip())
    }
    assert not bad, f"{lang}: empty or padded values {bad}"


@pytest.mark.parametrize(("key", "lang", "expected"), RULE_BOOK_TERMS)
def test_terms_match_the_rule_books(key: str, lang: str, expected: str) -> None:
    assert t(key, lang) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("space", SPACE_IDS)
def test_every_space_has_a_name(space: str, lang: str) -> None:
    key = f"{PREFIX}space.{space}"
    assert key in catalogue(lang)
    name = t(key, lang)
    assert name and name != key


def test_there_are_exactly_25_spaces() -> None:
    for lang in LANGUAGES:
        spaces = {key for key in gandhi_keys(lang) if key.startswith(f"{PREFIX}space.")}
        assert spaces == {f"{PREFIX}space.{space}" for space in SPACE_IDS}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_scenarios_carry_their_years(lang: str) -> None:
    assert "1930" in t("gandhi.scenario.short", lang)
    for key in ("gandhi.scenario.short", "gandhi.scenario.main", "gandhi.scenario.quick_start"):
        assert "1947" in t(key, lang)
    assert "1917" in t("gandhi.scenario.main", lang)


def test_viceroys_keep_their_names_in_every_language() -> None:
    for viceroy in LAYOUT["viceroy"]:
        names = {t(f"{PREFIX}viceroy.{viceroy}", lang) for lang in LANGUAGES}
        assert names == {f"Lord {viceroy.capitalize()}"}
