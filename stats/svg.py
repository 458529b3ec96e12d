"""SVG images of the stats: a team card and a rating-history chart (plain XML text)."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from matches.engine import get_game
from matches.engine.picture_style import PLAIN_DARK, dark_style
from matches.i18n import game_name
from stats.elo import START

#: the pictures' colours on a device set to dark (the web app's dark set, app.css)
CARD_DARK = dark_style({".bg": "fill: #113a1f"})
CHART_DARK = dark_style(
    {
        **PLAIN_DARK,
        ".grid": "stroke: #2f3a33",
        ".line": "stroke: #7bd88f",
        ".point": "fill: #7bd88f",
    }
)


def _text(x: float, y: float, text: object, size: int = 14, **attrs: str) -> str:
    extra = "".join(
        f' {k.rstrip("_").replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items()
    )
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{escape(str(text))}</text>'


def _player_label(game: str, player: str) -> str:
    """A footballer is named by his shirt number; a TriXKick piece by its symbols."""
    return get_game(game).stats.player_label(player)


def team_card_svg(
    card,
    lineup: Sequence[Sequence[dict]] | None = None,
    line_words: Mapping[str, str] | None = None,
) -> str:
    """The card as an image: name, record, form, goals, top scorer, lines, rating, style, and
    (for a saved Hat-Trick team) its players line by line, gold or silver. ``line_words``: the
    lines' names in words (a Hat-Trick line is a role id); the game's stats name its regions."""
    lineup = [line for line in (lineup or []) if line]
    rows = sum(len(line) for line in lineup)
    extra = 30 + 22 * rows + 20 * len(lineup) if lineup else 0
    width, height = 360, 280 + 18 * len(card.lines or {}) + extra
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img" class="pic-card">',
        f"<title>{escape(_('{team}: team card').format(team=card.name))}</title>",
        CARD_DARK,
        f'<rect class="bg" x="1" y="1" width="{width - 2}" height="{height - 2}" rx="14" '
        'fill="#0b5d1e" '
        'stroke="#e8c547" stroke-width="2"/>',
        _text(20, 38, card.name, 22, fill="#ffffff", font_weight="bold", id="name"),
        _text(
            20,
            60,
            _("{game} · rating {rating}").format(
                game=game_name(card.game), rating=f"{card.rating:.0f}"
            ),
            13,
            fill="#e8c547",
            id="rating",
        ),
        _text(
            20,
            92,
            _("Played {played}  won {won}  drawn {drawn}  lost {lost}").format(
                played=card.played, won=card.won, drawn=card.drawn, lost=card.lost
            ),
            16,
            fill="#ffffff",
            id="record",
        ),
        _text(20, 116, _score_line(card), 15, fill="#ffffff", id="goals"),
    ]
    colours = {"W": "#2ecc71", "D": "#f1c40f", "L": "#e74c3c"}
    parts.append(_text(20, 146, _("Form"), 13, fill="#cccccc"))
    letters = {
        "W": pgettext("form: won", "W"),
        "D": pgettext("form: drawn", "D"),
        "L": pgettext("form: lost", "L"),
    }
    for index, letter in enumerate(card.form or ""):
        x = 70 + index * 28
        parts.append(
            f'<rect x="{x}" y="131" width="24" height="20" rx="4" fill="{colours.get(letter, "#999")}"/>'
        )
        parts.append(
            _text(x + 7, 146, letters.get(letter, letter), 13, fill="#000000", class_="form")
        )
    scorer = card.top_scorer or {}
    top = _("none yet")
    if scorer:
        goals = scorer["goals"]
        top = ngettext("{player} ({goals} goal)", "{player} ({goals} goals)", goals).format(
            player=_player_label(card.game, scorer["player"]), goals=goals
        )
    parts.append(
        _text(20, 178, _("Top scorer: {top}").format(top=top), 14, fill="#ffffff", id="top-scorer")
    )
    style = (
        (get_game(card.game).words("style", card.style, None) or card.style) if card.style else "—"
    )
    parts.append(
        _text(20, 202, _("Style: {style}").format(style=style), 14, fill="#ffffff", id="style")
    )
    y = 232
    if card.lines:
        parts.append(_text(20, y, _("Lines"), 13, fill="#cccccc"))
    words = {**get_game(card.game).stats.region_words(), **(line_words or {})}
    for name, line in sorted((card.lines or {}).items()):
        y += 18
        parts.append(
            _text(
                28, y, _line_label(words.get(name, name), line), 12, fill="#ffffff", class_="line"
            )
        )
    if lineup:
        parts.extend(_lineup_parts(lineup, y + 34))
    parts.append("</svg>")
    return "\n".join(parts)


def _lineup_parts(lineup: Sequence[Sequence[dict]], y: int) -> list[str]:
    """A saved team's players line by line (from ``y`` down), gold or silver."""
    parts = [_text(20, y, _("Line-up"), 14, fill="#e8c547", font_weight="bold")]
    names = {0: _("Defence"), len(lineup) - 1: _("Attack")} if len(lineup) == 3 else {}
    if len(lineup) == 3:
        names[1] = _("Midfield")
    for index, line in enumerate(lineup):
        y += 20
        heading = names.get(index) or _("Line {number}").format(number=index + 1)
        parts.append(_text(20, y, heading, 12, fill="#cccccc", class_="lineup-line"))
        for player in line:
            y += 22
            colour = "#f2c200" if player["gold"] else "#d0d4d8"
            parts.append(f'<circle cx="36" cy="{y - 5}" r="10" fill="{colour}" stroke="#ffffff"/>')
            parts.append(_text(36, y - 1, player["slot"], 11, fill="#000000", text_anchor="middle"))
            word = _("gold") if player["gold"] else _("silver")
            parts.append(
                _text(54, y, f"{player['name']} · {word}", 14, fill="#ffffff", class_="player")
            )
    return parts


