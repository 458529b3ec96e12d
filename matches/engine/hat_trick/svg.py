"""A standalone SVG picture of the 4 x 6 pitch, legible on a 390-pixel-wide phone: the teams'
names in their colours with their yellow and red cards, the score and half, field labels
(columns a-d, lines 1-6), each player's shirt number on a gold (star) or silver ring with his
footballs drawn on the edge of his card, the ball, the player who just moved, the last move
(each player's way from his old field, the ball's way), the step and whose turn it is.

Each player is a group ``<g class="player" data-side data-number data-field>`` that a phone can
make tappable; the last move's marks are in ``<g class="last-move">``."""

from __future__ import annotations

from html import escape

from matches.engine.hat_trick.pitch import COLUMNS, EMPTY, N_COLS, N_LINES, number_of, side_of
from matches.engine.hat_trick.state import State, faces
from matches.engine.hat_trick.texts import STEP_NAMES
from matches.engine.i18n import N_, side_label, tr
from matches.engine.picture_style import dark_style

CELL = 66
LEFT = 34
TOP = 62
FILL = {"blue": "#2159c4", "red": "#c62a20"}
GOLD, SILVER = "#f2c200", "#d0d4d8"
FONT = 'font-family="sans-serif"'

#: the picture's colours on a device set to dark (the web app's dark set, app.css)
DARK = dark_style(
    {
        ".bg": "fill: #161c18",
        ".ink": "fill: #e4e9e2",
        ".ink-blue": "fill: #8fb3ff",
        ".ink-red": "fill: #ff9a91",
        ".pitch": "fill: #23622d",
        ".goal": "stroke: #c9d1c6",
        ".turn": "fill: #8fd4a5",
    }
)

TO_ACT = N_("{name} to act")
BOTH_ACT = N_("both managers act")


def _actor(s: State) -> int | None:
    from matches.engine.hat_trick.legal import actor  # the step's rules, not the drawing's

    return actor(s)


def _team_line(s: State, names: list[str], width: int, middle: str) -> list[str]:
    """`Blue 0 : 0 Red`, each name in its colour, then each team's cards under its name, beside
    the ``middle`` line (the half). A card's words stand beside it where they fit beside the
    middle line; otherwise the card shows alone (a red card with its shirt number), its words in
    its title."""
    colours = [FILL.get(c, "#333") for c in s.setup.colours]
    inks = [f' class="ink-{c}"' if c in FILL else ' class="ink"' for c in s.setup.colours]
    plain = [side_label(n) for n in s.setup.names]
    length = len(f"{plain[0]} {s.score[0]} : {s.score[1]} {plain[1]}")
    parts = [
        f'<text class="ink" x="{width / 2}" y="22" text-anchor="middle" {FONT} font-size="17" font-weight="bold"{_fit(length, 17, width - 16)}>'
        f'<tspan{inks[0]} fill="{colours[0]}">{names[0]}</tspan> {s.score[0]} : {s.score[1]} '
        f'<tspan{inks[1]} fill="{colours[1]}">{names[1]}</tspan></text>'
    ]
    beside = (width - len(middle) * 13 * 0.58) / 2 - 12 - 13 - 6  # room for a card's words
    for side, x in ((0, 12), (1, width - 12)):
        anchor = "start" if side == 0 else "end"
        marks = []
        if s.yellow[side]:
            marks.append(("#f5d90a", tr("yellow card"), ""))
        for number in s.sent_off[side]:
            label = tr("red card, no. {number}").format(number=number)
            marks.append(("#d9262c", label, str(number)))
        for index, (colour, label, short) in enumerate(marks):
            y = 32 + index * 14
            rx = x if side == 0 else x - 9
            tx = x + 13 if side == 0 else x - 13
            words = label if len(label) * 11 * 0.58 <= beside else short
            parts.append(
                f'<rect x="{rx}" y="{y}" width="9" height="12" rx="1.5" fill="{colour}" stroke="#333">'
                f"<title>{escape(label)}</title></rect>"
            )
            if words:
                parts.append(
                    f'<text class="ink" x="{tx}" y="{y + 10}" text-anchor="{anchor}" {FONT} font-size="11">{escape(words)}</text>'
                )
    return parts


