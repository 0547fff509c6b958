"""Gandhi cards (1.2, 2.3-2.5, 5.0, 8.8) and deck packs (DESIGN.md section 1)."""

from __future__ import annotations

import ast
import hashlib
import tomllib
from collections import Counter
from itertools import permutations
from pathlib import Path

import pytest

import engine.games
from engine.games.gandhi.cards import (
    DEFAULT_CARDS_PATH,
    FACTIONS,
    CampaignCard,
    CardError,
    Deck,
    EventCard,
    apply_pack,
    load_cards,
    parse_cards,
)
from engine.service import Service
from engine.store import Store

# the rule books sit beside the checkout (shared/ next to the repository, as in CI)
RULES = Path(__file__).resolve().parents[4] / "shared" / "rules"
IT_RULES = RULES / "gandhi-rules-playbook-cards-it.txt"
EN_RULES = RULES / "gandhi-rules-en.txt"


def needs_rule_book(path: Path) -> pytest.MarkDecorator:
    """A clone of this repository alone has no ../shared: the test skips, saying why (CI,
    which has the rule books beside the checkout, runs it)."""
    return pytest.mark.skipif(not path.is_file(),
                              reason=f"needs the rule book {path.name} in ../shared/rules")

R, C, M, V = FACTIONS

# Every Faction-order relation the sources give (facts 10.1): card -> (a, b) = a left of b.
KNOWN_RELATIONS: dict[int, set[tuple[str, str]]] = {
    1: {(R, C), (C, M), (M, V)},
    4: {(R, M)},
    7: {(C, R), (C, M), (C, V), (R, M), (R, V)},
    14: {(R, V)},
    16: {(M, R), (M, C), (M, V), (C, R), (C, V)},
    20: {(R, M)},
    21: {(C, R)},
    26: {(R, C)},
    36: {(R, M)},
    44: {(V, C)},
    49: {(R, V)},
    55: {(R, V)},
    57: {(C, R), (M, R)},
    59: {(V, M)},
    60: {(C, V), (V, R), (V, M)},
    61: {(M, C), (M, V)},
    62: {(M, V)},
    65: {(M, R), (M, C), (M, V), (V, C)},
    71: {(V, M), (V, C)},
}

VICEROY_OF = {  # IT card list l.3028-3034; EN 2.5, 8.1.6
    "73": "chelmsford", "74": "reading", "75": "irwin", "76": "willingdon",
    "77": "linlithgow", "78": "wavell", "79": "mountbatten",
}


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_cards()


def _raw() -> dict[str, object]:
    return tomllib.loads(DEFAULT_CARDS_PATH.read_text(encoding="utf-8"))


def _dump_toml_card_file(data: dict[str, object]) -> str:
    """A tiny TOML writer for the card file shape (tables of scalars, lists, inline tables)."""

    def value(v: object) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, list | tuple):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
        raise TypeError(v)

    lines: list[str] = []
    for top, table in data.items():
        assert isinstance(table, dict)
        if top == "deck":
            lines.append("[deck]")
            lines += [f"{k} = {value(v)}" for k, v in table.items()]
            continue
        for cid, card in table.items():
            lines.append(f'[cards."{cid}"]')
            lines += [f"{k} = {value(v)}" for k, v in card.items()]
    return "\n".join(lines) + "\n"


