"""Pictures made by the tests themselves (Pillow), good and bad, for the portraits."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image

RED, BLUE = (220, 20, 20), (20, 20, 220)


def picture(fmt="PNG", size=(120, 160), colour=(200, 150, 90), **save) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, fmt, **save)
    return out.getvalue()


def two_halves(fmt="JPEG", size=(200, 100), **save) -> bytes:
    """Left half red, right half blue."""
    image = Image.new("RGB", size, BLUE)
    image.paste(RED, (0, 0, size[0] // 2, size[1]))
    out = io.BytesIO()
    image.save(out, fmt, **save)
    return out.getvalue()


def jpeg_with_gps_turned(orientation=6) -> bytes:
    """A 200 x 100 JPEG (red left, blue right) whose EXIF says: turn me (orientation 6:
    90 degrees clockwise, so upright it is 100 x 200, red on top), a camera, and where
    it was taken (GPS)."""
    exif = Image.Exif()
    exif[0x0112] = orientation  # Orientation
    exif[0x010F] = "SnoopCam"  # Make
    exif[0x0110] = "Model 7"  # Model
    gps = exif.get_ifd(0x8825)
    gps[1] = "N"  # GPSLatitudeRef
    gps[2] = (48.0, 51.0, 29.0)  # GPSLatitude
    gps[3] = "E"
    gps[4] = (2.0, 17.0, 40.0)
    return two_halves("JPEG", exif=exif.tobytes(), quality=95)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bomb(side=30_000) -> bytes:
    """A PNG whose header says side x side pixels (900 megapixels for 30 000) and whose
    data is a few hundred kilobytes of zlib-packed zeros: a decompression bomb."""
    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)  # 8-bit greyscale
    rows = zlib.compressobj(9)
    packed = b"".join(rows.compress(b"\0" * (side + 1)) for _ in range(64)) + rows.flush()
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", packed)
            + _chunk(b"IEND", b""))  # fmt: skip


def animated_webp() -> bytes:
    frames = [Image.new("RGB", (64, 64), colour) for colour in (RED, BLUE, (0, 200, 0))]
    out = io.BytesIO()
    frames[0].save(out, "WEBP", save_all=True, append_images=frames[1:], duration=100, loop=0)
    return out.getvalue()


def gif() -> bytes:
    return picture("GIF")


def truncated_png() -> bytes:
    whole = picture("PNG", size=(300, 300), colour=(10, 200, 30), compress_level=0)
    return whole[: len(whole) // 2]


def huge_but_small_file() -> bytes:
    """9000 x 20 pixels: a few kilobytes, but wider than any portrait is taken."""
    return picture("PNG", size=(9000, 20))


def over_five_megabytes() -> bytes:
    """A real PNG of more than 5 MB (noise does not pack)."""
    import os

    side = 1400
    image = Image.frombytes("RGB", (side, side), os.urandom(side * side * 3))
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=0)
    data = out.getvalue()
    assert len(data) > 5 * 1024 * 1024
    return data
