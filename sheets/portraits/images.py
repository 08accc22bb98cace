"""A portrait's picture: checked, turned upright, stripped and cut to the pages' sizes.

Everything a person uploads is read by Pillow from its bytes, never from its name: a
file called ``face.png`` that holds text, a GIF or an SVG is refused. Before any pixel
is decoded the header's dimensions are checked, so a small file that would unpack into
gigabytes (a "decompression bomb") is refused having cost nothing. What is kept is never
the upload itself: each size is a new WebP made from the decoded pixels alone, so EXIF
(the camera, the GPS position), XMP and colour profiles are left behind.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

from django.utils.translation import gettext as _
from PIL import Image, ImageOps, UnidentifiedImageError

MAX_BYTES = 5 * 1024 * 1024  # what a player may upload
MAX_SIDE = 8000  # pixels, either side
MAX_PIXELS = 40_000_000  # width x height: a 12-megapixel phone photo passes easily
MIN_SIDE = 16  # smaller is not a portrait
FORMATS = {"PNG": "PNG", "JPEG": "JPEG", "WEBP": "WebP"}  # Pillow's name: what we call it

# Pillow refuses (DecompressionBombError) past twice this when it opens a file, and
# warns past it: the warning is made an error too, so any picture over the limit is
# refused by Pillow itself, whoever opens it; our own check below names the dimensions.
Image.MAX_IMAGE_PIXELS = MAX_PIXELS
warnings.filterwarnings("error", category=Image.DecompressionBombWarning)


@dataclass(frozen=True)
class Size:
    name: str
    side: int  # pixels, square
    quality: int


# The sheet's header (shown at 6 rem, sharp on a 2x screen and on paper) and the small
# round picture of the dashboard's and the feed's cards.
SHEET = Size("sheet", 320, 84)
CARD = Size("card", 96, 80)
SIZES = {size.name: size for size in (SHEET, CARD)}


class PortraitRefused(ValueError):
    """Why an upload is not taken, in words for the person who sent it."""


def _open(data: bytes) -> Image.Image:
    try:
        image = Image.open(io.BytesIO(data))
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise PortraitRefused(too_many_pixels_message()) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        raise PortraitRefused(
            _("This file is not a picture Tableside can read: upload a PNG, JPEG or WebP.")
        ) from None
    if image.format not in FORMATS:
        kind = image.format or _("another kind of file")
        raise PortraitRefused(
            _("This file is a %(kind)s picture, whatever its name: upload a PNG, JPEG or WebP.")
            % {"kind": kind}
        )
    return image


def _check_dimensions(image: Image.Image) -> None:
    width, height = image.size
    if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_PIXELS:
        raise PortraitRefused(too_many_pixels_message(width, height))
    if width < MIN_SIDE or height < MIN_SIDE:
        raise PortraitRefused(
            _("This picture is %(width)s x %(height)s pixels: too small for a portrait.")
            % {"width": width, "height": height}
        )
    if getattr(image, "n_frames", 1) > 1:
        raise PortraitRefused(_("This picture is animated: upload a still PNG, JPEG or WebP."))


def decode(data: bytes) -> Image.Image:
    """The upload's pixels, upright (EXIF orientation applied), as RGB or RGBA; or
    ``PortraitRefused`` saying why not."""
    if len(data) > MAX_BYTES:
        raise PortraitRefused(too_large_message(len(data)))
    if not data:
        raise PortraitRefused(_("This file is empty."))
    image = _open(data)
    _check_dimensions(image)
    try:
        image.verify()  # the file's structure (checksums, chunks), before decoding
        image = _open(data)  # verify() leaves the image unusable: open it again
        image.load()  # every pixel: a truncated file fails here
        upright = ImageOps.exif_transpose(image)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise PortraitRefused(too_many_pixels_message()) from None
    except (OSError, SyntaxError, ValueError, EOFError):
        raise PortraitRefused(
            _("This picture is damaged or cut short (was the upload interrupted?): "
              "save it again and upload the new file.")
        ) from None  # fmt: skip
    has_alpha = upright.mode in ("RGBA", "LA", "PA") or (
        upright.mode == "P" and "transparency" in upright.info
    )
    return upright.convert("RGBA" if has_alpha else "RGB")


def too_many_pixels_message(width=None, height=None) -> str:
    limits = {"side": MAX_SIDE, "mega": MAX_PIXELS // 10**6}
    if width is None:
        return (
            _(
                "This picture has too many pixels: at most %(side)s pixels a side and "
                "%(mega)s megapixels are taken. Make it smaller first."
            )
            % limits
        )
    return _(
        "This picture is %(width)s x %(height)s pixels: at most %(side)s pixels a side and "
        "%(mega)s megapixels are taken. Make it smaller first."
    ) % {"width": width, "height": height, **limits}


def too_large_message(size: int) -> str:
    return _("This file is %(size)s MB: at most %(limit)s MB is taken.") % {
        "size": f"{size / 1024 / 1024:.1f}",
        "limit": MAX_BYTES // 1024 // 1024,
    }


def render(image: Image.Image, size: Size) -> bytes:
    """``image`` cut to a centred square (a little above the middle, where faces are),
    scaled to ``size`` and written as WebP with no metadata at all."""
    fitted = ImageOps.fit(image, (size.side, size.side), Image.Resampling.LANCZOS,
                          centering=(0.5, 0.35))  # fmt: skip
    # a new image from the pixels alone: nothing of the upload's info (exif, xmp, icc)
    clean = Image.frombytes(fitted.mode, fitted.size, fitted.tobytes())
    out = io.BytesIO()
    clean.save(out, "WEBP", quality=size.quality, method=4)
    return out.getvalue()


def portrait_files(data: bytes) -> dict[str, bytes]:
    """Every size of the portrait in ``data``, by size name; ``PortraitRefused`` if the
    upload is not taken."""
    image = decode(data)
    return {name: render(image, size) for name, size in SIZES.items()}