def _stand_in_orders(relations: dict[int, set[tuple[str, str]]]) -> dict[int, tuple[str, ...]]:
    """The completion rule of docs/card-orders.md, step by step."""

    def agrees(p: tuple[str, ...], rs: set[tuple[str, str]]) -> bool:
        return all(p.index(a) < p.index(b) for a, b in rs)

    led = dict.fromkeys(FACTIONS, 0)
    out: dict[int, tuple[str, ...]] = {}
    for n in range(1, 73):
        rs = relations.get(n, set())
        can_lead = {p[0] for p in permutations(FACTIONS) if agrees(p, rs)}
        cycle = [FACTIONS[(n - 1 + i) % 4] for i in range(4)]
        first = min((f for f in cycle if f in can_lead), key=lambda f: (led[f], cycle.index(f)))
        candidates = [(first, *rest) for rest in permutations(f for f in FACTIONS if f != first)]
        start = ((n - 1) // 4) % 6
        out[n] = next(
            candidates[(start + s) % 6] for s in range(6) if agrees(candidates[(start + s) % 6], rs)
        )
        led[first] += 1
    return out


# --- 1.2, 2.4, 2.5: the cards ------------------------------------------------------------


def test_1_2_deck_has_72_events_and_7_campaigns_with_unique_ids(deck: Deck) -> None:
    assert list(deck.events) == [str(n) for n in range(1, 73)]
    assert list(deck.campaigns) == [str(n) for n in range(73, 80)]
    assert not set(deck.events) & set(deck.campaigns)
    assert all(c.id == str(c.number) for c in deck.events.values())
    assert all(c.id == str(c.number) for c in deck.campaigns.values())
    assert all(isinstance(deck.card(n), EventCard) for n in range(1, 73))
    assert all(isinstance(deck.card(n), CampaignCard) for n in range(73, 80))
    assert not deck.is_campaign("1") and deck.is_campaign("79") and deck.is_campaign(73)
    assert len(set(deck.title(n) for n in range(1, 73))) == 72


def test_2_5_every_viceroy_appears_once(deck: Deck) -> None:
    assert {cid: c.viceroy for cid, c in deck.campaigns.items()} == VICEROY_OF
    assert len(set(VICEROY_OF.values())) == 7
    for card in deck.campaigns.values():
        assert card.campaign is True
        assert card.title.en == "Lord " + card.viceroy.capitalize()
        assert card.text.it.startswith(card.title.it + " (Governatore-Generale: ")
        assert card.capability.it.startswith(card.epithet.it + ": ")
        assert card.capability.en.startswith(card.epithet.en + ": ")


def test_2_5_tutorial_viceroys(deck: Deck) -> None:
    # IT tutorial: Lord Irwin is card #75 (l.2324), Lord Linlithgow #77 (l.2332).
    assert deck.card("75").title.en == "Lord Irwin"
    assert deck.card("77").title.en == "Lord Linlithgow"
    assert deck.title("78", "it") == "Lord Wavell"


def test_2_5_1_campaign_capability_italian_verbatim(deck: Deck) -> None:
    card = deck.card("77")
    assert isinstance(card, CampaignCard)
    assert card.capability.it == (
        "Il Difensore: La Legge Marziale non pone un segnalino Disordini. Raj NP: Può scegliere "
        "spazi senza Disordini per la Legge Marziale."
    )
    assert card.heading.get("it") == "CAMPAGNA!" and card.heading.get("es") == "¡CAMPAÑA!"


# --- 2.3.2: Faction order ------------------------------------------------------------------


def test_2_3_2_card_1_order_as_printed(deck: Deck) -> None:
    card = deck.events["1"]
    assert card.order == ("raj", "congress", "muslim_league", "revolutionaries")
    assert card.order_status == "printed"
    assert not card.order_is_stand_in
    assert [c.id for c in deck.events.values() if c.order_status == "printed"] == ["1"]


def test_2_3_2_every_order_is_a_permutation_agreeing_with_its_relations(deck: Deck) -> None:
    for card in deck.events.values():
        assert sorted(card.order) == sorted(FACTIONS), card.id
        for a, b in card.relations:
            assert card.order.index(a) < card.order.index(b), (card.id, a, b)
        assert card.relation_conflicts() == ()


def test_2_3_2_relations_are_those_of_the_sources(deck: Deck) -> None:
    got = {c.number: set(c.relations) for c in deck.events.values() if c.relations}
    assert got == KNOWN_RELATIONS
    for card in deck.events.values():
        expected = "printed" if card.number == 1 else (
            "partial" if card.number in KNOWN_RELATIONS else "stand-in"
        )
        assert card.order_status == expected, card.id
        assert card.order_is_stand_in == (card.number != 1)


def test_2_3_2_tutorial_eligibility_follows_the_orders(deck: Deck) -> None:
    """IT tutorial: who is 1st/2nd Eligible on each card (2.3.2)."""

    def eligible_in_order(cid: str, eligible: set[str]) -> list[str]:
        return [f for f in deck.events[cid].order if f in eligible]

    assert eligible_in_order("60", set(FACTIONS))[:2] == ["congress", "revolutionaries"]
    assert eligible_in_order("57", {"raj", "muslim_league"})[0] == "muslim_league"
    assert eligible_in_order("65", set(FACTIONS))[0] == "muslim_league"
    assert eligible_in_order("65", {"congress", "revolutionaries"})[0] == "revolutionaries"
    assert eligible_in_order("26", {"raj", "congress"})[0] == "raj"
    assert eligible_in_order("1", {"congress", "muslim_league", "revolutionaries"}) == [
        "congress", "muslim_league", "revolutionaries"
    ]
    assert eligible_in_order("20", {"raj", "muslim_league"})[0] == "raj"
    assert eligible_in_order("44", {"congress", "revolutionaries"})[0] == "revolutionaries"
    assert eligible_in_order("4", {"raj", "muslim_league"})[0] == "raj"


def test_2_3_2_first_positions_are_balanced(deck: Deck) -> None:
    firsts = Counter(card.order[0] for card in deck.events.values())
    assert set(firsts) == set(FACTIONS)
    assert all(15 <= firsts[f] <= 21 for f in FACTIONS), firsts


def test_2_3_2_orders_follow_the_documented_completion_rule(deck: Deck) -> None:
    expected = _stand_in_orders(KNOWN_RELATIONS)
    for card in deck.events.values():
        assert card.order == expected[card.number], card.id


# --- 8.8.1, 8.8.2: non-player marks --------------------------------------------------------


def test_8_8_1_known_critical_marks(deck: Deck) -> None:
    assert set(deck.events["62"].critical) == set(FACTIONS)
    assert deck.events["62"].critical_status == "known"
    assert deck.events["61"].critical == ("muslim_league",)
    assert deck.events["71"].is_critical("revolutionaries")
    for cid in ("7", "21"):
        assert "congress" in deck.events[cid].critical_known
        assert not deck.events[cid].is_critical("congress")
    assert not deck.events["59"].is_critical("revolutionaries")
    marked = {c.id for c in deck.events.values() if c.critical}
    assert marked == {"61", "62", "71"}  # unattested marks stand in as "no mark"
    partial = {c.id for c in deck.events.values() if c.critical_status == "partial"}
    assert partial == {"7", "21", "59", "61", "71"}
    assert "critical" in deck.events["2"].stand_in_fields()
    assert "critical" not in deck.events["62"].stand_in_fields()


def test_8_8_2_no_halo_is_known(deck: Deck) -> None:
    for card in deck.events.values():
        assert card.halo == () and card.halo_status == "stand-in"
        assert not card.has_halo("congress")


# --- titles and texts ---------------------------------------------------------------------


def test_titles_in_three_languages_fall_back_to_en(deck: Deck) -> None:
    assert deck.title("21") == "Bhagat Singh Frustrates the Empire"  # facts 10.2
    assert deck.title("49", "en") == "Independence Day Defiantly Declared"
    assert deck.title("59") == "Khadi Spinning Wheels"
    assert deck.title("71") == "Nankana Massacre Stuns India"
    assert deck.title("6") == "Chauri Chaura Massacre"  # EN 8.8.4
    assert deck.title("16") == "Pakistan Declaration Published in London"
    assert deck.title("16", "it") == "La Dichiarazione del Pakistan viene Pubblicata a Londra"
    assert deck.title("16", "es") == "Se Publica en Londres la Declaración de Pakistán"
    assert deck.title("16", "fr") == deck.title("16", "en")
    assert deck.events["21"].title.en_official and not deck.events["2"].title.en_official
    for card in deck.events.values():
        assert card.title.en and card.title.it and card.title.es
        assert not card.title.es_official  # no Spanish source prints a card title: ours


def test_5_0_italian_text_verbatim_card_6_and_44(deck: Deck) -> None:
    six = deck.events["6"].text_unshaded
    assert six.flavor_it == "I manifestanti bruciano la stazione di polizia:"
    assert six.it == (
        "In 1 spazio di Protesta, rimuovere tutti i pezzi appartenenti ad 1 Fazione: Gandhi ed "
        "Attivisti in Prigione; cubi, Guerriglie e Basi a Disponibili."
    )
    assert six.en_source == "official"
    forty_four = deck.events["44"].text_shaded
    assert forty_four.it == (
        "Aggiungete sino a 4 Guerriglie in totale a 2 spazi, poi spostate ciascuno di questi "
        "spazi di 1 livello verso Opposizione Attiva."
    )
    assert forty_four.en_source == "translation"
    assert deck.events["44"].text_unshaded.get("es").startswith("Elimina hasta 2 Guerrillas")
    assert deck.events["44"].text_unshaded.es_source == "official"  # ES 8.8.5 example
    assert forty_four.get("es").startswith("Añade hasta 4 Guerrillas")
    assert forty_four.es_source == "translation"


# The Spanish rule book quotes three card texts in its examples (8.8.4, 8.8.5); every other
# Spanish text, title and Viceroy text is our translation and says so.
OFFICIAL_ES = {("6", "unshaded"), ("16", "unshaded"), ("44", "unshaded")}


def test_every_card_and_viceroy_has_its_italian_and_spanish_texts(deck: Deck) -> None:
    for card in deck.events.values():
        for side in ("unshaded", "shaded"):
            text = getattr(card, f"text_{side}")
            assert text.it and text.es and text.es != text.en, (card.id, side)
            expected = "official" if (card.id, side) in OFFICIAL_ES else "translation"
            assert text.es_source == expected, (card.id, side)
    for camp in deck.campaigns.values():
        assert camp.capability.it and camp.text.it and camp.epithet.it, camp.id
        assert camp.capability.es.startswith(camp.epithet.es + ":"), camp.id
        assert camp.text.es.startswith(camp.title.es) and "RONDA DE CAMPAÑA" in camp.text.es
        assert camp.capability.es_source == camp.text.es_source == "translation"
        assert not camp.heading.es_official and not camp.epithet.es_official


def test_spanish_texts_use_the_spanish_rule_book_s_terms(deck: Deck) -> None:
    """Our Spanish follows the ES book (casilla, Moderación, Cipayos, Raj Sin Jugador), never
    the Italian or English words."""
    texts = [getattr(c, f"text_{side}").es for c in deck.events.values()
             for side in ("unshaded", "shaded")]
    texts += [c.capability.es for c in deck.campaigns.values()]
    for text in texts:
        for foreign in ("spazio", "Restraint", "Sepoy ", "Restrizioni", "NP Raj", "Raj NP",
                        "espacio", "Disponible ", "Out of Play"):
            assert foreign not in text, (foreign, text)
    assert sum("Moderación" in text for text in texts) >= 15
    assert sum("Raj Sin Jugador" in text for text in texts) == 7   # 49, six Viceroys


@needs_rule_book(IT_RULES)
def test_5_0_every_italian_text_is_in_the_rules_file(deck: Deck) -> None:
    book = IT_RULES.read_text(encoding="utf-8")
    assert "<i>I manifestanti bruciano la stazione di polizia:</i> In 1 spazio di Protesta" in book
    for card in deck.events.values():
        assert card.title.it in book, card.id
        for text in (card.text_unshaded, card.text_shaded):
            cell = f"<i>{text.flavor_it}</i> {text.it}"
            if cell in book:
                continue
            # 14, 29, 55: the row wraps over a page break; its two pieces were joined by a space
            assert card.number in (14, 29, 55), card.id
            assert any(
                cell[:i] in book and cell[i + 1:] in book
                for i, ch in enumerate(cell) if ch == " "
            ), card.id
    for camp in deck.campaigns.values():
        assert camp.text.it in book and camp.capability.it in book, camp.id


@needs_rule_book(EN_RULES)
def test_8_8_4_official_english_texts_are_quoted_from_the_rules(deck: Deck) -> None:
    book = EN_RULES.read_text(encoding="utf-8")
    for cid in ("6", "16"):
        assert deck.events[cid].text_unshaded.en in book, cid


def test_card_prompts_show_the_card_in_the_player_s_language(deck: Deck) -> None:
    """The prompts take titles and texts from the same data: a Spanish player reads our
    Spanish, an Italian player the book's Italian (Short game, seed "cards": card 31)."""
    engine.games.load()
    service = Service(Store(":memory:"))
    game = service.create_game("gandhi", "short", game_id="g", seed="cards")
    card = deck.events[service.kernel_state(game).game.current or ""]
    first = sorted(service.active(game))[0]
    offer = service.legal(game, first)        # the card's offer shows it, both sides
    assert offer.find("event shaded") is not None
    assert f"{card.title.es}" in offer.prompt.render("es")
    assert f"Sombreada: {card.text_shaded.es}" in offer.prompt.render("es")
    assert f"Ombreggiato: {card.text_shaded.it}" in offer.prompt.render("it")
    service.act(game, first, None, "event shaded")
    prompt = service.legal(game, sorted(service.active(game))[0]).prompt
    assert f"«{card.title.es}», Evento sombreado: {card.text_shaded.es}" in prompt.render("es")
    assert f"«{card.title.it}», Evento ombreggiato: {card.text_shaded.it}" in prompt.render("it")


# --- malformed card files ------------------------------------------------------------------


def test_card_file_with_a_bad_order_names_the_card(tmp_path: Path) -> None:
    data = _raw()
    data["cards"]["17"]["order"] = ["raj", "raj", "congress", "muslim_league"]  # type: ignore[index]
    path = tmp_path / "cards.toml"
    path.write_text(_dump_toml_card_file(data), encoding="utf-8")
    with pytest.raises(CardError, match=r"^card 17: order must be a permutation of raj, "
                       r"congress, muslim_league, revolutionaries$"):
        load_cards(path)


def test_card_file_breaking_a_known_relation_is_refused(tmp_path: Path) -> None:
    data = _raw()
    data["cards"]["26"]["order"] = ["congress", "raj", "muslim_league", "revolutionaries"]  # type: ignore[index]
    with pytest.raises(CardError, match=r"^card 26: order puts congress before raj"):
        parse_cards(_dump_toml_card_file(data))


def test_card_file_missing_a_card_or_doubling_a_viceroy_is_refused() -> None:
    data = _raw()
    del data["cards"]["40"]  # type: ignore[attr-defined]
    with pytest.raises(CardError, match=r"^card 40: missing"):
        parse_cards(_dump_toml_card_file(data))
    data = _raw()
    data["cards"]["79"]["viceroy"] = "irwin"  # type: ignore[index]
    with pytest.raises(CardError, match=r"^card 79: Viceroy irwin is already on card 75$"):
        parse_cards(_dump_toml_card_file(data))


def test_card_file_with_inconsistent_statuses_is_refused() -> None:
    data = _raw()
    data["cards"]["2"]["order_status"] = "partial"  # type: ignore[index]
    with pytest.raises(CardError, match=r"^card 2: order_status 'partial' needs"):
        parse_cards(_dump_toml_card_file(data))
    data = _raw()
    data["cards"]["62"]["critical_status"] = "partial"  # type: ignore[index]
    with pytest.raises(CardError, match=r"^card 62: critical_status must be 'known'"):
        parse_cards(_dump_toml_card_file(data))


def test_missing_file_and_bad_toml_raise_card_error(tmp_path: Path) -> None:
    with pytest.raises(CardError, match="cannot read"):
        load_cards(tmp_path / "nope.toml")
    with pytest.raises(CardError, match="not valid TOML"):
        parse_cards("[cards\n")


def test_unknown_card_id_raises_card_error(deck: Deck) -> None:
    with pytest.raises(CardError, match=r"^card 80: no such card"):
        deck.card("80")


# --- deck packs (DESIGN.md section 1) ------------------------------------------------------


def test_pack_overrides_card_5_order(deck: Deck) -> None:
    pack = (
        '[pack]\nname = "our box"\n\n'
        '[cards.5]\norder = ["revolutionaries", "muslim_league", "congress", "raj"]\n'
    )
    packed = apply_pack(deck, pack)
    card = packed.events["5"]
    assert card.order == ("revolutionaries", "muslim_league", "congress", "raj")
    assert card.order_status == "pack" and not card.order_is_stand_in
    assert card.pack_fields == ("order",)
    assert packed.pack_hash == hashlib.sha256(pack.encode("utf-8")).hexdigest()
    assert packed.pack_name == "our box"
    assert deck.events["5"].order_status == "stand-in"  # the default deck is untouched
    assert deck.pack_hash is None
    assert packed.events["6"] is deck.events["6"]


def test_pack_sets_marks_texts_titles_and_manual_effect(deck: Deck) -> None:
    pack = """
[cards.12]
critical = ["congress"]
halo = ["muslim_league"]
effect = "manual"
title = { en = "Dharasana Salt Raid", es = "Incursión en Dharasana" }
text_shaded = { en = "Place Protest in up to 3 spaces with Activists." }

[cards.78]
capability = { en = "The General: free limited Sweep into one Assault space." }
"""
    packed = apply_pack(deck, pack)
    card = packed.events["12"]
    assert card.critical == ("congress",) and card.critical_status == "pack"
    assert card.halo == ("muslim_league",) and card.halo_status == "pack"
    assert card.effect == "manual" and deck.events["12"].effect == "scripted"
    assert packed.title("12", "es") == "Incursión en Dharasana"
    assert packed.title("12", "it") == deck.title("12", "it")  # merged key by key
    assert card.text_shaded.en_source == "pack"
    assert card.text_shaded.it == deck.events["12"].text_shaded.it
    assert card.stand_in_fields() == ("order",)
    camp = packed.card("78")
    assert isinstance(camp, CampaignCard) and camp.capability.en_source == "pack"


def test_pack_order_against_a_known_relation_is_kept_and_reported(deck: Deck) -> None:
    pack = '[cards.26]\norder = ["congress", "raj", "muslim_league", "revolutionaries"]\n'
    packed = apply_pack(deck, pack)
    assert packed.events["26"].relation_conflicts() == (("raj", "congress"),)


def test_pack_with_a_bad_order_is_refused_naming_the_card(deck: Deck) -> None:
    with pytest.raises(CardError, match=r"^card 17: order must be a permutation of raj, "
                       r"congress, muslim_league, revolutionaries$"):
        apply_pack(deck, '[cards.17]\norder = ["raj", "congress", "muslim_league"]\n')
    with pytest.raises(CardError, match=r"^card 17: order must be a permutation"):
        apply_pack(deck, '[cards.17]\norder = ["raj", "congress", "muslim_league", "british"]\n')


def test_pack_naming_card_99_is_refused(deck: Deck) -> None:
    with pytest.raises(CardError, match=r"^card 99: no such card in the deck$"):
        apply_pack(deck, '[cards.99]\neffect = "manual"\n')


def test_pack_with_unknown_fields_or_values_is_refused(deck: Deck) -> None:
    with pytest.raises(CardError, match=r"^card 3: a deck pack cannot set relations$"):
        apply_pack(deck, "[cards.3]\nrelations = []\n")
    with pytest.raises(CardError, match=r"^card 3: effect"):
        apply_pack(deck, '[cards.3]\neffect = "sometimes"\n')
    with pytest.raises(CardError, match=r"^card 73: a deck pack cannot set order$"):
        apply_pack(deck, '[cards.73]\norder = ["raj"]\n')
    with pytest.raises(CardError, match=r"^deck pack: unknown top-level key"):
        apply_pack(deck, "[extras]\nx = 1\n")


# --- purity (DESIGN.md section 2) ----------------------------------------------------------


def test_cards_module_is_pure() -> None:
    import engine.games.gandhi.cards as module

    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    imported = {
        (node.module or "") if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    roots = {name.split(".")[0] for name in imported}
    assert roots <= {
        "__future__", "functools", "hashlib", "tomllib", "collections", "pathlib", "typing",
        "pydantic",
    }
