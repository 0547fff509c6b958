"""Plain-language text: the digest of what events did, the status summary, and the board
as text, square by square.  Everything here reads a *view* (``Ruleset.view``) or
records already redacted for their reader, so a sealed value never reaches a text."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core.events import ActionTaken, DieRolled, Event, Recorded
from engine.games.asia_crossroads import events as ev
from engine.games.asia_crossroads.state import HIDDEN, SEATS, AsiaState, units_at
from engine.games.asia_crossroads.vocabulary import square_label
from engine.i18n import t


def _seat(seat: str, lang: str) -> str:
    return t(f"asia.seat.{seat}", lang)


def _unit(nation: str, kind: str, size: int, lang: str) -> str:
    if kind == HIDDEN:                       # 14.4: another side's concealed counter
        return t("asia.narrate.hidden", lang, side=t(f"asia.seat.{nation}", lang))
    if kind == "agent":
        return t(f"asia.agent.{nation}", lang)
    return f"{t(f'asia.troop.{kind}', lang)} {t(f'asia.nation.{nation}', lang)} " \
        f"{'X' * size}"


def line(event: Event, lang: str) -> str | None:
    """One event in words, or None for the events a digest leaves out."""
    def say(key: str, **params: object) -> str:
        return t(f"asia.narrate.{key}", lang, **params)
    if isinstance(event, ev.TurnBegan):
        return say("turn", turn=event.turn)
    if isinstance(event, ev.FirstPlayerChosen):
        return say("first", seat=_seat(event.seat, lang))
    if isinstance(event, ev.RandomEvent):
        return say("random", column=event.column, roll=event.roll,
                   event=t(f"asia.event.{event.event}", lang))
    if isinstance(event, ev.IncomeCollected):
        return say("income", seat=_seat(event.seat, lang))
    if isinstance(event, ev.OrdersRevealed):
        return say("orders", orders="; ".join(
            f"{_seat(s, lang)}: {', '.join(o['text'] for o in items) or '-'}"
            for s, items in event.orders.items()))
    if isinstance(event, ev.PhaseBegan) and event.phase == "ops":
        return say(f"sub.{event.sub}", ops=event.ops, seat=_seat(event.phasing, lang))
    if isinstance(event, ev.PhaseBegan):
        return say(f"phase.{event.phase}")
    if isinstance(event, ev.ForceStepped):
        return say("stepped", to=square_label(event.to, lang))
    if isinstance(event, ev.ControlChanged):
        side = _seat(event.to, lang) if event.to in SEATS else t("asia.narrate.neutral", lang)
        return say("control", region=t(f"asia.region.{event.region}", lang), side=side,
                   why=t(f"asia.narrate.why.{event.why}", lang))
    if isinstance(event, ev.BalanceShifted):
        return say("balance", by=f"{event.by:+d}")
    if isinstance(event, ev.BidsRevealed):
        return say("bids", bids=", ".join(f"{_seat(s, lang)} £{b}"
                                          for s, b in event.bids.items()))
    if isinstance(event, ev.NegotiationResolved):
        return say("negotiation", region=t(f"asia.region.{event.region}", lang),
                   offence=event.offence, defence=event.defence, roll=event.roll,
                   result=t(f"asia.narrate.result.{event.result}", lang))
    if isinstance(event, ev.CombatResolved) and event.table:
        return say("combat", place=square_label(event.square, lang), attack=event.attack,
                   defence=event.defence, column=event.column, roll=event.roll,
                   drm=f"{event.drm:+d}", result=event.result)
    if isinstance(event, ev.UnitPlaced):
        return say("placed", unit=_unit(event.id if event.kind == "agent" else event.nation,
                                        event.kind, event.size, lang),
                   place=square_label(event.where, lang) if event.where != "box" else "-")
    if isinstance(event, ev.AgentCaptured):
        return say("captured", agent=t(f"asia.agent.{event.agent}", lang))
    if isinstance(event, ev.MarkerBuilt | ev.MarkerDestroyed):
        key = "built" if isinstance(event, ev.MarkerBuilt) else "destroyed"
        return say(key, marker=t(f"asia.marker.{event.marker}", lang),
                   place=square_label(event.square, lang))
    if isinstance(event, ev.GameEnded):
        ended = say("ended", scores=", ".join(f"{_seat(s, lang)} {v}"
                                              for s, v in event.scores.items()))
        if event.capitulated:
            ended = f"{say('capitulated', seat=_seat(event.capitulated, lang))} {ended}"
        return ended
    if isinstance(event, ev.PeriodBegan):
        return say("period", period=event.period)
    if isinstance(event, ev.Retreated):
        if not event.to:
            return say("no_retreat", place=square_label(event.square, lang))
        return say("retreated", place=square_label(event.square, lang),
                   to=square_label(event.to, lang))
    if isinstance(event, DieRolled):
        return None
    return None


def narrate(records: Sequence[Recorded], lang: str,
            notes: Mapping[int, str] | None = None) -> str:
    out = []
    for record in records:
        event = record.event
        if isinstance(event, ActionTaken):
            note = (notes or {}).get(record.seq)
            text = t("asia.sealed", lang) if event.secret is not None else event.text
            out.append(f"{_seat(event.seat, lang)}: {text}" + (f" ({note})" if note else ""))
            continue
        said = line(event, lang)
        if said:
            out.append("  " + said)
    return "\n".join(out)


def money(value: int | None, lang: str) -> str:
    return "?" if value is None else f"£{value}"


def summary(state: AsiaState, lang: str) -> str:
    if not state.turns:
        return ""
    lines = [t("asia.narrate.status", lang, turn=state.turns[state.turn - 1],
               balance=f"{state.balance:+d}", phase=t(f"asia.narrate.phase.{state.phase}",
                                                      lang), ops=state.ops)]
    for seat in SEATS:
        lines.append(t("asia.narrate.side", lang, seat=_seat(seat, lang),
                       treasury=money(state.treasury.get(seat), lang),
                       supply=state.supply.get(seat, 0)))
    control = ", ".join(f"{t(f'asia.region.{r}', lang)}: "
                        f"{_seat(c, lang) if c in SEATS else t('asia.narrate.neutral', lang)}"
                        for r, c in state.control.items())
    lines.append(control)
    if state.data.house:
        lines.append(t("asia.house", lang))
    return "\n".join(lines)


def board_text(state: AsiaState, seat: str | None, lang: str) -> str:
    """The board as ``seat`` sees it (``state`` is its view): status, then each square
    with units or markers."""
    lines = [summary(state, lang), ""]
    places = [*state.data.bases, *state.data.squares]
    for where in places:
        units = units_at(state, where)
        markers = state.markers.get(where, {})
        if not units and not markers:
            continue
        said = [_unit(u.id if u.agent else u.nation, u.kind, u.size, lang) for u in units]
        said += [f"{t(f'asia.marker.{m}', lang)} ({_seat(o, lang)})" for m, o in
                 markers.items()]
        lines.append(f"{square_label(where, lang)}: {'; '.join(said)}")
    if seat is not None and state.pending.get(seat):
        lines.append(t("asia.narrate.pending", lang, orders=", ".join(
            o["text"] for o in state.pending[seat] or [])))
    return "\n".join(lines)
