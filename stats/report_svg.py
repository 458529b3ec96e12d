"""A match report as a picture: an SVG card of 1200×630 (the size messengers show as a link's
preview), and the same card as PNG, rendered from the SVG by CairoSVG.

The card holds the report's own words (``stats.report.match_report``): the game, the sides and
the score with its line (extra time, the shoot-out), the goals and cards, the best moments and
the managers' rating changes, or Amigo Hattrick's table of games. Every text of the card is
one of the report's texts, cut to fit; the report page shows them beside the picture.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _

WIDTH, HEIGHT = 1200, 630
FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif"
BACKGROUND, PANEL, INK, SOFT, ACCENT = "#0f3d2c", "#15523b", "#ffffff", "#cfe6d9", "#f5c542"
CARD_COLOURS = {"yellow_card": "#f5c542", "red_card": "#e0413a"}
#: Lines of each list the card has room for.
ROWS = 6


def _cut(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _text(x: float, y: float, text: str, *, size: int, fill: str = INK, anchor: str = "start",
          weight: str = "normal") -> str:  # fmt: skip
    return (
        f'<text x="{x:g}" y="{y:g}" font-family="{FONT}" font-size="{size}" fill="{fill}" '
        f'text-anchor="{anchor}" font-weight="{weight}">{escape(text)}</text>'
    )


def _timeline_row(entry: dict[str, Any], names: list[str]) -> str:
    who = entry.get("player") or ""
    side = names[entry["side"]] if isinstance(entry.get("side"), int) else ""
    return _cut(f"{who} ({side})" if who and side else who or side, 34)


def rating_line(rating: dict[str, Any]) -> str:
    change = rating["change"]
    sign = "+" if change >= 0 else "−"
    return _("{user}: rating {before} → {after} ({change})").format(
        user=rating["user"],
        before=f"{rating['before']:.0f}",
        after=f"{rating['after']:.0f}",
        change=f"{sign}{abs(change):.1f}",
    )


def report_svg(report: dict[str, Any]) -> str:
    names = [side["name"] for side in report["sides"]]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img">',
        f"<title>{escape(report['title'])}: {escape(report['score_line'])}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{BACKGROUND}"/>',
        f'<rect x="0" y="0" width="{WIDTH}" height="250" fill="{PANEL}"/>',
        _text(60, 62, report["game_name"], size=28, fill=SOFT),
    ]
    if len(names) == 2:
        scores = [side["score"] if side["score"] is not None else "–" for side in report["sides"]]
        parts += [
            _text(470, 160, _cut(names[0], 22), size=40, anchor="end", weight="bold"),
            _text(730, 160, _cut(names[1], 22), size=40, weight="bold"),
            _text(600, 172, f"{scores[0]}:{scores[1]}", size=96, anchor="middle", weight="bold",
                  fill=ACCENT),
        ]  # fmt: skip
    else:
        for at, side in enumerate(report["sides"]):
            x = 60 + at * (1080 / len(names))
            parts.append(_text(x, 140, _cut(side["name"], 14), size=28, weight="bold"))
            parts.append(_text(x, 195, str(side["score"]), size=52, fill=ACCENT, weight="bold"))
    parts.append(_text(600, 228, report["score_line"], size=26, fill=SOFT, anchor="middle"))
    y0 = 300
    if report.get("table"):
        parts.append(_text(60, y0, _("Games"), size=26, fill=SOFT, weight="bold"))
        for row, points in enumerate(report["table"]["games"][:ROWS]):
            cells = "   ".join(f"{p:>3}" for p in points)
            parts.append(_text(60, y0 + 42 * (row + 1), f"{row + 1}.  {cells}", size=24))
    else:
        parts.append(_text(60, y0, _("Goals and cards"), size=26, fill=SOFT, weight="bold"))
        for row, entry in enumerate(report["timeline"][:ROWS]):
            y = y0 + 42 * (row + 1)
            if entry["kind"] == "goal":
                parts.append(f'<circle cx="72" cy="{y - 8}" r="10" fill="{INK}"/>')
            else:
                colour = CARD_COLOURS.get(entry["kind"], INK)
                parts.append(f'<rect x="64" y="{y - 22}" width="14" height="20" fill="{colour}"/>')
            parts.append(_text(96, y, _timeline_row(entry, names), size=24))
    parts.append(_text(640, y0, _("Moments"), size=26, fill=SOFT, weight="bold"))
    for row, moment in enumerate(report["moments"][:3]):
        parts.append(_text(640, y0 + 42 * (row + 1), _cut(moment["text"], 44), size=22))
    for row, rating in enumerate(report["ratings"][:2]):
        parts.append(_text(640, 480 + 40 * row, rating_line(rating), size=22, fill=SOFT))
    parts.append("</svg>")
    return "".join(parts)


def report_png(svg: str) -> bytes:
    """The card as a PNG of 1200×630, rendered by CairoSVG."""
    import cairosvg  # type: ignore[import-untyped]

    return cairosvg.svg2png(bytestring=svg.encode(), output_width=WIDTH, output_height=HEIGHT)
