"""Images from files and devices, checked by their header before they are decoded.

:func:`open_image` refuses more than :data:`MAX_IMAGE_PIXELS` pixels (a 30000×30000
PNG can be an 873 KB file) without decoding a row; bytes Pillow cannot read are refused
the same way, as an :class:`~deltarec.core.errors.InputError` naming what and where.
"""

from __future__ import annotations

import io
import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from deltarec.core.capture.boundary import ErrorFactory, capture_error, fail, short_reason

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

MAX_IMAGE_PIXELS = 40_000_000
"""Most pixels an image may have (width × height) to be decoded: 4.6 M for a 1440×3200 phone
screenshot, 40 M (160 MB as RGBA) at most. Checked from the header, before any row is decoded."""


def open_image(
    data: bytes,
    *,
    where: str,
    error: ErrorFactory = capture_error,
    what: str = "image",
    max_pixels: int = MAX_IMAGE_PIXELS,
) -> PILImage:
    """The decoded image in ``data``; its size is checked from the header before decoding.

    Pillow reads only the header on open, so a 30000×30000 PNG (873 KB compressed,
    3.6 GB decoded) is refused here at the cost of its header. Bytes Pillow cannot
    read, and truncated or corrupt image data, are refused as well.
    """
    from PIL import Image, UnidentifiedImageError

    try:
        with _quiet(Image.DecompressionBombWarning):
            image = Image.open(io.BytesIO(data))
    except Image.DecompressionBombError as exc:  # Pillow's own check, at twice its limit
        found = re.search(r"\((\d+) pixels\)", str(exc))
        size = f"has {found.group(1)} pixels, " if found else "is "
        fail(error, f"{what} {size}over the {max_pixels}-pixel limit", where)
    except UnidentifiedImageError:
        fail(error, f"{what} is not an image (no format Pillow reads)", where)
    except (OSError, ValueError, SyntaxError, EOFError) as exc:
        fail(error, f"{what} is not an image ({short_reason(exc)})", where)
    width, height = image.size
    if width * height > max_pixels:
        image.close()
        fail(error, f"{what} is {width}×{height}, over the {max_pixels}-pixel limit", where)
    try:
        with _quiet(Image.DecompressionBombWarning):
            image.load()
    except (OSError, ValueError, SyntaxError, EOFError, Image.DecompressionBombError) as exc:
        image.close()
        fail(error, f"{what} is not an image ({short_reason(exc)})", where)
    return image


@contextmanager
def _quiet(warning: type[Warning]) -> Iterator[None]:
    """Pillow warns below its own bomb limit; the size check above is ours, so stay quiet."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", warning)
        yield
