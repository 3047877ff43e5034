"""The installable app's icons and web app manifest, drawn at build time (no image files in
the repo, no imaging library): a small computational graph, two inputs feeding a node that
feeds the output, in white on the site's indigo. Written as PNG (what every browser accepts for install) and SVG.
"""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import numpy as np

INDIGO = (63, 81, 181)
WHITE = (255, 255, 255)
SIZES = (192, 512)
# In a 0..1 square: nodes (x, y, radius) and the edges between them.
NODES = ((0.24, 0.28, 0.09), (0.24, 0.72, 0.09), (0.54, 0.5, 0.115), (0.8, 0.5, 0.075))
EDGES = ((0, 2), (1, 2), (2, 3))
EDGE_WIDTH = 0.045
CORNER = 0.18  # rounded-corner radius of the background square


def _coverage(distance, size):
    """Antialiased coverage from a signed distance (in icon units): one pixel of blur."""
    return np.clip(0.5 - distance * size, 0.0, 1.0)


def png(size: int) -> bytes:
    """An RGBA PNG of the icon, antialiased from signed distances (NumPy, no imaging library)."""
    c = (np.arange(size) + 0.5) / size
    x, y = np.meshgrid(c, c)
    cx, cy = np.clip(x, CORNER, 1 - CORNER), np.clip(y, CORNER, 1 - CORNER)
    background = np.hypot(x - cx, y - cy) - CORNER
    drawing = np.full_like(x, np.inf)
    for nx, ny, r in NODES:
        drawing = np.minimum(drawing, np.hypot(x - nx, y - ny) - r)
    for a, b in EDGES:
        (ax, ay, _), (bx, by, _) = NODES[a], NODES[b]
        dx, dy = bx - ax, by - ay
        t = np.clip(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy), 0.0, 1.0)
        drawing = np.minimum(drawing, np.hypot(x - (ax + t * dx), y - (ay + t * dy)) - EDGE_WIDTH / 2)
    alpha = _coverage(background, size)
    white = _coverage(drawing, size)[..., None]
    rgb = np.array(INDIGO) * (1 - white) + np.array(WHITE) * white
    pixels = np.dstack([rgb, alpha[..., None] * 255]).round().astype(np.uint8)
    raw = b"".join(b"\x00" + row.tobytes() for row in pixels)  # filter type 0 per row

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def svg() -> str:
    s = 100
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {s} {s}">',
        f'<rect width="{s}" height="{s}" rx="{CORNER * s:g}" fill="rgb{INDIGO}"/>',
    ]
    for a, b in EDGES:
        (ax, ay, _), (bx, by, _) = NODES[a], NODES[b]
        parts.append(
            f'<line x1="{ax * s:g}" y1="{ay * s:g}" x2="{bx * s:g}" y2="{by * s:g}" '
            f'stroke="#fff" stroke-width="{EDGE_WIDTH * s:g}"/>'
        )
    for x, y, r in NODES:
        parts.append(f'<circle cx="{x * s:g}" cy="{y * s:g}" r="{r * s:g}" fill="#fff"/>')
    parts.append("</svg>")
    return "".join(parts)


def write(out: Path, name: str, short_name: str, description: str) -> None:
    """icons/ and app.webmanifest under ``out`` (assets/runtime/); the app's scope is the site."""
    icons = out / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    entries = []
    for size in SIZES:
        (icons / f"icon-{size}.png").write_bytes(png(size))
        entries.append({"src": f"icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"})
    (icons / "icon.svg").write_text(svg())
    entries.append({"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"})
    manifest = {
        "name": name,
        "short_name": short_name,
        "description": description,
        "lang": "bn",
        "start_url": "../../",
        "scope": "../../",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#3f51b5",
        "icons": entries,
    }
    (out / "app.webmanifest").write_text(json.dumps(manifest, ensure_ascii=False, indent=1))
