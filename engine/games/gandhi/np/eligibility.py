"""8.2.1 The NP Eligibility table: what an Eligible non-player does on the card -- the
Event, an Operation (with a Special Activity, only, or Limited), or Pass -- and 8.8.2 which
side of an Event it executes."""

from __future__ import annotations

from collections.abc import Sequence

from engine.coin.sequence import Did
from engine.core.actions import Action
from engine.games.gandhi.deck import event_card, is_campaign
from engine.games.gandhi.np.arjuna import plan_turn
from engine.games.gandhi.np.context import Ctx, Plan, turn_token
from engine.games.gandhi.np.effective import event_effect
from engine.games.gandhi.np.execute import OPERATION_FEASIBLE, find
from engine.games.gandhi.pieces import NV_FACTIONS, RAJ, activists_of
from engine.games.gandhi.state import GandhiState


def side_for(state: GandhiState, faction: str) -> str:
    """8.8.2 NP Raj always unshaded; the others shaded unless their icon has a halo."""
    if faction == RAJ or state.current is None:
        return "unshaded"
    return "unshaded" if event_card(state.current, state.pack).has_halo(faction) else "shaded"


def critical(state: GandhiState, card: str | None, faction: str) -> bool:
    """8.8.1 The Faction's icon on the card is underlined."""
    if card is None or is_campaign(card):
        return False
    return event_card(card, state.pack).is_critical(faction)


def effective(state: GandhiState, faction: str) -> bool:
    return bool(event_effect(state, faction, side_for(state, faction))["effective"])


def first_next_card(state: GandhiState, faction: str) -> bool:
    """Guaranteed to be 1st Eligible on the upcoming card: it will be Eligible (it passes
    now), and every Faction left of it on that card will not be (it has executed on this
    card, or an Event made it Ineligible)."""
    card = state.upcoming
    if card is None or is_campaign(card):
        return False
    from engine.games.gandhi.deck import faction_order  # noqa: PLC0415
    order = faction_order(card, state.pack)
    done = {f for f, _ in state.turn.acted} | set(state.turn.made_ineligible)
    done -= set(state.turn.kept_eligible)
    for other in order:
        if other == faction:
            return True
        if other not in done:
            return False
    return False


def next_faction(state: GandhiState, faction: str) -> str | None:
    """The next Eligible Faction after ``faction`` on the current card."""
    order = state.turn.order
    if faction not in order:
        return None
    later = order[order.index(faction) + 1:]
    done = {f for f, _ in state.turn.acted} | set(state.turn.passed)
    return next((f for f in later if state.eligible.get(f, False) and f not in done), None)


def decide(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """The card step: the table's row, then the Event side or the Arjuna card's Operation."""
    state, faction = ctx.state, ctx.seat
    first = not state.turn.acted
    current = state.current
    if first:
        row, choice = first_eligible(state, faction, current)
    else:
        row, choice = second_eligible(state, faction, current)
    ctx.say("eligibility", position="first" if first else "second", row=row, choice=choice)
    if choice == "event":
        side = side_for(state, faction)
        found = find(actions, "event", side=side)
        if found is not None:
            effect = event_effect(state, faction, side)
            ctx.say("event", side=side, card=current, outcomes=sorted(effect["outcomes"]),
                    column=effect["column"])
            # 8.8.5 the column of the effective actions selects the Event's spaces
            ctx.set_plan(Plan(faction=faction, turn=turn_token(state), kind="event",
                              column=effect["column"]))
            return found
        choice = "op_sa" if first else "limited"
    if choice == "pass":
        return pass_action(ctx, actions)
    mode = {"op_sa": "op_sa", "op": "op", "limited": "limited"}[choice]
    verb_name = "limited" if mode == "limited" else "operation"
    if not any(a.verb == verb_name for a in actions):
        ctx.say("no_operation")
        return pass_action(ctx, actions)

    def feasible(c: Ctx, who: str, box: dict[str, object]) -> bool:
        offered = find(actions, verb_name, operation=box["op"])
        test = OPERATION_FEASIBLE.get(f"{who}:{box['op']}")
        return offered is not None and (test is None or test(c, {**box, "faction": who}))

    plan = plan_turn(ctx, faction, mode, feasible)
    if plan is None:
        ctx.say("no_operation")
        return pass_action(ctx, actions)
    ctx.set_plan(plan)
    found = find(actions, verb_name, operation=plan.op)
    assert found is not None
    return found


def pass_action(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """2.3.3/8.1.4 NP Congress and NP League bring their own Activist back from Out of
    Play; NP Raj and NP Revolutionaries Pass with no other effect."""
    faction = ctx.seat
    if faction in NV_FACTIONS and ctx.state.out_of_play.get(activists_of(faction), 0):
        found = find(actions, "pass_free", faction=faction)
        if found is not None:
            return found
    found = find(actions, "pass")
    assert found is not None
    return found


def first_eligible(state: GandhiState, faction: str, card: str | None) -> tuple[int, str]:
    if critical(state, card, faction) and effective(state, faction):
        return 1, "event"
    following = next_faction(state, faction)
    if following is not None and critical(state, card, following):
        return 2, "op"
    if first_next_card(state, faction) and critical(state, state.upcoming, faction):
        return 3, "pass"
    return 4, "op_sa"


def second_eligible(state: GandhiState, faction: str, card: str | None) -> tuple[int, str]:
    did = state.turn.acted[0][1]
    event_open = did is Did.OP_SA
    can_current = critical(state, card, faction) and event_open and effective(state, faction)
    if first_next_card(state, faction) and critical(state, state.upcoming, faction) \
            and not can_current:
        return 1, "pass"
    if did is Did.OP_SA and effective(state, faction):
        return 2, "event"
    if first_next_card(state, faction):
        return 3, "pass"
    if did is Did.OP or (did is Did.OP_SA and not effective(state, faction)) \
            or did is Did.LIMITED_OP:
        return 4, "limited"
    return 5, "op_sa"

