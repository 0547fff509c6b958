"""Asia Crossroads (S&T 216) as a ruleset: the engine contract of DESIGN.md §3, on
``engine.core`` alone.  Two seats, British and Russian; the turn of 3.1 runs as a state
with a pending decision (``phase``/``sub``), automatic steps folded in between."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.actions import Action, Choice
from engine.core.chance import Chance
from engine.core.events import RANDOM_EVENTS, Event, Recorded
from engine.core.messages import CourierError, Msg
from engine.core.ruleset import OptionChoice, Ruleset, Setup
from engine.games.asia_crossroads import economy, operations
from engine.games.asia_crossroads import events as ev
from engine.games.asia_crossroads.common import Run, levy_squares, place, place_levy
from engine.games.asia_crossroads.fold import evolve
from engine.games.asia_crossroads.narrate import board_text, narrate, summary
from engine.games.asia_crossroads.pack import RULES, pack_named, pack_problems
from engine.games.asia_crossroads.state import SEATS, AsiaState, conceal
from engine.games.asia_crossroads.vocabulary import VOCABULARY, verb
from engine.i18n import t

# the game pack (``house`` or a folder), and the rules the copy lost, each overriding the
# pack's value (docs/asia-crossroads.md, *House rules*)
OPTIONS = {"pack": "house", **{key: values[0] for key, values in RULES.items()}}
LEVY, LEVY_WITH = verb("levy"), verb("levy_with")
SEALED_VERBS = frozenset({"recruit", "hire", "buy", "build", "disband", "bid"})
CONCEALED_VERBS = frozenset({"leave", "leave_agent", "split", "merge", "lead"})


class AsiaCrossroads(Ruleset[AsiaState]):
    name = "asia_crossroads"
    version = "0.2"
    seats = SEATS
    vocabulary = VOCABULARY
    event_types = ev.ASIA_EVENTS
    has_secrets = True
    # the income rolls are secret dice: undo may not reach back past them either
    undo_barriers = RANDOM_EVENTS | frozenset({"IncomeCollected", "BidsRevealed",
                                               "OrdersRevealed"})

    def scenarios(self) -> list[str]:
        return list(pack_named("house").scenarios)

    def setup(self, scenario: str, options: Mapping[str, Any], chance: Chance) -> Setup:
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise CourierError("error.unknown_option", option=", ".join(sorted(unknown)),
                               options=", ".join(OPTIONS))
        pack = pack_named(str(options.get("pack", "house")))
        problems = pack_problems(pack)
        if problems:
            raise CourierError("error.bad_option", option="pack", problem=problems[0])
        rules = {k: str(v) for k, v in options.items() if k in RULES}
        for key, value in rules.items():
            if value not in RULES[key]:
                raise CourierError("error.bad_option", option=key,
                                   problem=" / ".join(RULES[key]))
        spec = pack.scenarios[scenario]
        run = Run(AsiaState(), chance)
        run.emit(ev.ScenarioSetUp(pack=str(options.get("pack", "house")), scenario=scenario,
                                  turns=list(spec.turns), period=spec.period,
                                  balance=spec.balance, control=dict(spec.control),
                                  treasury=dict(spec.treasury), supply=dict(spec.supply),
                                  rules=rules, periods=list(spec.periods)))
        for nation, kind, brigades, where in spec.units:
            place(run, nation, kind, brigades, where)
        for square, marker, side in spec.markers:
            run.emit(ev.MarkerBuilt(square=square, marker=marker, owner=side))
        for agent in pack.agents:            # 2.1.5: the others wait in the Agents box
            run.emit(ev.UnitPlaced(id=agent, nation=pack.agents[agent].side, kind="agent",
                                   size=1, where=spec.agents.get(agent, "box")))
        economy.begin_turn(run, 1)
        return Setup(run.events, [])

    def initial_state(self) -> AsiaState:
        return AsiaState()

    def clone(self, state: AsiaState) -> AsiaState:
        return copy.deepcopy(state)

    # --- deciding ------------------------------------------------------------------------
    def legal_actions(self, state: AsiaState, seat: str) -> Choice:
        actions, prompt = self._choices(state, seat)
        return Choice(prompt, tuple(actions), seat)

    def _choices(self, state: AsiaState, seat: str) -> tuple[list[Action], Msg]:
        wait = Msg("asia.prompt.wait")
        if state.over:
            return [], Msg("asia.prompt.over")
        if state.levies:                                       # 5.4.2(3), house 21
            levy = state.levies[0]
            squares = levy_squares(state, levy["region"], seat) if seat == levy["side"] \
                else []
            actions = [LEVY(place=p) for p in squares]
            if levy["agent"] and levy["instead"]:
                actions += [LEVY_WITH(agent=levy["agent"], place=p) for p in squares]
            return actions, Msg("asia.prompt.levy", region=Msg(
                f"asia.region.{levy['region']}"), count=levy["count"])
        if state.loss is not None:                             # 14.9, 17.4
            return operations.loss_actions(state, seat), Msg(
                "asia.prompt.loss", place=state.loss["square"], count=state.loss["brigades"])
        if state.phase == "release":
            return economy.release_actions(state, seat), Msg("asia.prompt.release")
        if state.phase == "initiative":
            return economy.initiative_actions(state, seat), Msg(
                "asia.prompt.initiative", turn=state.turns[state.turn - 1])
        if state.phase == "purchases":
            return economy.purchase_actions(state, seat), Msg(
                "asia.prompt.purchases", treasury=state.treasury.get(seat) or 0)
        if state.phase == "supply":
            return economy.supply_actions(state, seat), Msg("asia.prompt.supply")
        if state.phase != "ops":
            return [], wait
        if state.sub == "negotiations":
            talk = state.negotiation
            if talk is not None:
                return operations.negotiation_actions(state, seat), Msg(
                    "asia.prompt.bid", region=Msg(f"asia.region.{talk.region}"),
                    treasury=state.treasury.get(seat) or 0)
            if seat != state.phasing:
                return [], wait
            return operations.negotiation_actions(state, seat), Msg(
                "asia.prompt.negotiations", ops=state.ops)
        if state.sub == "combat":
            actions = operations.combat_actions(state, seat)
            if state.captives:
                key = "asia.prompt.captive"
                return actions, Msg(key, agent=Msg(f"asia.agent.{state.captives[0]}"))
            if state.retreating is not None:
                return actions, Msg("asia.prompt.retreat_to",
                                    place=state.retreating["square"])
            if state.aftermath is not None and state.aftermath["stage"] == 4:
                return actions, Msg("asia.prompt.raze", place=state.aftermath["square"])
            step = state.combat_step.split(":")[0] if state.combat_step else "table"
            square = state.combats[0] if state.combats else ""
            return actions, Msg(f"asia.prompt.{step}", place=square)
        if seat != state.phasing:
            return [], wait
        force = state.force
        if force is not None:
            return operations.movement_actions(state, seat), Msg(
                "asia.prompt.force", place=force.square, mp=force.left_half / 2)
        return operations.movement_actions(state, seat), Msg("asia.prompt.movement",
                                                             ops=state.ops)

    def decide(self, state: AsiaState, seat: str, action: Action, chance: Chance
               ) -> list[Event]:
        return self.decide_state(state, seat, action, chance)[0]

    def decide_state(self, state: AsiaState, seat: str, action: Action, chance: Chance
                     ) -> tuple[list[Event], AsiaState | None]:
        run = Run(state, chance)
        if state.levies:
            with_agent = action.verb == "levy_with" or not state.levies[0]["instead"]
            then = place_levy(run, str(action["place"]), with_agent)
            if then == "income":
                economy.after_events(run)
            elif then == "combat":
                operations.begin_combat(run)
        elif state.loss is not None and state.phase == "supply":
            economy.decide_supply(run, seat, action)
        elif state.phase == "release":
            economy.decide_release(run, seat, action)
        elif state.phase == "initiative":
            economy.choose_first(run, str(action["seat"]))
        elif state.phase == "purchases":
            economy.decide_purchase(run, seat, action)
        elif state.phase == "supply":
            economy.decide_supply(run, seat, action)
        elif state.sub == "negotiations":
            operations.decide_negotiation(run, seat, action)
        elif state.sub == "combat":
            operations.decide_combat(run, seat, action)
        else:
            operations.decide_movement(run, seat, action)
        return run.events, run.state

    def seal_action(self, state: AsiaState, seat: str, action: Action) -> str | None:
        """9.0, 15.1: the orders of the purchase phase and the bids are secret; 14.4:
        what a concealed stack holds too (leaving units, reorganising, a force's leader)."""
        if action.verb in SEALED_VERBS:
            return "bid (sealed)" if action.verb == "bid" else "order (sealed)"
        if action.verb in CONCEALED_VERBS and not (action.verb == "lead"
                                                   and state.sub == "combat"):
            return "stack order (sealed)"
        return None

    def evolve(self, state: AsiaState, event: Event) -> AsiaState:
        return evolve(state, event)

    def active_seats(self, state: AsiaState) -> frozenset[str]:
        if state.over:
            return frozenset()
        if state.levies:
            return frozenset({state.levies[0]["side"]})
        if state.loss is not None:
            return frozenset({state.loss["seat"]})
        if state.phase == "release":
            return frozenset(economy.release_seats(state))
        if state.phase == "initiative":
            return frozenset({state.chooser})
        if state.phase == "purchases":
            return frozenset(s for s in SEATS if s not in state.done)
        if state.phase == "supply":
            return frozenset(key.split("@")[0] for key in state.dues)
        if state.phase != "ops":
            return frozenset()
        if state.sub == "negotiations" and state.negotiation is not None:
            return frozenset(state.negotiation.waiting)
        if state.sub == "combat":
            chooser = operations.combat_chooser(state)
            return frozenset({chooser}) if chooser else frozenset()
        return frozenset({state.phasing})

    def is_over(self, state: AsiaState) -> bool:
        return state.over

    # --- what a seat may see (9.0, 15.1) ---------------------------------------------------
    def view(self, state: AsiaState, seat: str | None) -> AsiaState:
        """The state as ``seat`` may see it: the other side's treasury, income, sealed
        orders and unrevealed bid blanked, its stacks concealed where the sides do not
        meet (None: what every player may see)."""
        if state.over:
            return state
        seen = copy.copy(state)
        seen.units = conceal(state, seat)                      # 14.1, 14.4
        if seat != state.phasing:
            seen.moved = []
            if state.force is not None:
                seen.force = copy.copy(state.force)
                seen.force.units, seen.force.leader = [], None
        seen.treasury = {s: v if s == seat else None for s, v in state.treasury.items()}
        seen.income = {s: v if s == seat else None for s, v in state.income.items()}
        seen.pending = {s: (list(v or []) if s == seat else None)
                        for s, v in state.pending.items()}
        talk = state.negotiation
        if talk is not None:
            talk = copy.deepcopy(talk)
            for side in list(talk.bids):
                if side != seat and talk.waiting:
                    talk.bids[side] = None
                    talk.salts.pop(side, None)
            seen.negotiation = talk
        return seen

    # --- text -----------------------------------------------------------------------------
    def display_name(self, lang: str) -> str:
        return t("asia.name", lang)

    def scenario_name(self, scenario: str, lang: str) -> str:
        return t(f"asia.scenario.{scenario}", lang)

    def option_choices(self, lang: str) -> list[OptionChoice]:
        out = [OptionChoice("pack", None, t("asia.house", lang))]
        out += [OptionChoice(key, None if value == values[0] else value,
                             t(f"asia.option.{key}_{value}", lang))
                for key, values in RULES.items() for value in values]
        return out

    def summary(self, state: AsiaState, lang: str) -> str:
        return summary(self.view(state, None), lang)

    def board_text(self, state: AsiaState, seat: str | None, lang: str) -> str:
        return board_text(self.view(state, seat), seat, lang)

    def status_fields(self, state: AsiaState, lang: str) -> list[tuple[str, str]]:
        return [("", line) for line in summary(state, lang).splitlines() if line]

    def turn_boundary(self, event: Event) -> bool:
        return isinstance(event, ev.PhaseBegan) and event.sub == "movement" or \
            isinstance(event, ev.TurnBegan)

    def outcome(self, state: AsiaState, lang: str) -> str:
        if not state.over:
            return ""
        scores = ", ".join(f"{t(f'asia.seat.{s}', lang)} {v}" for s, v in state.scores.items())
        who = t(f"asia.seat.{state.winner}", lang) if state.winner else "-"
        return t("asia.narrate.outcome", lang, scores=scores, winner=who)

    def narrate(self, state: AsiaState, records: Sequence[Recorded], lang: str,
                notes: Mapping[int, str] | None = None) -> str:
        return narrate(records, lang, notes)

    # --- checks -----------------------------------------------------------------------------
    def invariants(self, state: AsiaState) -> list[str]:
        from engine.games.asia_crossroads.invariants import problems
        return problems(state)

    def fuzz_setups(self) -> list[tuple[str, dict[str, Any]]]:
        """The default fuzz: the one-turn skirmish and the two-turn clash (forces in
        contact, railways built: every decision comes up), with the house rules and with
        every alternative rule; the long fuzz adds the longer scenarios."""
        others = {key: values[1] for key, values in RULES.items()}
        return [("skirmish", {}), ("clash", {}), ("skirmish", others), ("clash", others)]
