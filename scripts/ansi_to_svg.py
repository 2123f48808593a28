#!/usr/bin/env python3
"""Turns a terminal screen captured with colours (`tmux capture-pane -e -p`) into an SVG.

Usage: scripts/ansi_to_svg.py SCREEN.ansi OUT.svg [COLUMNS ROWS]

Reads SGR escapes (colours in 8, 16, 256 and 24-bit form, bold, reverse) and draws each cell
as a background rectangle and a run of monospace text, so the picture is the screen exactly as
the program drew it. Used by scripts/screenshot.sh; needs nothing beyond Python 3.
"""
import html
import re
import sys

CELL_W, CELL_H, FONT = 9.6, 19, 16
DEFAULT_FG, DEFAULT_BG = "#d0d0d0", "#1c1c1c"
# The xterm palette for colours 0-15.
BASIC = [
    "#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
    "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
]


def colour_256(n):
    if n < 16:
        return BASIC[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[n // 36], steps[n // 6 % 6], steps[n % 6])
    grey = 8 + 10 * (n - 232)
    return "#%02x%02x%02x" % (grey, grey, grey)


class Style:
    def __init__(self):
        self.fg, self.bg, self.bold, self.reverse = None, None, False, False

    def apply(self, params):
        codes = [int(p) if p else 0 for p in params.split(";")] if params else [0]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                self.__init__()
            elif c == 1:
                self.bold = True
            elif c == 22:
                self.bold = False
            elif c == 7:
                self.reverse = True
            elif c == 27:
                self.reverse = False
            elif 30 <= c <= 37:
                self.fg = BASIC[c - 30]
            elif 90 <= c <= 97:
                self.fg = BASIC[c - 90 + 8]
            elif c == 39:
                self.fg = None
            elif 40 <= c <= 47:
                self.bg = BASIC[c - 40]
            elif 100 <= c <= 107:
                self.bg = BASIC[c - 100 + 8]
            elif c == 49:
                self.bg = None
            elif c in (38, 48) and i + 1 < len(codes):
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    value, i = colour_256(codes[i + 2]), i + 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    value = "#%02x%02x%02x" % tuple(codes[i + 2 : i + 5])
                    i += 4
                else:
                    value = None
                if c == 38:
                    self.fg = value
                else:
                    self.bg = value
            i += 1

    def colours(self):
        fg, bg = self.fg or DEFAULT_FG, self.bg or DEFAULT_BG
        return (bg, fg) if self.reverse else (fg, bg)


def cells(line):
    """The line's cells as (character, foreground, background, bold)."""
    style, out = Style(), []
    for token in re.split(r"(\x1b\[[0-9;]*m)", line):
        if token.startswith("\x1b["):
            style.apply(token[2:-1])
            continue
        for ch in token:
            fg, bg = style.colours()
            out.append((ch, fg, bg, style.bold))
    return out


def main():
    source, target = sys.argv[1], sys.argv[2]
    lines = open(source, encoding="utf-8").read().split("\n")
    columns = int(sys.argv[3]) if len(sys.argv) > 3 else 80
    rows = int(sys.argv[4]) if len(sys.argv) > 4 else 24
    lines = (lines + [""] * rows)[:rows]
    width, height = columns * CELL_W, rows * CELL_H
    svg = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height}">',
        f'<rect width="100%" height="100%" fill="{DEFAULT_BG}"/>',
        f'<g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="{FONT}">',
    ]
    for row, line in enumerate(lines):
        row_cells = cells(line)[:columns]
        y = row * CELL_H
        col = 0
        while col < len(row_cells):
            # One run of cells that share their colours and weight.
            start = col
            _, fg, bg, bold = row_cells[col]
            while col < len(row_cells) and row_cells[col][1:] == (fg, bg, bold):
                col += 1
            text = "".join(c[0] for c in row_cells[start:col])
            x = start * CELL_W
            if bg != DEFAULT_BG:
                svg.append(
                    f'<rect x="{x:.1f}" y="{y}" width="{(col - start) * CELL_W:.1f}" '
                    f'height="{CELL_H}" fill="{bg}"/>'
                )
            if text.strip():
                weight = ' font-weight="bold"' if bold else ""
                svg.append(
                    f'<text x="{x:.1f}" y="{y + CELL_H * 0.78:.1f}" fill="{fg}"{weight} '
                    f'textLength="{(col - start) * CELL_W:.1f}" xml:space="preserve">'
                    f"{html.escape(text)}</text>"
                )
    svg.append("</g></svg>")
    open(target, "w", encoding="utf-8").write("\n".join(svg) + "\n")


if __name__ == "__main__":
    main()
