"""A standalone SVG picture of the board: fields, goals, pieces, keepers and the ball.

``render(w)`` shows every keeper; ``render(w, visible)`` shows the keepers of the sides in
``visible`` and only the revealed ones of the others (``?`` for a hidden keeper). A keeper the
opponent cannot see yet is drawn faded for the side that may see it.
"""

from __future__ import annotations

from html import escape

from matches.engine.i18n import side_label, tr
from matches.engine.trixkick.board import ROWS, coord
from matches.engine.trixkick.hidden import HIDDEN_MARK
from matches.engine.trixkick.texts import STEPS

CELL = 90
MARGIN = 40
COLOURS = ("#1f5fbf", "#c62828")
ZONE = {"A2", "A3", "B2", "B3", "A5", "A6", "A7", "A8", "B5", "B6", "B7", "B8"}


def render(w: dict, visible: frozenset[int] | None = None) -> str:
    """The board as SVG; ``visible``: the sides whose hidden keepers are shown (``None``: all)."""
    over = w["phase"] == "over"
    width = 4 * CELL + 2 * MARGIN
    height = 5 * CELL + 2 * MARGIN + 40
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f"<title>TriXKick {escape(w['names'][0])} {w['score'][0]}:{w['score'][1]} "
        f"{escape(w['names'][1])}</title>",
        f'<rect width="{width}" height="{height}" fill="#2e7d32"/>',
    ]

    # B's goal on top, A's goal at the bottom: row 4 drawn first
    def top(row: int) -> int:
        return MARGIN + (4 - row) * CELL

    for row, fields in enumerate(ROWS):
        for col, name in enumerate(fields):
            x, y = MARGIN + col * CELL, top(row)
            fill = "#388e3c" if name in ZONE else "#43a047"
            out.append(
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
                'stroke="#fff" stroke-width="2"/>'
            )
            out.append(
                f'<text x="{x + 4}" y="{y + 14}" font-size="11" fill="#e8f5e9">{name}</text>'
            )
    for side, y in ((1, MARGIN - 30), (0, MARGIN + 5 * CELL)):
        gx = MARGIN + CELL // 2
        out.append(
            f'<rect x="{gx}" y="{y}" width="{3 * CELL}" height="30" fill="#fafafa" '
            f'stroke="{COLOURS[side]}" stroke-width="3"/>'
        )
        keepers = w["keepers"][side] or {}
        own = visible is None or side in visible
        for i, slot in enumerate(("left", "middle", "right")):
            if slot not in keepers:
                continue
            open_ = over or slot in w["revealed"][side]
            shown = keepers[slot] if open_ or own else HIDDEN_MARK
            faded = "" if open_ else ' opacity="0.55"'
            out.append(
                f'<text x="{gx + i * CELL + CELL // 2}" y="{y + 21}" text-anchor="middle" '
                f'font-size="16" fill="{COLOURS[side]}"{faded}>{escape(shown)}</text>'
            )
        if "reserve" in keepers and (own or over or "reserve" in w["revealed"][side]):
            out.append(
                f'<text x="{gx + 3 * CELL + 6}" y="{y + 21}" font-size="11" '
                f'fill="{COLOURS[side]}">({escape(keepers["reserve"])})</text>'
            )
    slots: dict[str, int] = {}
    for pid in sorted(w["pieces"]):
        p = w["pieces"][pid]
        if p["field"] is None:
            continue
        row, col = coord(p["field"])
        i = slots.get(p["field"], 0)
        slots[p["field"]] = i + 1
        cx = MARGIN + col * CELL + 24 + (i % 2) * 42
        cy = top(row) + 32 + (i // 2) * 34
        stroke = "#fdd835" if p["yellow"] else "#fff"
        out.append(
            f'<circle cx="{cx}" cy="{cy}" r="17" fill="{COLOURS[p["side"]]}" '
            f'stroke="{stroke}" stroke-width="3"/>'
        )
        out.append(
            f'<text x="{cx}" y="{cy + 4}" text-anchor="middle" font-size="10" '
            f'fill="#fff">{escape(p["symbols"])}</text>'
        )
    ball = w.get("ball")
    if ball and ball.get("field"):
        row, col = coord(ball["field"])
        cx = MARGIN + col * CELL + CELL - 14
        cy = top(row) + CELL - 14
        out.append(
            f'<circle cx="{cx}" cy="{cy}" r="10" fill="#fff" stroke="#000" stroke-width="2"/>'
        )
    names = [side_label(n) for n in w["names"]]
    if w["phase"] == "over":
        status = tr("The match is over.")
    else:
        status = tr("{team}: {doing}").format(
            team=names[w["actor"]], doing=tr(STEPS.get(w["step"], ""))
        )
    out.append(
        f'<text x="{MARGIN}" y="{height - 12}" font-size="13" fill="#fff">'
        f"{escape(names[0])} {w['score'][0]} : {w['score'][1]} "
        f"{escape(names[1])} - {escape(status)}</text>"
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"
