"""A standalone SVG picture of the 4 x 6 pitch: players, ball, score and half."""

from __future__ import annotations

from html import escape

from matches.engine.hat_trick.pitch import EMPTY, N_COLS, N_LINES, number_of, side_of
from matches.engine.hat_trick.state import State
from matches.engine.hat_trick.texts import STEP_NAMES
from matches.engine.i18n import side_label, tr

CELL = 60
MARGIN = 40
FILL = {"blue": "#2f6fd6", "red": "#d63a2f"}


def render_svg(s: State) -> str:
    width = N_COLS * CELL + 2 * MARGIN
    height = N_LINES * CELL + 2 * MARGIN + 30
    names = [escape(side_label(n)) for n in s.setup.names]
    half = {
        1: tr("1st half"),
        2: tr("2nd half"),
        3: tr("extra time"),
        4: tr("penalty shootout"),
    }.get(s.half, "")
    score = f"{names[0]} {s.score[0]} : {s.score[1]} {names[1]}"
    if s.half == 4:
        score += " " + tr("(penalties {home}:{away})").format(
            home=s.shootout[2], away=s.shootout[3]
        )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
        f'<text x="{width / 2}" y="20" text-anchor="middle" font-family="sans-serif" font-size="14">{score} - {half}</text>',
        f'<rect x="{MARGIN}" y="{MARGIN}" width="{N_COLS * CELL}" height="{N_LINES * CELL}" fill="#3a9a48" stroke="#fff" stroke-width="2"/>',
        # goals: side 0 (blue) defends line 1, drawn at the bottom
        f'<rect x="{MARGIN + CELL}" y="{MARGIN - 10}" width="{2 * CELL}" height="10" fill="none" stroke="#333"/>',
        f'<rect x="{MARGIN + CELL}" y="{MARGIN + N_LINES * CELL}" width="{2 * CELL}" height="10" fill="none" stroke="#333"/>',
    ]
    for f, p in enumerate(s.grid):
        line, col = f >> 2, f & 3
        x = MARGIN + col * CELL
        y = MARGIN + (N_LINES - 1 - line) * CELL
        parts.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="none" stroke="#ffffff55"/>'
        )
        if p == EMPTY:
            continue
        colour = FILL.get(s.setup.colours[side_of(p)], "#777")
        cx, cy = x + CELL / 2, y + CELL / 2
        parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="20" fill="{colour}" stroke="#fff" stroke-width="2"/>'
        )
        parts.append(
            f'<text x="{cx}" y="{cy + 5}" text-anchor="middle" font-family="sans-serif" font-size="15" fill="#fff">{number_of(p)}</text>'
        )
        if f == s.ball:
            parts.append(f'<circle cx="{cx + 17}" cy="{cy - 17}" r="7" fill="#fff" stroke="#000"/>')
    parts.append(
        f'<text x="{width / 2}" y="{height - 8}" text-anchor="middle" font-family="sans-serif" font-size="12">{escape(tr(STEP_NAMES.get(s.phase, "")))}</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)
