"""Why a non-player chose what it chose, in the reader's language: the reasons a
``NonPlayerReason`` logs (table rows, Arjuna boxes, priorities, dice) as short phrases,
for the digest and the history."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.games.gandhi.board import Map
from engine.games.gandhi.names import piece_name, place_name
from engine.i18n import has_key, t

Why = Mapping[str, Any]


def _k(key: str, lang: str, **params: Any) -> str:
    return t(f"gandhi.np.{key}", lang, **params)


def _label(group: str, name: str | None, lang: str) -> str:
    if name is None:
        return "—"
    key = f"gandhi.np.{group}.{name}"
    return t(key, lang) if has_key(key, "en") else name


def _place(b: Map, sid: str | None, lang: str) -> str:
    if not sid:
        return "—"
    try:
        return place_name(b, sid, lang)
    except KeyError:
        return sid


def _piece(kind: str, lang: str) -> str:
    if kind in ("unrest", "protest", "strike", "muslim_state"):
        return t(f"gandhi.marker.{kind}", lang)
    if kind == "activist":
        return t("gandhi.np.word.activist", lang)
    return piece_name(kind, lang)


def _yes(answer: Any, lang: str) -> str:
    return _k("word.yes" if answer else "word.no", lang)


def _path(path: Sequence[Sequence[Any]], lang: str) -> str:
    parts = []
    for box in path:
        if box[0] == "ask":
            parts.append(f"{_label('question', box[1], lang)} {_yes(box[2], lang)}")
        elif box[0] == "op":
            parts.append(t(f"gandhi.operation.{box[1]}", lang))
        else:
            parts.append("/".join(t(f"gandhi.special_activity.{a}", lang) for a in box[1]))
    return " → ".join(parts)


def _rows(rows: Sequence[Sequence[Any]], lang: str) -> str:
    read = [f"{_label('row', r, lang)} ({n})" for r, n in rows if n]
    return ", ".join(read) if read else _k("word.none", lang)


def phrase(why: Why, b: Map, lang: str) -> str:
    """One reason as a phrase."""
    k = str(why.get("k", ""))
    if k == "eligibility":
        return _k("why.eligibility", lang, position=_k(f"word.{why['position']}", lang),
                  row=why["row"], choice=_label("choice", why["choice"], lang))
    if k == "event":
        return _k("why.event", lang, side=t(f"gandhi.event.side_{why['side']}", lang),
                  effects=", ".join(_label("effect", e, lang) for e in why.get("outcomes", ()))
                  or _k("word.none", lang))
    if k == "arjuna":
        return _k("why.arjuna", lang, card=why["card"], path=_path(why["path"], lang),
                  end=_label("end", why["end"], lang))
    if k == "die":
        if "than" in why:
            return _k("why.die_than", lang, roll=why["roll"], than=why["than"])
        return _k("why.die", lang, roll=why["roll"])
    if k == "no_space":
        return _k("why.no_space", lang, op=t(f"gandhi.operation.{why['op']}", lang),
                  card=why["card"])
    if k == "activity":
        return _k("why.activity", lang,
                  activity=t(f"gandhi.special_activity.{why['activity']}", lang),
                  option="ABCD"[min(int(why.get("option", 0)), 3)])
    if k == "column":
        dice = why.get("dice")
        tail = _k("why.random", lang, dice="-".join(str(d) for d in dice)) if dice else ""
        return _k("why.column", lang, column=_label("column", why["column"], lang),
                  rows=_rows(why.get("rows", ()), lang), space=_place(b, why.get("space"), lang),
                  among=why.get("among", 0)) + tail
    if k == "adversary":
        return _k("why.adversary", lang, piece=_piece(why["piece"], lang),
                  priority=_label("priority", why["priority"], lang))
    if k == "activation":
        verdict = _k("word.failed" if why["failed"] else "word.passed", lang)
        return _k("why.activation", lang, roll=why["roll"], number=why["number"],
                  verdict=verdict)
    if k in ("move", "redeploy"):
        return _k("why.move", lang, instruction=_label("instruction", why["instruction"], lang),
                  origin=_place(b, why.get("origin"), lang), dest=_place(b, why.get("dest"), lang))
    if k == "random":
        return _k("why.random_space", lang, rule=why.get("rule", "8.1.2"),
                  space=_place(b, why.get("space"), lang),
                  dice="-".join(str(d) for d in why.get("dice") or ()) or "—")
    if k == "rule":
        return _k("why.rule", lang, rule=why["rule"], text=_label("rule", why["text"], lang))
    if k == "event_choice":
        effects = ", ".join(_label("effect", e, lang) for e in why.get("outcomes", ()))
        key = "why.event_stop" if why.get("stop") else "why.event_choice"
        return _k(key, lang, effects=effects or _k("word.none", lang))
    if k in ("no_plan", "forced", "fallback", "no_operation"):
        return _k(f"why.{k}", lang)
    return k


def explain(why: Sequence[Why], b: Map, lang: str) -> str:
    return "; ".join(phrase(w, b, lang) for w in why)

