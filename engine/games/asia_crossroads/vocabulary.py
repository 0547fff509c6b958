"""Asia Crossroads' vocabulary (``engine.core.vocabulary``): its verbs with typed slots,
and the kinds of values they take.  Canonical texts are English and stable (the log);
labels come from ``locales/*.toml`` in English, Spanish and Italian (the Spanish terms
are the rule book's)."""

from __future__ import annotations

from engine.core.vocabulary import Kind, Named, Names, Number, Verb, Vocabulary
from engine.games.asia_crossroads.pack import DIRECTIONS, IMPERIAL, house_pack
from engine.i18n import t

GAME = "asia"
TROOPS = ("field_force", "flying_column", "garrison", "irregulars", "elephants", "ghazi")
MARKERS = ("colony", "fort", "trading_post", "railway")
TABLES = ("battle", "raid")


def _named(kind: str, ids: tuple[str, ...] | list[str], prefix: str,
           sections: dict[str, str] | None = None) -> Names:
    named = [Named(i, i.replace("_", " "), i.replace("_", " "),
                   section=(sections or {}).get(i)) for i in ids]
    return Names(GAME, kind, named, labeller=lambda v, lang, plural: t(f"{prefix}.{v}", lang),
                 sections=(lambda s, lang: t(f"asia.region.{s}", lang)) if sections else None)


def square_label(square: str, lang: str) -> str:
    """``J7 Kabul``; the bases by name."""
    pack = house_pack()
    if square in pack.bases:
        return t(f"asia.base.{square}", lang)
    city = pack.city_at.get(square)
    return f"{square} {t(f'asia.city.{city.id}', lang)}" if city else square


def _squares() -> Names:
    pack = house_pack()
    ids = [*pack.bases, *(s for s in pack.squares if pack.land(s))]
    sections = {s: pack.region.get(s, pack.bases[s].region if s in pack.bases else "")
                for s in ids}
    named = [Named(s, s, s, section=sections[s]) for s in ids]
    return Names(GAME, "square", named, labeller=lambda v, lang, plural: square_label(v, lang),
                 sections=lambda s, lang: t(f"asia.region.{s}", lang))


def _kinds() -> list[Kind]:
    pack = house_pack()
    return [
        _named("seat", list(IMPERIAL), "asia.seat"),
        _named("nation", [*IMPERIAL, *pack.regions, "ghazi"], "asia.nation"),
        _named("troop", list(TROOPS), "asia.troop"),
        _named("agent", list(pack.agents), "asia.agent",
               {a.id: a.side for a in pack.agents.values() if a.side not in IMPERIAL}),
        _named("region", list(pack.regions), "asia.region"),
        _named("direction", list(DIRECTIONS), "asia.direction"),
        _named("marker", list(MARKERS), "asia.marker"),
        _named("table", list(TABLES), "asia.table"),
        Number("number"),
        _squares(),
    ]


def vocabulary() -> Vocabulary:
    vocab = Vocabulary(GAME, _kinds())
    for name, template in VERBS.items():
        vocab.add(name, template)
    return vocab


VERBS = {
    "first": "first {seat}",                                       # 7.0
    "recruit": "recruit {nation} {troop} at {place:square}",       # 10.0
    "hire": "hire {agent} at {place:square}",                      # 16.5
    "buy": "buy {count:number} supply",                            # 17.2
    "build": "build {marker} at {place:square}",                   # 20.1
    "disband": "disband {nation} {troop} at {place:square}",       # 10.5
    "done": "done",
    "march": "march from {place:square}",                          # 13.0
    "leave": "leave {nation} {troop}",                             # 11.3
    "leave_agent": "leave agent {agent}",                          # 11.3
    "go": "go {direction}",                                        # 13.1, 13.2
    "enter": "enter base",                                         # 19.1
    "land": "land at {place:square}",                              # 19.1
    "sail": "sail to {place:square}",                              # 13.8
    "halt": "halt",
    "split": "split {nation} {troop} at {place:square}",           # 18.0
    "merge": "merge {nation} {troop} at {place:square}",           # 18.0
    "negotiate": "negotiate {region} with {agent}",                # 15.1
    "bid": "bid {amount:number}",                                  # 15.1 (sealed)
    "retreat": "retreat to {place:square}",                        # 14.5, 14.9
    "stand": "stand",                                              # 14.5
    "fight": "fight on {table} table",                             # 14.6
    "execute": "execute {agent}",                                  # 16.3.2
    "hold": "hold {agent} prisoner",                               # 16.3.2
    "supply": "supply {place:square}",                             # 17.3
    "starve": "starve {place:square}",                             # 17.4
    "feed": "feed {place:square}",                                 # 17.3.3 alone
    "sustain": "sustain {place:square}",                           # 17.6 alone
    "lose": "lose {nation} {troop}",                               # 14.9, 17.4
    "levy": "levy at {place:square}",                              # 5.4.2(3)
    "levy_with": "levy with {agent} at {place:square}",            # 5.4.2(3) the Khan
    "lead": "lead with {agent}",                                   # 16.2.1, 14.8
    "rail": "rail to {place:square}",                              # 13.6
    "raze": "destroy {marker}",                                    # 14.9 raid "m"
    "return": "return {agent} at {place:square}",                  # 16.3.2(1)
}

VOCABULARY = vocabulary()


def verb(name: str) -> Verb:
    return VOCABULARY.verb(name)
