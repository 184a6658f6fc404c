"""The app's icons, drawn by code: a playing card on green felt, as PNG files.

No image library is needed: pixels are computed and written with zlib.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

FELT = (11, 93, 59)
CARD = (255, 253, 247)
RED = (192, 24, 43)


def _png(size: int, pixels: bytearray) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + bytes(pixels[y * size * 3 : (y + 1) * size * 3]) for y in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def icon(size: int, maskable: bool = False) -> bytes:
    """A card with a red diamond; a maskable icon keeps it inside the central safe circle."""
    pixels = bytearray(FELT * size * size)
    scale = 0.5 if maskable else 0.7
    w, h = size * scale * 0.72, size * scale
    x0, y0 = (size - w) / 2, (size - h) / 2
    radius = w * 0.1
    cx, cy = size / 2, size / 2
    for y in range(size):
        for x in range(size):
            dx = max(x0 + radius - x, 0, x - (x0 + w - radius))
            dy = max(y0 + radius - y, 0, y - (y0 + h - radius))
            if x0 <= x <= x0 + w and y0 <= y <= y0 + h and dx * dx + dy * dy <= radius * radius:
                colour = RED if abs(x - cx) / (w * 0.3) + abs(y - cy) / (h * 0.3) <= 1 else CARD
                i = (y * size + x) * 3
                pixels[i : i + 3] = bytes(colour)
    return _png(size, pixels)


def write_icons(folder: Path) -> list[str]:
    """Write the icons the manifest names; return their file names."""
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("icon-maskable-512.png", 512, True)):
        (folder / name).write_bytes(icon(size, maskable))
        names.append(name)
    return names
