"""The production static files' storage: whitenoise's hashed and compressed copies, with the
Brotli quality a setting (``STATIC_BROTLI_QUALITY``).

The image compresses at Brotli's best, 11 (whitenoise's own choice), once at build time; the
phone's runtime (about 10 MB of WebAssembly and JavaScript) then takes minutes of CPU to
compress. A build that checks the image rather than ships it (tests/ops/test_image.py) may ask
for less through the environment: the same files, each compressed, a little larger.
"""

from __future__ import annotations

import brotli
from django.conf import settings
from whitenoise.compress import Compressor
from whitenoise.storage import CompressedManifestStaticFilesStorage

#: Brotli's best quality, and whitenoise's
BEST = 11


class QualityCompressor(Compressor):
    def __init__(self, *args, brotli_quality: int, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.brotli_quality = brotli_quality

    def compress_brotli(self, data: bytes) -> bytes:
        return brotli.compress(data, quality=self.brotli_quality)


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    def create_compressor(self, **kwargs) -> Compressor:
        quality = getattr(settings, "STATIC_BROTLI_QUALITY", BEST)
        return QualityCompressor(brotli_quality=quality, **kwargs)
