"""A Distant Plain's vocabulary (``engine.core.vocabulary``): every verb a choice of this
game uses and the kinds of values its slots take; labels in ``locales/``."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.vocabulary import Named, Names, Number, Verb, Vocabulary
from engine.games.adp.mapdata import default_map
from engine.games.adp.spec import FACTIONS, MAP_KINDS
from engine.i18n import t

GAME = "adp"
SIDES = ("unshaded", "shaded")
# verb -> canonical template
VERBS = {
    "pass": "pass",                                            # 2.3.3
    "operation": "{operation}",                                # 2.3.4, 3.0
    "limited": "limited {operation}",                          # 2.3.5
    "activity": "{activity}",                                  # 4.0
    "event": "event {side}",                                   # 2.3.4, 5.0
    "done": "done",
    "civic": "civic action in {space}",                        # 6.4.1
    "shariah": "shariah in {space}",                           # 6.4.2
    "desert": "desert {piece} in {space}",                     # 6.5.1
    "redeploy": "redeploy {piece} from {origin:space} to {destination:space}",  # 6.5.2-4
    # 5.1 the edits of a manual Event (engine.games.adp.edits)
    "cancel": "cancel",
    "place_pieces": "place {count} {piece}",
    "place_from": "place {count} {piece} from {box}",
    "in": "in {space}",
    "move_from": "move {count} {piece} from {space}",
    "to": "to {space}",
    "remove_from": "remove {count} {piece} from {space}",
    "to_box": "to {box}",
    "flip": "flip {count} {piece} in {space}",
    "shift": "shift {space} toward {direction}",
    "marker": "marker {marker} {space} {switch}",
    "track": "track {track} {delta:signed}",
    "resources": "resources {faction} {delta:signed}",
    "eligible": "eligible {faction}",
    "ineligible": "ineligible {faction}",
    "capability": "capability",
    "momentum": "momentum",
    "roll": "roll",
    "free_operation": "free {operation} for {faction}",                     # 3.1.2, 5.5
    "free_activity": "free {activity} for {faction}",                       # 3.1.2, 5.5
    # 3.2 COIN Operations and 4.2-4.3 their Special Activities (engine.games.adp.ops)
    "take_from": "take {count} {piece} from {space}",                       # 3.2.1
    "replace_base": "base in {space} for {troops:count} troop/troops {police:count} police",
    "transfer_patronage": "transfer patronage",                              # 3.2.1
    "end_moves": "end moves",                                                # 3.2.2
    "assault_loc": "assault {space}",                                        # 3.2.2
    "in_paid": "in {space} with government cubes",                           # 3.2.4
    "govern_pop": "returnees in {space}",                                    # 4.3.1
    "govern_aid": "patronage from {space}",                                  # 4.3.1
    "bring": "bring {count} {piece} to {space}",                             # 4.2.1
    "split": "aid {count}",                                                  # 4.2.1
    "vso_police": "police to {space}",                                       # 5.3
    "vso_police_from": "police from {origin:space} to {destination:space}",  # 5.3
    # 3.3 / 4.4 / 4.5 the Insurgent Operations and Special Activities (engine.games.adp.ops)
    "place_guerrillas": "place {count} guerrillas",            # 3.3.1
    "base": "base",                                            # 3.3.1
    "underground": "underground",                              # 3.3.1, 4.5.3
    "remove": "remove {piece}",                                # 3.3.3, 4.4.2, 4.5.3
    "stop": "stop",                                            # 3.3.3, 4.4.2, 4.5.3
    "replace": "replace {piece}",                              # 4.4.2
    "withdraw": "withdraw {piece} from {space}",               # 1.4.1
    # 1.5.1 voluntary transfers (engine.games.adp.transfers)
    "transfer": "transfer {amount} to {faction}",
    "patronage_to_warlords": "transfer {amount} patronage to warlords",
    "deploy": "place {count} {piece} in {space}",              # 2.1 Open Deployment
    "reveal": "reveal {deception}",                            # 7.3 Deception option
}
# 3.0 each Faction's four Operations, 4.0 its three Special Activities
OPERATIONS: dict[str, tuple[str, ...]] = {"coalition": ("train", "patrol", "sweep", "assault"),
              "government": ("train", "patrol", "sweep", "assault"),
              "taliban": ("rally", "march", "attack", "terror"),
              "warlords": ("rally", "march", "attack", "terror")}
ACTIVITIES: dict[str, tuple[str, ...]] = {"coalition": ("surge", "air_lift", "air_strike"),
              "government": ("govern", "transport", "eradicate"),
              "taliban": ("extort", "infiltrate", "ambush"),
              "warlords": ("cultivate", "traffic", "suborn")}
PLAIN = {"box": ("available", "casualties", "out_of_game"),
         "direction": ("support", "opposition"),
         "marker": ("terror", "sabotage", "returnees"),
         "switch": ("on", "off"),
         "track": ("aid", "patronage", "islamabad"),
         "deception": ("false_threat", "hidden_agenda", "hidden_assets")}


def _spaces() -> Names:
    board = default_map()
    places = [*board.spaces, *board.locs]
    named = [Named(p, board.name(p), board.name(p), section=board.kind(p)) for p in places]
    return Names(GAME, "space", named, labeller=lambda value, lang, plural: board.name(value),
                 sections=lambda section, lang: t(f"adp.section.{section}", lang))


def _owned(kind: str, by_faction: Mapping[str, tuple[str, ...]]) -> Names:
    """Operations or Special Activities, each with the Factions whose it is."""
    owners: dict[str, list[str]] = {}
    for faction, names in by_faction.items():
        for name in names:
            owners.setdefault(name, []).append(faction)
    return Names(GAME, kind, [Named(n, n.replace("_", " "), n.replace("_", " "),
                                    owners=tuple(f)) for n, f in owners.items()])


def build() -> Vocabulary:
    kinds = [Names(GAME, "faction", [Named(f, f, f) for f in FACTIONS]),
             _owned("operation", OPERATIONS), _owned("activity", ACTIVITIES),
             Names(GAME, "side", [Named(s, s, s) for s in SIDES]),
             Names(GAME, "piece", [Named(k, k, k) for k in MAP_KINDS]),
             _spaces(), Number("count"), Number("amount"), Number("signed", signed=True),
             *(Names(GAME, kind, [Named(v, v, v) for v in values])
               for kind, values in PLAIN.items())]
    vocab = Vocabulary(GAME, kinds, seat_kind="faction")
    for name, template in VERBS.items():
        vocab.add(name, template)
    return vocab


VOCABULARY = build()


def verb(name: str) -> Verb:
    return VOCABULARY.verb(name)
