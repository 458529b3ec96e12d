"""The QR code of a join link, drawn on the server as SVG (segno)."""

from __future__ import annotations

import io

import segno


def qr_svg(url: str, *, title: str = "") -> str:
    """``url`` as a QR code (error correction M, a quiet zone of 4 modules as the standard
    asks), an SVG document of its own: black modules on white, which every camera app reads
    in a dim room too; 8 px a module."""
    code = segno.make(url, error="m", micro=False)
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        scale=8,
        border=4,
        dark="#000",
        light="#fff",
        xmldecl=False,
        nl=False,
        title=title or None,
        svgclass=None,
        lineclass=None,
    )
    return out.getvalue().decode()
