"""Draw an observation as a wireframe picture (for replays without a recorded screenshot).

Every element's box is outlined and labelled; checked controls are filled,
disabled ones grey. It is a picture of the tree, not of the app.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import build_index
from deltarec.core.observe.model import Observation


def wireframe(obs: Observation) -> Image.Image:
    """A white canvas of the screen size with each element outlined and labelled."""
    width, height = max(obs.width, 1), max(obs.height, 1)
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=max(12, width // 40))
    index = build_index(Frame(obs))
    for e in index.elements:
        node = index.frame.nodes[e.pos]
        ink = (160, 160, 160) if not node.enabled else (25, 90, 200)
        box = (e.bounds.left, e.bounds.top, max(e.bounds.left, e.bounds.right - 1),
               max(e.bounds.top, e.bounds.bottom - 1))  # fmt: skip
        draw.rectangle(box, outline=ink, width=2, fill=(225, 236, 250) if node.checked else None)
        label = f"[{e.index}] {e.name}"[:60].encode("ascii", "replace").decode()
        draw.text((e.bounds.left + 4, e.bounds.top + 2), label, fill=ink, font=font)
    return image
