"""A picture of the table as a standalone SVG: the tricks lying, passes, cards won, scores.

Drawn 400 units wide with 13-17 unit type, so that it stays legible on a 390-pixel-wide
phone; the cards on the table wrap onto further rows. The card(s) laid by the last move are
framed (``class="card last"``)."""

from __future__ import annotations

from html import escape as _escape

from matches.engine.i18n import N_, tr
from matches.engine.picture_style import dark_style

from .cards import Card
from .scoring import colour_counts
from .state import State, Step

FILL = {"red": "#d62828", "blue": "#1d4ed8", "green": "#15803d"}
WIDTH = 400
ROW = 34  # a row: the name, and under it who deals and who plays
CARD_W, CARD_H, CARD_STEP = 30, 44, 40
MARK = "#f5b700"
TABLE_ROW = 84
PASSED_X = 318  # the "passed" column, clear of the cards won and of the total


def escape(text: str) -> str:
    """Text made safe for the SVG's text and titles: &, < and > (quotes stay as they are)."""
    return _escape(text, quote=False)


#: colour key → its word (the catalog translates it)
COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green")}
#: beside a name in the scoreboard
DEALER = N_("dealer")
TO_PLAY = N_("to play")
LAST_CARD = N_("Last card laid")
#: the table's colours on a device set to dark (the web app's dark set, app.css)
DARK = dark_style(
    {".bg": "fill: #1f1c15", ".ink": "fill: #e4e9e2", ".soft, .marks": "fill: #b5bfb2"}
)


def _card(
    x: float, y: int, card: Card, label: str = "", face_down: bool = False, last: bool = False
) -> str:
    fill = "#6b7280" if face_down else FILL.get(card.colour, "#444")
    parts = [
        f'<g class="card{" last" if last else ""}" data-card="{card.text}">',
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="{fill}" stroke="#111" />',
        _text(x + CARD_W / 2, y + 28, card.number, 16, bold=True, anchor="middle", fill="#fff"),
    ]
    if last:
        parts.append(
            f'<rect x="{x - 4}" y="{y - 4}" width="{CARD_W + 8}" height="{CARD_H + 8}" rx="6" '
            f'fill="none" stroke="{MARK}" stroke-width="4"><title>{escape(tr(LAST_CARD))}</title></rect>'
        )
    if label:
        parts.append(_text(x + CARD_W / 2, y + CARD_H + 14, _short(label), 12, anchor="middle"))
    parts.append("</g>")
    return "".join(parts)


def _text(
    x: float,
    y: float,
    words: object,
    size: int,
    *,
    bold: bool = False,
    anchor: str | None = None,
    fill: str | None = None,
    cls: str | None = None,
    room: int | None = None,
) -> str:
    """A line of ``words`` (escaped) at (x, y) in ``size``-unit type; ``anchor``: its
    ``text-anchor``; ``room``: the width it is squeezed into should it run into the next column."""
    words = str(words)
    attributes = f'font-size="{size}"'
    if bold:
        attributes += ' font-weight="bold"'
    if anchor:
        attributes += f' text-anchor="{anchor}"'
    if fill:
        attributes += f' fill="{fill}"'
    # a word without a colour of its own is in the picture's ink (class "ink": a page may
    # draw it in its own, a dark one light)
    classes = " ".join(c for c in (cls, None if fill else "ink") if c)
    if classes:
        attributes += f' class="{classes}"'
    if room:
        attributes += _squeeze(words, size, room)
    return f'<text x="{x}" y="{y}" {attributes}>{escape(words)}</text>'


def _short(name: str) -> str:
    """A name under a card, in at most five letters: "Player 3" -> "P. 3", "Annabel" -> "Anna…"."""
    if len(name) <= 5:
        return name
    words = name.split()
    if len(words) > 1:
        short = "".join(w[0] for w in words[:-1]) + ". " + words[-1]
        if len(short) <= 5:
            return short
    return name[:4] + "…"


def _squeeze(text: str, size: int, room: int) -> str:
    """``textLength`` for a heading that would run into the next column."""
    if len(text) * size * 0.56 <= room:
        return ""
    return f' textLength="{room}" lengthAdjust="spacingAndGlyphs"'


def _laid(state: State) -> set[tuple[int, Card]]:
    return {(laid.side, laid.card) for trick in state.tricks for laid in trick.cards} | {
        (laid.side, laid.card) for laid in state.passes
    }