def _line_label(word: str, line: object) -> str:
    """One line of the card: its players (and in Hat-Trick their attack and defence)."""
    count = line.get("players", 0) if isinstance(line, dict) else line
    players = ngettext("{count} player", "{count} players", count).format(count=count)
    if isinstance(line, dict) and "attack" in line:
        return _("{line}: {players}, attack {attack}, defence {defence}").format(
            line=word, players=players, attack=line["attack"], defence=line.get("defence", 0)
        )
    return _("{line}: {players}").format(line=word, players=players)


def _score_line(card) -> str:
    """Goals for and against; in Amigo Hattrick the points scored and the best opponent's."""
    return get_game(card.game).stats.score_line(card.goals_for, card.goals_against)


def _text_lines(top: float, lines: Sequence[str], first_id: str, **attrs: str) -> list[str]:
    """Lines of 13 px text from ``top`` down, 16 units apart; the first one carries ``first_id``."""
    return [
        _text(
            8, top + 16 * i, line, 13, **attrs, class_="ink", **({"id": first_id} if not i else {})
        )
        for i, line in enumerate(lines)
    ]


def rating_chart_svg(
    title: str, ratings: Sequence[float], dates: Sequence[date | datetime] | None = None
) -> str:
    """A line chart of ratings after each rated match (the start value first), sized for a
    phone: a point per match, the rating axis with three ticks, the dates of the first, middle
    and last match on the time axis."""
    current = (
        ngettext(
            "now {rating} ({count} rated match)",
            "now {rating} ({count} rated matches)",
            len(ratings),
        ).format(rating=f"{ratings[-1]:.0f}", count=len(ratings))
        if ratings
        else _("no rated match yet: only matches against other managers count")
    )
    # 13 px type within 360 units, in any language: long lines wrap
    title_lines = textwrap.wrap(title, 44) or [""]
    current_lines = textwrap.wrap(current, 46) or [""]
    extra = 16 * (len(title_lines) - 1 + len(current_lines) - 1)
    below_title = 16 * (len(title_lines) - 1)
    width, height = 360, 260 + extra
    left, right, top, bottom = 46, 16, 52 + extra, 46
    values = [START, *ratings]
    low, high = min(values), max(values)
    if high - low < 20:
        low, high = low - 10, high + 10
    span = high - low
    step = (width - left - right) / max(len(values) - 1, 1)

    def xy(i: int, value: float) -> tuple[float, float]:
        return left + i * step, height - bottom - (value - low) / span * (height - top - bottom)

    points = " ".join("{:.1f},{:.1f}".format(*xy(i, v)) for i, v in enumerate(values))
    base = height - bottom
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img" class="pic-chart">',
        f"<title>{escape(title)}</title>",
        CHART_DARK,
        f'<rect class="bg" width="{width}" height="{height}" fill="#ffffff"/>',
        *_text_lines(20, title_lines, "title", font_weight="bold"),
        *_text_lines(38 + below_title, current_lines, "current"),
        f'<line class="rule" x1="{left}" y1="{base}" x2="{width - right}" y2="{base}" stroke="#777"/>',
        f'<line class="rule" x1="{left}" y1="{top}" x2="{left}" y2="{base}" stroke="#777"/>',
    ]
    for tick_id, value in (("max", high), ("mid", (high + low) / 2), ("min", low)):
        _x, y = xy(0, value)
        parts.append(
            f'<line class="grid" x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" '
            'stroke="#e3e3e3"/>'
        )
        parts.append(
            _text(left - 6, y + 4, f"{value:.0f}", 12, id=tick_id, text_anchor="end", class_="ink")
        )
    parts.append(
        f'<polyline class="line" fill="none" stroke="#0b5d1e" stroke-width="2.5" points="{points}"/>'
    )
    for i, value in enumerate(values[1:], start=1):
        x, y = xy(i, value)
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="#0b5d1e" class="point"/>')
    if dates:
        shown = sorted({0, len(dates) // 2, len(dates) - 1})
        for index in shown:
            x, _y = xy(index + 1, values[index + 1])
            anchor = "end" if index == len(dates) - 1 and len(dates) > 1 else "middle"
            parts.append(
                _text(
                    x,
                    base + 18,
                    dates[index].strftime("%Y-%m-%d"),
                    12,
                    class_="date ink",
                    text_anchor=anchor,
                )
            )
    parts.append(
        _text(left, height - 8, _("Rating after each rated match"), 11, fill="#555", class_="soft")
    )
    parts.append("</svg>")
    return "\n".join(parts)