LAST_MOVE = N_("Last move")
MARK = "#ffe45c"


def _centre(f: int) -> tuple[float, float]:
    line, col = f >> 2, f & 3
    return LEFT + col * CELL + CELL / 2, TOP + (N_LINES - 1 - line) * CELL + CELL / 2


def _arrow(f0: int, f1: int, colour: str, shift: float = 0) -> str:
    """An arrow from the edge of the disc on field ``f0`` to the edge of the one on ``f1``
    (``shift``: moved sideways, so that two players who swapped show two arrows)."""
    (x0, y0), (x1, y1) = _centre(f0), _centre(f1)
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / length, dy / length
    px, py = -uy, ux
    x0, y0 = x0 + ux * 24 + px * shift, y0 + uy * 24 + py * shift
    ex, ey = x1 - ux * 27 + px * shift, y1 - uy * 27 + py * shift  # the tip, at the ring
    bx, by = ex - ux * 9, ey - uy * 9
    return (
        f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{colour}" '
        f'stroke-width="4" stroke-linecap="round"/>'
        f'<polygon points="{ex:.1f},{ey:.1f} {bx + px * 7:.1f},{by + py * 7:.1f} '
        f'{bx - px * 7:.1f},{by - py * 7:.1f}" fill="{colour}" stroke="#333" stroke-width="1"/>'
    )


def _last_move(s: State, before: State | None) -> list[str]:
    """The last move: each player who moved ringed where he stands now, with an arrow from
    his old field, and the ball's way when it changed holder."""
    if before is None:
        return []
    was = {p: f for f, p in enumerate(before.grid) if p != EMPTY}
    moved = [(was[p], f) for f, p in enumerate(s.grid) if p != EMPTY and was.get(p, f) != f]
    if len(moved) > 4:  # a new kick-off lines everyone up again: nothing to point at
        moved = []
    marks = []
    for _f0, f1 in moved:
        x1, y1 = _centre(f1)
        marks.append(
            f'<circle cx="{x1}" cy="{y1}" r="28" fill="none" stroke="{MARK}" '
            f'stroke-width="3" stroke-dasharray="6 4"/>'
        )
    for f0, f1 in moved:
        swapped = (f1, f0) in moved
        marks.append(_arrow(f0, f1, MARK, 9 if swapped else 0))
    passed = before.ball >= 0 and s.ball >= 0 and before.ball != s.ball
    if passed:
        marks.append(_arrow(before.ball, s.ball, "#fff", -9 if moved else 0))
    if not marks:
        return []
    return [f'<g class="last-move"><title>{escape(tr(LAST_MOVE))}</title>', *marks, "</g>"]


def _fit(text_len: int, size: int, room: float) -> str:
    """``textLength`` squeezing a line that would not fit ``room`` (long team names)."""
    if text_len * size * 0.58 <= room:
        return ""
    return f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"'