def _table(state: State, passed: str, new: set[tuple[int, Card]]) -> tuple[list[str], int]:
    """The tricks and the passes, each group labelled, wrapping onto new rows; -> (parts, height)."""
    out: list[str] = []
    groups = []
    for number, trick in enumerate(state.tricks, start=1):
        label = tr("Trick {number} ({colour})").format(
            number=number, colour=tr(COLOUR_WORDS.get(trick.colour, trick.colour))
        )
        groups.append((label, [(laid, False) for laid in trick.cards]))
    if state.passes:
        groups.append((passed, [(laid, True) for laid in state.passes]))
    x: float = 12
    y = 52
    for label, cards in groups:
        width = max(len(label) * 7, len(cards) * CARD_STEP)
        if x > 12 and x + min(width, WIDTH - 24) > WIDTH - 12:
            x, y = 12, y + TABLE_ROW
        out.append(_text(x, y, label, 13, bold=True))
        label_end = x + len(label) * 7.5
        for laid, face_down in cards:
            if x + CARD_W > WIDTH - 8:
                x, y = 12, y + TABLE_ROW - 16
            last = (laid.side, laid.card) in new
            name = state.names[laid.side]
            out.append(_card(x, y + 6, laid.card, name, face_down=face_down, last=last))
            x += CARD_STEP
        x = max(x, label_end) + 16
    return out, y + TABLE_ROW - 10


def render_svg(state: State, before: State | None = None) -> str:
    """The table; ``before``: the state before the last move, whose card is framed."""
    rows = state.players
    passed = tr("Passed")
    empty_table = tr("No cards on the table.")
    heads = (tr("Player"), tr("Hand"), tr("Won this game"), tr("Total"))
    new = _laid(state) - _laid(before) if before is not None else set()
    table, table_bottom = _table(state, passed, new)
    if not state.tricks and not state.passes:
        table = [_text(12, 64, empty_table, 14, fill="#555", cls="soft")]
        table_bottom = 100
    height = table_bottom + 30 + ROW * (rows + 1)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" class="pic-am">',
        DARK,
        f'<rect class="bg" width="{WIDTH}" height="{height}" fill="#f3efe0" />',
    ]
    if state.step is Step.OVER:
        title = tr("Match over after game {game}").format(game=state.game)
    elif state.step is Step.DEAL:
        title = tr("Game {game}: {player} deals").format(
            game=state.game + 1, player=state.names[state.dealer]
        )
    else:
        title = tr("Game {game}, round {round}: {player} to play").format(
            game=state.game, round=state.round, player=state.names[state.turn or 0]
        )
    out.append(_text(12, 26, title, 17, bold=True))
    out.extend(table)
    # the scoreboard
    y = table_bottom + 24
    out.append(
        _text(12, y, heads[0], 13, bold=True)
        + _text(150, y, heads[1], 13, bold=True, anchor="middle")
        + _text(176, y, heads[2], 13, bold=True, room=112)
        # the last two columns side by side, whatever the language's words ("Gepasst", "Gesamt")
        + _text(PASSED_X, y, passed, 13, bold=True, anchor="middle", room=50)
        + _text(390, y, heads[3], 13, bold=True, anchor="end", room=42)
    )
    totals = state.totals
    for side in range(rows):
        y += ROW
        marks = []
        if side == state.dealer and state.step is not Step.OVER:
            marks.append(tr(DEALER))
        if side == state.turn:
            marks.append(tr(TO_PLAY))
        out.append(_text(12, y, state.names[side], 15, bold=side == state.turn, room=124))
        if marks:  # under the name, clear of the hand count and the cards won
            mark = ", ".join(marks)
            out.append(_text(12, y + 14, mark, 12, fill="#4a4a4a", cls="marks", room=124))
        out.append(_text(150, y, state.hand_counts[side], 15, anchor="middle"))
        wx = 176
        for colour, count in colour_counts(state.won[side]).items():
            out.append(
                f'<rect x="{wx}" y="{y - 15}" width="34" height="20" rx="3" fill="{FILL[colour]}" />'
                + _text(wx + 17, y, count, 14, bold=True, anchor="middle", fill="#fff")
            )
            wx += 38
        out.append(_text(PASSED_X, y, len(state.face_down[side]), 15, anchor="middle"))
        out.append(_text(390, y, totals[side], 15, bold=True, anchor="end"))
    out.append("</svg>")
    return "\n".join(out) + "\n"
