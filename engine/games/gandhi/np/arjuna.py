"""8.3 The Arjuna deck: drawing a card for the acting non-player, reading its flowchart
(questions, Operation, Special Activities, draw/flip/stop) and planning the turn.

The card is read when the turn begins: the Operation has to be named on the card (2.3.4)
before anything is carried out, so a question printed after a Special Activity box is
answered on the position before that Special Activity (docs/rules-choices.md).  8.3/8.6:
an Operation with no eligible space draws a new card, and a Special Activity already on
the path is kept (a later card's is ignored)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.coin.np_arjuna import Box, draw, walk
from engine.games.gandhi.derived import (
    available,
    board,
    in_crisis,
    protests_for_operations,
    raj_control,
)
from engine.games.gandhi.events import ArjunaDrawn
from engine.games.gandhi.np.context import Ctx, Plan, turn_token
from engine.games.gandhi.np.data import ArjunaCard, np_data
from engine.games.gandhi.np.spaces import active, cubes, guerrillas, pop
from engine.games.gandhi.ops.framework import OPERATIONS, fresh
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    GANDHI,
    GUERRILLAS,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    MUSLIM_LEAGUE,
    RAJ,
    REV_BASES,
    TROOPS,
)
from engine.games.gandhi.state import GandhiState

# 2.5.1/8.1.6 Viceroys that set NP Raj's Activation Number to 1 for one Operation
CHELMSFORD, IRWIN, WILLINGDON = "73", "75", "76"
VICEROY_AN = {("assault", CHELMSFORD), ("sweep", IRWIN), ("deploy", WILLINGDON)}
MAX_DRAWS = 12


# --- the questions --------------------------------------------------------------------------

Question = Callable[[Ctx], bool]


def _spaces(state: GandhiState) -> list[str]:
    return list(board(state).spaces)


def _any(state: GandhiState, test: Callable[[str], bool]) -> bool:
    return any(test(s) for s in board(state).spaces)


def _nv_activists(state: GandhiState, sid: str) -> int:
    sp = state.space(sid)
    return sp.count(CONGRESS_ACTIVISTS) + sp.count(ML_ACTIVISTS)


def _die_le(ctx: Ctx, what: str, value: int) -> bool:
    roll = ctx.roll(what)
    ctx.say("die", roll=roll, than=value, what=what)
    return roll <= value


def _nc_eligible(state: GandhiState, faction: str, muslim: bool = False) -> bool:
    op = OPERATIONS[f"{faction}:non_cooperation"]
    spaces = op.spaces(state, fresh(_execution(faction)))  # type: ignore[attr-defined]
    return any(board(state).space(s).muslim or not muslim for s in spaces)


def _execution(faction: str) -> Any:
    from engine.games.gandhi.state import STEP_MODELS  # noqa: PLC0415
    return STEP_MODELS.model("execution", {"executing": faction})


def _troops(state: GandhiState, kind: str) -> int:
    b = board(state)
    return sum(state.space(s).count(TROOPS) for s in b.spaces if b.space(s).kind == kind)


def _would_place_muslim_state(state: GandhiState) -> bool:
    """4.4.1 A Muslim Province at Opposition where League pieces exceed Congress pieces,
    with League Activists and no Raj Control (a Negotiate space)."""
    b = board(state)
    for sid in b.provinces:
        sp = state.space(sid)
        if (b.space(sid).muslim and not sp.muslim_state and sp.support < 0
                and sp.count(ML_ACTIVISTS) and not raj_control(state, sid)
                and sp.count(ML_ACTIVISTS) + sp.count(ML_BASES)
                > sp.count(CONGRESS_ACTIVISTS) + sp.count(GANDHI)):
            return True
    return False


QUESTIONS: dict[str, Question] = {
    # Raj
    "die_le_available_troops": lambda c: _die_le(c, "available troops",
                                                 available(c.state, TROOPS)),
    "cubes_exceed_active": lambda c: _any(c.state, lambda s: active(c.state, s) > 0
                                          and cubes(c.state, s) > _non_base_active(c.state, s)),
    "two_pop_province_no_control": lambda c: any(
        pop(c.state, s) == 2 and not raj_control(c.state, s)
        and not c.state.space(s).muslim_state for s in board(c.state).provinces),
    "two_spaces_cubes_and_active": lambda c: sum(
        1 for s in _spaces(c.state) if cubes(c.state, s) and active(c.state, s) > 0) >= 2,
    "city_troops_exceed_province_troops": lambda c: _troops(c.state, "city")
    > _troops(c.state, "province"),
    "protest_cubes_6": lambda c: sum(cubes(c.state, s) for s in _spaces(c.state)
                                     if c.state.space(s).protest) >= 6,
    "protest_without_activists": lambda c: _any(
        c.state, lambda s: c.state.space(s).protest and not _nv_activists(c.state, s)),
    "two_pop_active_opposition": lambda c: _any(
        c.state, lambda s: pop(c.state, s) == 2 and c.state.space(s).support == -2),
    "cubes_exceed_active_two_pop": lambda c: _any(
        c.state, lambda s: pop(c.state, s) == 2 and active(c.state, s) > 0
        and cubes(c.state, s) > _non_base_active(c.state, s)),
    "underground_in_support": lambda c: _any(
        c.state, lambda s: c.state.space(s).support > 0
        and c.state.space(s).count(GUERRILLAS_UNDERGROUND) > 0),
    "protests_all_have_cubes": lambda c: all(
        cubes(c.state, s) for s in _spaces(c.state) if c.state.space(s).protest),
    "twice_cubes_exceed_active": lambda c: _any(
        c.state, lambda s: active(c.state, s) > 0 and 2 * cubes(c.state, s) > active(c.state, s)),
    # Congress
    "congress_activists_6": lambda c: _on_map(c.state, CONGRESS_ACTIVISTS) >= 6,
    "die_le_available_jail_congress": lambda c: _die_le(
        c, "available and jailed congress activists",
        available(c.state, CONGRESS_ACTIVISTS) + c.state.jail.get(CONGRESS_ACTIVISTS, 0)),
    "nv_activists_ge_cubes": lambda c: _any(
        c.state, lambda s: not c.state.space(s).protest and _nv_activists(c.state, s) > 0
        and _nv_activists(c.state, s) >= cubes(c.state, s)),
    "protests_available_2": lambda c: protests_for_operations(c.state) >= 2,
    "protest_available": lambda c: protests_for_operations(c.state) >= 1,
    "congress_piece_no_protest": lambda c: _any(
        c.state, lambda s: not c.state.space(s).protest
        and (c.state.space(s).count(CONGRESS_ACTIVISTS) + c.state.space(s).count(GANDHI)) > 0),
    "nc_eligible": lambda c: _nc_eligible(c.state, c.seat),
    "protest_without_congress": lambda c: _any(
        c.state, lambda s: c.state.space(s).protest
        and c.state.space(s).count(CONGRESS_ACTIVISTS) == 0),
    "protest_with_control": lambda c: _any(
        c.state, lambda s: c.state.space(s).protest and raj_control(c.state, s)),
    "underground_in_opposition": lambda c: _any(
        c.state, lambda s: c.state.space(s).support < 0
        and c.state.space(s).count(GUERRILLAS_UNDERGROUND) > 0),
    "die_le_jail_congress": lambda c: _die_le(c, "jailed congress activists",
                                              c.state.jail.get(CONGRESS_ACTIVISTS, 0)),
    # Muslim League
    "league_activists_6": lambda c: _on_map(c.state, ML_ACTIVISTS) >= 6,
    "die_le_jail_league": lambda c: _die_le(c, "jailed league activists",
                                            c.state.jail.get(ML_ACTIVISTS, 0)),
    "die_le_available_jail_league": lambda c: _die_le(
        c, "available and jailed league activists",
        available(c.state, ML_ACTIVISTS) + c.state.jail.get(ML_ACTIVISTS, 0)),
    "league_activist_no_protest": lambda c: _any(
        c.state, lambda s: not c.state.space(s).protest
        and c.state.space(s).count(ML_ACTIVISTS) > 0),
    "muslim_nc_eligible": lambda c: _nc_eligible(c.state, MUSLIM_LEAGUE, muslim=True),
    "crisis": lambda c: in_crisis(c.state),
    "negotiate_would_place_muslim_state": lambda c: _would_place_muslim_state(c.state),
    "underground_in_muslim": lambda c: _any(
        c.state, lambda s: board(c.state).space(s).muslim
        and c.state.space(s).count(GUERRILLAS_UNDERGROUND) > 0),
    "sa_was_negotiate": lambda c: bool(c.plan and c.plan.negotiated),
    # Revolutionaries
    "guerrillas_6": lambda c: sum(guerrillas(c.state, s) for s in _spaces(c.state)) >= 6,
    "die_le_available_guerrillas": lambda c: _die_le(c, "available guerrillas",
                                                     available(c.state, GUERRILLAS)),
    "guerrillas_exceed_unity_no_base": lambda c: _any(
        c.state, lambda s: guerrillas(c.state, s) > c.state.unity
        and not c.state.space(s).count(REV_BASES)),
    "underground_without_unrest": lambda c: _any(
        c.state, lambda s: not c.state.space(s).unrest
        and c.state.space(s).count(GUERRILLAS_UNDERGROUND) > 0),
    "guerrillas_3": lambda c: _any(c.state, lambda s: guerrillas(c.state, s) >= 3),
    "two_pop_province_no_unrest_no_guerrillas": lambda c: any(
        pop(c.state, s) == 2 and not c.state.space(s).unrest and not guerrillas(c.state, s)
        for s in board(c.state).provinces),
    "guerrillas_two_pop_no_unrest": lambda c: _any(
        c.state, lambda s: pop(c.state, s) == 2 and not c.state.space(s).unrest
        and guerrillas(c.state, s) > 0),
    "underground_two_two_pop_no_unrest": lambda c: sum(
        1 for s in _spaces(c.state) if pop(c.state, s) == 2 and not c.state.space(s).unrest
        and c.state.space(s).count(GUERRILLAS_UNDERGROUND)) >= 2,
    "unrest_or_base_without_guerrillas": lambda c: _any(
        c.state, lambda s: (c.state.space(s).unrest > 0 or c.state.space(s).count(REV_BASES) > 0)
        and not guerrillas(c.state, s)),
    "guerrillas_3_no_unrest": lambda c: _any(
        c.state, lambda s: guerrillas(c.state, s) >= 3 and not c.state.space(s).unrest),
    "guerrilla_without_unrest": lambda c: _any(
        c.state, lambda s: guerrillas(c.state, s) > 0 and not c.state.space(s).unrest),
}


def _on_map(state: GandhiState, kind: str) -> int:
    return sum(sp.count(kind) for sp in state.spaces.values())


def _non_base_active(state: GandhiState, sid: str) -> int:
    sp = state.space(sid)
    return active(state, sid) - sp.count(ML_BASES) - sp.count(REV_BASES)


# --- drawing and reading --------------------------------------------------------------------


def draw_card(ctx: Ctx, faction: str) -> ArjunaCard:
    """8.3 steps 1-2: the next card of the Faction's stack (shuffled at each Reset)."""
    state = ctx.state
    data = np_data(state.pack)
    fresh_epoch = state.arjuna_epoch != state.campaign
    seen = [] if fresh_epoch else state.arjuna.get(faction, [])
    top = None if fresh_epoch else state.arjuna_top.get(faction)
    card = draw(data.fronts(faction), seen, top, lambda n: ctx.roll("arjuna", n))
    ctx.add(ArjunaDrawn(faction=faction, card=card, epoch=state.campaign))
    return data.cards[card]


