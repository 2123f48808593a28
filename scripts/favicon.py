#!/usr/bin/env python3
"""Draws the page's icon, src/web/static/favicon.ico: a 2x2 Jump61 board (a red square with
two round spots, a blue one with two diamonds, two white ones), 32x32, as a PNG inside an ICO
file. Plain Python (zlib and struct): run it again after changing the drawing."""

import struct
import sys
import zlib

SIZE = 32
RED, RED_PIP = (0xFB, 0xE3, 0xD4), (0xB3, 0x47, 0x00)
BLUE, BLUE_PIP = (0xD6, 0xE8, 0xF5), (0x00, 0x5A, 0x9C)
WHITE, WHITE_PIP = (0xF7, 0xF5, 0xF0), (0x55, 0x52, 0x4C)
LINE = (0x8C, 0x8A, 0x84)


def pixel(x, y):
    """The colour at (x, y): grid lines, then each square's background and spots."""
    if x in (0, 15, 16, 31) or y in (0, 15, 16, 31):
        return LINE
    col, row = x // 16, y // 16
    lx, ly = x % 16, y % 16
    square = {(0, 0): (RED, RED_PIP, "round"), (1, 1): (BLUE, BLUE_PIP, "diamond")}
    back, pip, shape = square.get((col, row), (WHITE, WHITE_PIP, "round"))
    spots = [(5.5, 5.5), (10.5, 10.5)] if (col, row) in square else [(8, 8)]
    for cx, cy in spots:
        dx, dy = abs(lx - cx), abs(ly - cy)
        inside = dx + dy <= 3.2 if shape == "diamond" else dx * dx + dy * dy <= 6.5
        if inside:
            return pip
    return back


def png():
    rows = b"".join(
        b"\x00" + bytes(c for x in range(SIZE) for c in pixel(x, y) + (255,)) for y in range(SIZE)
    )

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def ico(image):
    """An ICO file holding one PNG image (every browser reads those)."""
    directory = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", SIZE, SIZE, 0, 0, 1, 32, len(image), 6 + 16)
    return directory + entry + image


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "src/web/static/favicon.ico"
    with open(out, "wb") as f:
        f.write(ico(png()))