def render_svg(s: State, before: State | None = None) -> str:
    pitch_w, pitch_h = N_COLS * CELL, N_LINES * CELL
    width = pitch_w + 2 * LEFT
    height = TOP + pitch_h + 86
    plain = [side_label(n) for n in s.setup.names]
    names = [escape(n) for n in plain]
    half = {
        1: tr("1st half"),
        2: tr("2nd half"),
        3: tr("extra time"),
        4: tr("penalty shootout"),
    }.get(s.half, "")
    if s.half == 4:
        half += " " + tr("(penalties {home}:{away})").format(home=s.shootout[2], away=s.shootout[3])
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pic-ht" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">',
        DARK,
        f'<rect class="bg" width="{width}" height="{height}" fill="#fff"/>',
        *_team_line(s, names, width, half),
        f'<text class="ink" x="{width / 2}" y="42" text-anchor="middle" {FONT} font-size="13" fill="#333">{escape(half)}</text>',
        f'<rect class="pitch" x="{LEFT}" y="{TOP}" width="{pitch_w}" height="{pitch_h}" fill="#3a9a48" stroke="#fff" stroke-width="2"/>',
        f'<line x1="{LEFT}" y1="{TOP + pitch_h / 2}" x2="{LEFT + pitch_w}" y2="{TOP + pitch_h / 2}" stroke="#ffffffaa" stroke-width="2"/>',
        # goals: side 0 defends line 1, drawn at the bottom
        f'<rect class="goal" x="{LEFT + CELL}" y="{TOP - 10}" width="{2 * CELL}" height="10" fill="none" stroke="#333"/>',
        f'<rect class="goal" x="{LEFT + CELL}" y="{TOP + pitch_h}" width="{2 * CELL}" height="10" fill="none" stroke="#333"/>',
    ]
    # field labels: the columns under the pitch, the lines on its left
    for col, letter in enumerate(COLUMNS[:N_COLS]):
        x = LEFT + col * CELL + CELL / 2
        parts.append(
            f'<text class="ink" x="{x}" y="{TOP + pitch_h + 26}" text-anchor="middle" {FONT} font-size="14" fill="#333">{letter}</text>'
        )
    for line in range(N_LINES):
        y = TOP + (N_LINES - 1 - line) * CELL + CELL / 2 + 5
        parts.append(
            f'<text class="ink" x="{LEFT / 2}" y="{y}" text-anchor="middle" {FONT} font-size="14" fill="#333">{line + 1}</text>'
        )
    values = faces(s)
    last = _last_move(s, before)
    for f, p in enumerate(s.grid):
        line, col = f >> 2, f & 3
        x = LEFT + col * CELL
        y = TOP + (N_LINES - 1 - line) * CELL
        parts.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="none" stroke="#ffffff55"/>'
        )
        if p == EMPTY:
            continue
        colour = FILL.get(s.setup.colours[side_of(p)], "#777")
        cx, cy = x + CELL / 2, y + CELL / 2
        card = values.get(p)
        ring = GOLD if card is not None and card.star else SILVER
        if f == s.moved:
            parts.append(
                f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" rx="8" fill="none" stroke="#ffe45c" stroke-width="3" stroke-dasharray="6 3"/>'
            )
        parts.append(
            f'<g class="player" data-side="{side_of(p)}" data-number="{number_of(p)}" '
            f'data-field="{COLUMNS[col]}{line + 1}">'
        )
        parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="21" fill="{colour}" stroke="{ring}" stroke-width="4"/>'
        )
        parts.append(
            f'<text x="{cx}" y="{cy + 6}" text-anchor="middle" {FONT} font-size="17" font-weight="bold" fill="#fff">{number_of(p)}</text>'
        )
        if card is not None and card.attack:
            # the footballs, on the edge of the card they are printed on
            bx = cx - 29 if card.edge == "left" else cx + 25
            for i in range(min(card.attack, 5)):
                parts.append(
                    f'<rect x="{bx}" y="{cy - 17 + i * 8}" width="6" height="6" rx="3" fill="#fff" stroke="#111" stroke-width="1"/>'
                )
        parts.append("</g>")
        if f == s.ball:
            parts.append(
                f'<circle cx="{cx + 15}" cy="{cy - 18}" r="7" fill="#fff" stroke="#000" stroke-width="1.5"/>'
            )
    parts.extend(last)
    actor = _actor(s)
    if s.phase == "match_over":
        turn = ""
    elif actor is None:
        turn = tr(BOTH_ACT)
    else:
        turn = tr(TO_ACT).format(name=plain[actor])
    parts.append(
        f'<text class="ink" x="{width / 2}" y="{height - 30}" text-anchor="middle" {FONT} font-size="14" font-weight="bold">{escape(tr(STEP_NAMES.get(s.phase, "")))}</text>'
    )
    if turn:
        parts.append(
            f'<text class="turn" x="{width / 2}" y="{height - 10}" text-anchor="middle" {FONT} font-size="14" fill="#145a32">{escape(turn)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
