"""A picture's dark colours when it is seen on its own: an SVG ``<style>`` that draws the
picture's classed parts (its ground ``bg``, its words ``ink``...) in dark colours on a device
set to dark. The picture's own attributes hold its light colours, so without the style (a
renderer that reads no CSS) it stays the light picture.

A page that shows the picture within itself (the web app) takes this style out and draws the
same classes in its own colours, light or dark as the reader chose; its dark set (app.css)
holds the same colours as the styles made here."""

from __future__ import annotations

from collections.abc import Mapping

#: the dark colours of a picture's plain parts, as the web app draws them in any picture box
#: with nothing more: its ground ``bg``, its words ``ink`` (the lesser ones ``soft``), its
#: rules ``rule`` (a new picture gives its parts these classes, and its own where it has more)
PLAIN_DARK = {
    ".bg": "fill: #161c18",
    ".ink": "fill: #e4e9e2",
    ".soft": "fill: #b5bfb2",
    ".rule": "stroke: #8a9786",
}


def dark_style(rules: Mapping[str, str]) -> str:
    """``rules``: a selector -> its declarations (``".bg": "fill: #161c18"``), in the order
    given; the ``<style>`` element, the same text for the same rules."""
    body = " ".join(f"{selector} {{ {declarations} }}" for selector, declarations in rules.items())
    return f"<style>@media (prefers-color-scheme: dark) {{ {body} }}</style>"
