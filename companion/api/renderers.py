"""Answers that are files (a picture, a match file): a client may ask for them by media type.

The body a view answers with is passed as it is; anything else (an error) is JSON.
"""

from __future__ import annotations

from rest_framework.renderers import BaseRenderer, JSONRenderer


class FileRenderer(BaseRenderer):
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, str | bytes):
            return data
        return JSONRenderer().render(data)


class SvgRenderer(FileRenderer):
    media_type = "image/svg+xml"
    format = "svg"


class PlainTextRenderer(FileRenderer):
    media_type = "text/plain"
    format = "txt"


class PngRenderer(FileRenderer):
    media_type = "image/png"
    format = "png"
    charset = None
