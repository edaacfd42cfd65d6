#!/usr/bin/env python3
"""Draws the app's icons (a board ring on felt green) as PNG files in public/, with nothing
but the standard library. Run once when the design changes; the PNGs are committed.

usage: make_icons.py
"""
import struct
import zlib
from pathlib import Path

FELT = (15, 81, 50)
PAPER = (243, 237, 224)
RED = (214, 40, 40)
YELLOW = (242, 193, 78)
BLUE = (0, 114, 187)
LINE = (30, 58, 43)


def pixel(x, y, n, pad):
    """The color at (x, y) of an n x n icon whose board is inset by `pad` (maskable)."""
    s = n - 2 * pad
    u, v = (x - pad) / s, (y - pad) / s
    if not (0 <= u < 1 and 0 <= v < 1):
        return FELT
    depth = 0.2
    inner = depth <= u < 1 - depth and depth <= v < 1 - depth
    if inner:
        return FELT
    # Squares: 9 along each side between the corners, thin lines between them.
    side = (1 - 2 * depth) / 9
    along = u if (v < depth or v >= 1 - depth) else v
    if depth <= along < 1 - depth and ((along - depth) % side) < 0.012:
        return LINE
    if u >= 1 - depth and v >= 1 - depth:
        return RED  # Go
    # Color bands on the inner edge of some squares.
    band = 0.06
    if v >= 1 - depth and v < 1 - depth + band and 0.3 < u < 0.8:
        return YELLOW
    if v < depth and v >= depth - band and 0.3 < u < 0.8:
        return BLUE
    return PAPER


def png(n, pad):
    rows = []
    for y in range(n):
        row = bytearray([0])
        for x in range(n):
            row.extend(pixel(x + 0.5, y + 0.5, n, pad))
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", n, n, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def main():
    out = Path(__file__).resolve().parent.parent / "public"
    for n in (192, 512):
        (out / f"icon-{n}.png").write_bytes(png(n, n // 16))
        (out / f"icon-maskable-{n}.png").write_bytes(png(n, n // 6))


if __name__ == "__main__":
    main()
