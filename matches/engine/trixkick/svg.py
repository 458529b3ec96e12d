"""A standalone SVG picture of the board: fields, goals, pieces, keepers and the ball.

``render(s)`` shows every keeper; ``render(s, visible)`` shows the keepers of the sides in
``visible`` and only the revealed ones of the others (``?`` for a hidden keeper). A keeper the
opponent cannot see yet is drawn faded for the side that may see it.

Drawn so that every word stays at 11 CSS pixels or more on a 390-pixel-wide phone (13-unit
type at the least). Each field is ``<rect class="field" data-field>``, each piece
``<g class="piece" data-piece data-field>``, for a phone to make them tappable; with ``before``
(the state before the last move) the pieces that moved are ringed and their way drawn
(``<g class="last-move">``), and so is the ball's.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from matches.engine.i18n import N_, side_label, tr
from matches.engine.picture_style import dark_style
from matches.engine.trixkick.board import ROWS, coord
from matches.engine.trixkick.hidden import HIDDEN_MARK
from matches.engine.trixkick.state import Ball, TrixKickState
from matches.engine.trixkick.texts import STEPS

CELL = 90
#: a piece's token: its radius, and the widest its symbols may be drawn inside the ring
TOKEN_RADIUS = 18
TOKEN_TEXT_WIDTH = 28
MARGIN = 40
COLOURS = ("#1f5fbf", "#c62828")
ZONE = {"A2", "A3", "B2", "B3", "A5", "A6", "A7", "A8", "B5", "B6", "B7", "B8"}
MARK = "#ffe45c"
LAST_MOVE = N_("Last move")
#: the board's colours on a device set to dark (the web app's dark set, app.css)
DARK = dark_style(
    {
        ".bg": "fill: #173d1a",
        ".field": "fill: #25602a",
        ".field[data-zone]": "fill: #1f5224",
        ".goal": "fill: #26302a",
        ".side-0": "fill: #9dbcff",
        ".side-1": "fill: #ff9a91",
    }
)


def _spots(s: TrixKickState, top: Callable[[int], int]) -> dict[str, tuple[int, int]]:
    """Where each piece on the board is drawn: piece id -> (cx, cy)."""
    slots: dict[str, int] = {}
    out = {}
    for pid, p in s.pieces.items():
        if p.field is None:
            continue
        row, col = coord(p.field)
        i = slots.get(p.field, 0)
        slots[p.field] = i + 1
        dx, dy = SPOTS[min(i, len(SPOTS) - 1)]
        out[pid] = (MARGIN + col * CELL + dx, top(row) + dy)
    return out


#: where the first, second, third and fourth piece on a field stand in it, all below the
#: field's name (top left), which stays in view however many pieces stand there
SPOTS = ((24, 37), (66, 37), (66, 71), (24, 71))


def _field_of(s: TrixKickState, pid: str) -> str | None:
    piece = s.pieces.get(pid)
    return None if piece is None else piece.field


def _arrow(x0: float, y0: float, x1: float, y1: float, colour: str, stop: float) -> str:
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / length, dy / length
    ex, ey = x1 - ux * stop, y1 - uy * stop
    bx, by = ex - ux * 12, ey - uy * 12
    px, py = -uy * 8, ux * 8
    return (
        f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{colour}" '
        'stroke-width="4" stroke-linecap="round" stroke-dasharray="9 5"/>'
        f'<polygon points="{ex:.1f},{ey:.1f} {bx + px:.1f},{by + py:.1f} {bx - px:.1f},{by - py:.1f}" '
        f'fill="{colour}" stroke="#1b1f1d" stroke-width="1"/>'
    )


def _ball_spot(ball: Ball | None, top: Callable[[int], int]) -> tuple[int, int] | None:
    if ball is None or not ball.field:
        return None
    row, col = coord(ball.field)
    return MARGIN + col * CELL + CELL - 14, top(row) + CELL - 14


def _last_move(
    s: TrixKickState,
    before: TrixKickState | None,
    top: Callable[[int], int],
    spots: dict[str, tuple[int, int]],
) -> list[str]:
    if before is None:
        return []
    was = _spots(before, top)
    marks = []
    moved = [
        pid
        for pid, p in s.pieces.items()
        if p.field is not None and _field_of(before, pid) != p.field
    ]
    if len(moved) <= 4:  # the line-up after a goal moves everyone: nothing to point at
        for pid in moved:
            cx, cy = spots[pid]
            marks.append(
                f'<circle cx="{cx}" cy="{cy}" r="23" fill="none" stroke="{MARK}" '
                'stroke-width="3" stroke-dasharray="6 3"/>'
            )
            if pid in was:
                marks.append(_arrow(*was[pid], cx, cy, MARK, 23))
    old, new = _ball_spot(before.ball, top), _ball_spot(s.ball, top)
    if old and new and old != new:
        marks.append(_arrow(*old, *new, "#fff", 11))
    if not marks:
        return []
    return [f'<g class="last-move"><title>{escape(tr(LAST_MOVE))}</title>', *marks, "</g>"]


def _goals(s: TrixKickState, visible: frozenset[int] | None) -> list[str]:
    """Both goals with their keepers: a side's hidden keepers shown to that side only (``visible``:
    the sides shown; ``None``: all), every keeper once revealed or the match is over."""
    over = s.phase == "over"
    out: list[str] = []
    for side, y in ((1, MARGIN - 30), (0, MARGIN + 5 * CELL)):
        gx = MARGIN + CELL // 2
        out.append(
            f'<rect class="goal" x="{gx}" y="{y}" width="{3 * CELL}" height="30" fill="#fafafa" '
            f'stroke="{COLOURS[side]}" stroke-width="3"/>'
        )
        keepers = s.keepers[side]
        if keepers is None:
            continue  # not set up yet
        own = visible is None or side in visible
        for i, slot in enumerate(("left", "middle", "right")):
            if not keepers.has(slot):
                continue
            symbol = keepers.get(slot) or HIDDEN_MARK  # None: not in this view
            open_ = over or slot in s.revealed[side]
            shown = symbol if open_ or own else HIDDEN_MARK
            faded = "" if open_ else ' opacity="0.55"'
            out.append(
                f'<text class="side-{side}" x="{gx + i * CELL + CELL // 2}" y="{y + 21}" text-anchor="middle" '
                f'font-size="16" fill="{COLOURS[side]}"{faded}>{escape(shown)}</text>'
            )
        reserve = keepers.get("reserve")
        if keepers.has("reserve") and (own or over or "reserve" in s.revealed[side]):
            out.append(
                f'<text x="{gx + 3 * CELL + 6}" y="{y + 21}" font-size="14" '
                f'fill="#fafafa">({escape(reserve or HIDDEN_MARK)})</text>'
            )
    return out


def render(
    s: TrixKickState,
    visible: frozenset[int] | None = None,
    *,
    before: TrixKickState | None = None,
) -> str:
    """The board as SVG; ``visible``: the sides whose hidden keepers are shown (``None``: all);
    ``before``: the state before the last move, which is then marked."""
    width = 4 * CELL + 2 * MARGIN
    height = 5 * CELL + 2 * MARGIN + 52
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" class="pic-tk">',
        f"<title>TriXKick {escape(s.names[0])} {s.score[0]}:{s.score[1]} "
        f"{escape(s.names[1])}</title>",
        DARK,
        f'<rect class="bg" width="{width}" height="{height}" fill="#2e7d32"/>',
    ]

    # B's goal on top, A's goal at the bottom: row 4 drawn first
    def top(row: int) -> int:
        return MARGIN + (4 - row) * CELL

    for row, fields in enumerate(ROWS):
        for col, name in enumerate(fields):
            x, y = MARGIN + col * CELL, top(row)
            fill = "#388e3c" if name in ZONE else "#43a047"
            zone = ' data-zone="1"' if name in ZONE else ""  # (a page may draw it darker)
            out.append(
                f'<rect class="field"{zone} data-field="{name}" x="{x}" y="{y}" width="{CELL}" '
                f'height="{CELL}" fill="{fill}" stroke="#fff" stroke-width="2"/>'
            )
            # the field's name in its top-left corner, above the pieces (SPOTS)
            out.append(
                f'<text x="{x + 4}" y="{y + 14}" font-size="13" font-weight="bold" '
                f'fill="#f1f8e9">{name}</text>'
            )
    out.extend(_goals(s, visible))
    spots = _spots(s, top)
    for pid, (cx, cy) in spots.items():
        p = s.pieces[pid]
        stroke = "#fdd835" if p.yellow else "#fff"
        out.append(
            f'<g class="piece" data-piece="{escape(pid)}" data-side="{p.side}" '
            f'data-field="{p.field}">'
            f'<circle cx="{cx}" cy="{cy}" r="{TOKEN_RADIUS}" fill="{COLOURS[p.side]}" '
            f'stroke="{stroke}" stroke-width="3"/>'
            f"{_token_text(cx, cy, p.symbols)}</g>"
        )
    ball = _ball_spot(s.ball, top)
    if ball:
        out.append(
            f'<circle cx="{ball[0]}" cy="{ball[1]}" r="10" fill="#fff" stroke="#000" stroke-width="2"/>'
        )
    out.extend(_last_move(s, before, top, spots))
    names = [side_label(n) for n in s.names]
    if s.phase == "over":
        status = tr("The match is over.")
    else:
        status = tr("{team}: {doing}").format(team=names[s.actor], doing=tr(STEPS.get(s.step, "")))
    out.append(
        f'<text x="{width / 2}" y="{height - 30}" text-anchor="middle" font-size="16" '
        f'font-weight="bold" fill="#fff">{escape(names[0])} {s.score[0]} : {s.score[1]} '
        f"{escape(names[1])}</text>"
    )
    fit = ""
    if len(status) * 14 * 0.55 > width - 16:
        fit = f' textLength="{width - 16}" lengthAdjust="spacingAndGlyphs"'
    out.append(
        f'<text x="{width / 2}" y="{height - 10}" text-anchor="middle" font-size="14" '
        f'fill="#fff"{fit}>{escape(status)}</text>'
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _token_text(cx: float, cy: float, symbols: str) -> str:
    """A piece's symbols inside its token: up to three at the token's size; four (a piece such
    as "RRRK" or "KKLR") smaller and held to the ring's inside width."""
    if len(symbols) <= 3:
        size, fit = 14, ""
    else:
        size = 11
        fit = f' textLength="{TOKEN_TEXT_WIDTH}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{cx}" y="{cy + size // 3 + 1}" text-anchor="middle" font-size="{size}" '
        f'font-weight="bold" fill="#fff"{fit}>{escape(symbols)}</text>'
    )
