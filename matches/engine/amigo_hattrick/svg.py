"""A picture of the table as a standalone SVG: the tricks lying, passes, cards won, scores."""

from __future__ import annotations

from xml.sax.saxutils import escape

from matches.engine.i18n import N_, tr

from .cards import Card
from .scoring import colour_counts
from .state import State, Step

FILL = {"red": "#d62828", "blue": "#1d4ed8", "green": "#15803d"}
WIDTH = 720
ROW = 34


#: colour key → its word (the catalog translates it)
COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green")}


def _card(x: int, y: int, card: Card, label: str = "", face_down: bool = False) -> str:
    fill = "#6b7280" if face_down else FILL.get(card.colour, "#444")
    parts = [
        f'<g class="card" data-card="{card.text}">',
        f'<rect x="{x}" y="{y}" width="36" height="52" rx="5" fill="{fill}" stroke="#111" />',
        f'<text x="{x + 18}" y="{y + 32}" font-size="16" text-anchor="middle" fill="#fff">'
        f"{card.number}</text>",
    ]
    if label:
        parts.append(
            f'<text x="{x + 18}" y="{y + 66}" font-size="10" text-anchor="middle">{escape(label)}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def render_svg(state: State) -> str:
    rows = state.players
    height = 150 + ROW * (rows + 1) + 20
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif">',
        f'<rect width="{WIDTH}" height="{height}" fill="#f3efe0" />',
    ]
    passed = tr("Passed")
    empty_table = tr("No cards on the table.")
    heads = (tr("Player"), tr("Hand"), tr("Won this game"), tr("Total"))
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
    out.append(f'<text x="12" y="24" font-size="18" font-weight="bold">{escape(title)}</text>')
    # the table: trick 1, trick 2, passes
    x = 12
    for number, trick in enumerate(state.tricks, start=1):
        label = tr("Trick {number} ({colour})").format(
            number=number, colour=tr(COLOUR_WORDS.get(trick.colour, trick.colour))
        )
        out.append(f'<text x="{x}" y="46" font-size="12">{escape(label)}</text>')
        for laid in trick.cards:
            out.append(_card(x, 54, laid.card, state.names[laid.side]))
            x += 42
        x += 24
    if state.passes:
        out.append(f'<text x="{x}" y="46" font-size="12">{escape(passed)}</text>')
        for laid in state.passes:
            out.append(_card(x, 54, laid.card, state.names[laid.side], face_down=True))
            x += 42
    if not state.tricks and not state.passes:
        out.append(f'<text x="12" y="84" font-size="13" fill="#555">{escape(empty_table)}</text>')
    # the scoreboard
    y = 150
    out.append(
        f'<text x="12" y="{y}" font-size="12" font-weight="bold">{escape(heads[0])}</text>'
        f'<text x="180" y="{y}" font-size="12" font-weight="bold">{escape(heads[1])}</text>'
        f'<text x="240" y="{y}" font-size="12" font-weight="bold">{escape(heads[2])}</text>'
        f'<text x="470" y="{y}" font-size="12" font-weight="bold">{escape(passed)}</text>'
        f'<text x="560" y="{y}" font-size="12" font-weight="bold">{escape(heads[3])}</text>'
    )
    totals = state.totals
    for side in range(rows):
        y += ROW
        marks = []
        if side == state.dealer and state.step is not Step.OVER:
            marks.append("dealer")
        if side == state.turn:
            marks.append("to play")
        name = state.names[side] + (f" ({', '.join(marks)})" if marks else "")
        weight = ' font-weight="bold"' if side == state.turn else ""
        out.append(f'<text x="12" y="{y}" font-size="13"{weight}>{escape(name)}</text>')
        out.append(f'<text x="180" y="{y}" font-size="13">{state.hand_counts[side]}</text>')
        wx = 240
        for colour, count in colour_counts(state.won[side]).items():
            out.append(
                f'<rect x="{wx}" y="{y - 13}" width="40" height="17" rx="3" fill="{FILL[colour]}" />'
                f'<text x="{wx + 20}" y="{y}" font-size="12" text-anchor="middle" fill="#fff">'
                f"{count}</text>"
            )
            wx += 46
        out.append(f'<text x="470" y="{y}" font-size="13">{len(state.face_down[side])}</text>')
        out.append(f'<text x="560" y="{y}" font-size="13">{totals[side]}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
