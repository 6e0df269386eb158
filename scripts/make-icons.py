#!/usr/bin/env python3
"""Draws Dogear's app icons (Public/icons/icon-192.png, icon-512.png): a page with its corner
folded down, white on the header's dark blue, the fold in the brand teal. Run again only to change the drawing; the PNGs are
checked in. Written with zlib alone so it needs nothing installed."""
import os
import struct
import zlib

BLUE = (0x1E, 0x3A, 0x5F)
PAGE = (0xFF, 0xFF, 0xFF)
FOLD = (0x2D, 0xB3, 0xA0)


def colour(x, y, size):
    # The page: a portrait rectangle in the middle 60% (inside a maskable icon's safe circle).
    left, right = size * 0.28, size * 0.72
    top, bottom = size * 0.2, size * 0.8
    corner = size * 0.16
    if not (left <= x < right and top <= y < bottom):
        return BLUE
    # The dog-ear: the top-right corner folded down over the page.
    dx, dy = x - (right - corner), y - top
    if dx >= 0 and dy < corner:
        if dx > dy:
            return BLUE  # the corner that is folded away
        return FOLD
    return PAGE


def png(size):
    rows = b"".join(
        b"\x00" + bytes(channel for x in range(size) for channel in colour(x + 0.5, y + 0.5, size)) for y in range(size))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    folder = os.path.join(os.path.dirname(__file__), "..", "Public", "icons")
    os.makedirs(folder, exist_ok=True)
    for size in (192, 512):
        with open(os.path.join(folder, f"icon-{size}.png"), "wb") as out:
            out.write(png(size))