def activation_number(state: GandhiState, faction: str, op: str, card: ArjunaCard) -> int:
    """8.6.2 NP Raj: Restraint (1 for one Operation under Chelmsford, Irwin, Willingdon,
    8.1.6); NP Revolutionaries: the card's 2, 3 or Restraint."""
    if faction == RAJ:
        return 1 if (op, state.viceroy) in VICEROY_AN else state.restraint
    if card.max.isdigit():
        return int(card.max)
    return state.restraint   # "R" (NP Congress and League have no Activation Number)


def plan_turn(ctx: Ctx, faction: str, mode: str,
              feasible: Callable[[Ctx, str, dict[str, Any]], bool]) -> Plan | None:
    """8.3 The turn's plan: cards drawn and read (flipped, drawn again) until one names an
    Operation the Faction can carry out (``feasible``).  ``mode``: ``op_sa``, ``op`` (an
    Operation only) or ``limited`` (2.3.5): the last two skip the Special Activities.
    None if no card gives a feasible Operation within ``MAX_DRAWS`` (the caller Passes)."""
    data = np_data(ctx.state.pack)
    read: list[str] = []
    sa: dict[str, Any] | None = None       # the Special Activity box on the path, if any
    sa_first = False
    ctx.plan = Plan(faction=faction, turn=turn_token(ctx.state), kind="execution",
                    sa_allowed=mode == "op_sa")
    for _ in range(MAX_DRAWS):
        card = draw_card(ctx, faction)
        for _flip in range(2):
            read.append(card.id)
            walked = walk(card.boxes, lambda box: _answer(ctx, box))
            ctx.say("arjuna", card=card.id, path=[_box_said(b, a) for b, a in walked.path],
                    end=walked.end)
            op_box = next((b for b, _ in walked.path if b.kind == "op"), None)
            for box, _ in walked.path:
                if box.kind == "sa" and sa is None:
                    sa = dict(box.params)
                    sa_first = op_box is None or walked.path.index((box, None)) < \
                        walked.path.index((op_box, None))
            if op_box is not None:
                params = dict(op_box.params)
                if feasible(ctx, faction, params):
                    op = params["op"]
                    return Plan(faction=faction, turn=turn_token(ctx.state), cards=read,
                                card=card.id, op=op, op_box=params,
                                sas=list((sa or {}).get("options", [])),
                                sa_first=sa_first, sa_allowed=mode == "op_sa",
                                an=activation_number(ctx.state, faction, op, card),
                                negotiated=False)
                ctx.say("no_space", op=params["op"], card=card.id)
                break   # 8.3 no eligible space: draw a new card
            if walked.end == "flip":
                card = data.cards[card.other]
                continue
            break       # draw, or a card that named no Operation
    return None


def _answer(ctx: Ctx, box: Box) -> bool:
    assert box.test is not None
    return QUESTIONS[box.test](ctx)


def _box_said(box: Box, answer: bool | None) -> list[Any]:
    if box.kind == "ask":
        return ["ask", box.test, answer]
    if box.kind == "op":
        return ["op", box.params["op"]]
    return ["sa", [o.get("activity") for o in box.params.get("options", ())]]
