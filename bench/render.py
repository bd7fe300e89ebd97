"""``python -m bot bench render [--json] [--compare] [--repeat N]``: renderer speed.

For each image kind it renders a fixed sample view (seeded engine deals; the sprite
cache warm, as in a running bot) and prints the median milliseconds of the whole
``render_*`` call, the bytes produced, and, measured in the same run on the same
finished image, the time Pillow alone takes to encode it (``floor_ms``): everything
above the floor is our drawing. Times are the CPU time of the rendering thread
(``time.thread_time``), so other work on a shared machine does not inflate them;
``wall_ms`` beside them is the elapsed time. ``cold_ms`` is the first call in a fresh
process (sprites drawn then).

``cold_text_ms`` is the same call with every text cache emptied first (fonts and card
sprites stay loaded): the cost of names the process has not drawn yet. The ``*-world``
kinds draw names in many scripts (CJK, Arabic, Cyrillic, Greek, Devanagari, Thai,
emoji); ``cold_world_ms`` is the first of them in the process (fallback fonts and the
emoji sheet loaded then).

``--compare`` adds the encoder comparison that chose the settings in
:mod:`renderer.encode` (PNG zlib levels, ``optimize``, lossless and lossy WebP, JPEG
quality and chroma subsampling) on the same images, and for the lossy encoders how far
the decoded image is from the drawn one (mean and largest absolute difference of a
channel, 0-255).
"""

from __future__ import annotations

import io
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from PIL import Image, ImageChops, ImageStat

from bot.cli.parsing import Parser, positive

#: names in many scripts for the ``*-world`` kinds (fixed here, so that the same
#: benchmark runs against an older renderer too)
WORLD = ("山田 太郎", "محمد علي", "Иван Петров", "🔥🔥🔥", "김민준", "Ελένη 🇬🇷",
         "अर्जुन शर्मा", "สมชาย ใจดี", "李小龙 👍🏽", "Zoë 👨‍👩‍👧‍👦")
#: cached loads that a running bot keeps for good (fonts, their coverage, the emoji
#: sheet); every other cache of these modules holds text and is emptied for cold_text_ms
_KEEP = frozenset({"font", "coverage", "_file_coverage", "table", "_sheet", "_notdef",
                   "_felt"})


def clear_text_caches() -> None:
    """Empty the renderer's text caches (names, widths, rendered masks, emoji sprites,
    the pills drawn with them)."""
    import importlib

    for name in ("renderer.text", "renderer.shaping", "renderer.emoji", "renderer.draw"):
        try:
            module = importlib.import_module(name)
        except ImportError:  # an older renderer
            continue
        for attr in dir(module):
            fn = getattr(module, attr)
            if (attr not in _KEEP and hasattr(fn, "cache_clear")
                    and getattr(fn, "__module__", None) == name):
                fn.cache_clear()


def _cases() -> dict[str, tuple[Callable[[], Any], Callable[[], Image.Image]]]:
    """kind -> (full render call, draw-only call)."""
    from renderer import samples
    from renderer.chart import draw_chip_chart, render_chip_chart
    from renderer.hand import draw_hand, render_hand
    from renderer.result import draw_result, render_result
    from renderer.table import draw_table, render_table
    from renderer.trick import draw_trick, render_trick

    views = samples.sample_views()
    hand = views["tapp1879-discard"]  # 14 cards
    trick = views["zuger-trick-done"]  # a finished trick, 4 seats
    table = views["dapp-6-durch"]  # six seats
    result = views["zuger-result"]
    n4, n6 = samples.sample_names(4), samples.sample_names(6)
    n3 = samples.sample_names(3)
    chips = samples.sample_chips()
    w6 = list(WORLD[:6])
    world = {name: [(0, 0), (10, 3 * i - 12), (20, 17 - 4 * i), (30, 2 * i - 7)]
             for i, name in enumerate(WORLD)}
    style = "french"
    return {
        "hand": (lambda: render_hand(hand, style=style, names=n3),
                 lambda: draw_hand(hand, style=style, names=n3)),
        "trick": (lambda: render_trick(trick, style=style, names=n4),
                  lambda: draw_trick(trick, style=style, names=n4)),
        "table": (lambda: render_table(table, n6, style=style),
                  lambda: draw_table(table, n6, style=style)),
        "result": (lambda: render_result(result, n4, style=style),
                   lambda: draw_result(result, n4, style=style)),
        "chart": (lambda: render_chip_chart(chips), lambda: draw_chip_chart(chips)),
        "result+hands": (lambda: render_result(result, n4, style=style, show_hands=True),
                         lambda: draw_result(result, n4, style=style, show_hands=True)),
        **_newer(result, n4, style),
        "table-world": (lambda: render_table(table, w6, style=style),
                        lambda: draw_table(table, w6, style=style)),
        "chart-world": (lambda: render_chip_chart(world), lambda: draw_chip_chart(world)),
    }


def _newer(result: Any, names: list[str], style: str
           ) -> dict[str, tuple[Callable[[], Any], Callable[[], Image.Image]]]:
    """The hands image alone, where the renderer has it."""
    try:
        from renderer.hands import draw_hands, render_hands
    except ImportError:  # an older renderer
        return {}
    return {"hands": (lambda: render_hands(result, names, style=style),
                      lambda: draw_hands(result, names, style=style))}


def measure(repeat: int) -> dict[str, dict[str, Any]]:
    """Per kind: the whole render call and, interleaved run by run so that both see the
    same machine load, Pillow's encoding of the finished image alone."""
    from renderer.encode import encode_bytes, format_for

    cases = _cases()
    first = next(iter(cases.values()))[0]
    t = time.perf_counter()
    first()  # includes drawing the sprites this image needs
    cold = (time.perf_counter() - t) * 1000
    t = time.perf_counter()
    cases["table-world"][0]()  # the fallback fonts and the emoji sheet, loaded once
    cold_world = (time.perf_counter() - t) * 1000
    out: dict[str, dict[str, Any]] = {}
    for kind, (render, draw) in cases.items():
        render()  # warm: sprites, fonts, text and layout caches
        img = draw()
        fmt = format_for(kind.split("-")[0].split("+")[0])
        data = encode_bytes(img, fmt)
        full, floor, wall, text_cold = [], [], [], []
        for _ in range(repeat):
            w0, t0 = time.perf_counter(), time.thread_time()
            render()
            t1, w1 = time.thread_time(), time.perf_counter()
            encode_bytes(img, fmt)
            t2 = time.thread_time()
            clear_text_caches()
            t3 = time.thread_time()
            render()
            text_cold.append((time.thread_time() - t3) * 1000)
            full.append((t1 - t0) * 1000)
            floor.append((t2 - t1) * 1000)
            wall.append((w1 - w0) * 1000)
        out[kind] = {
            "ms": round(statistics.median(full), 2),
            "bytes": len(data),
            "floor_ms": round(statistics.median(floor), 2),
            "cold_text_ms": round(statistics.median(text_cold), 2),
            "wall_ms": round(statistics.median(wall), 2),
            "width": img.width,
            "height": img.height,
            "format": fmt.value,
        }
    out[next(iter(cases))]["cold_ms"] = round(cold, 1)
    out["table-world"]["cold_world_ms"] = round(cold_world, 1)
    return out


ENCODERS: dict[str, dict[str, Any]] = {
    "png level 1": {"format": "PNG", "compress_level": 1},
    "png level 3": {"format": "PNG", "compress_level": 3},
    "png level 6 (Pillow default)": {"format": "PNG", "compress_level": 6},
    "png optimize": {"format": "PNG", "optimize": True},
    "webp lossless m0": {"format": "WEBP", "lossless": True, "method": 0, "quality": 0},
    "webp lossless m4": {"format": "WEBP", "lossless": True, "method": 4},
    "webp lossy q90": {"format": "WEBP", "quality": 90, "method": 4},
    "jpeg q90 4:4:4": {"format": "JPEG", "quality": 90, "subsampling": 0},
    "jpeg q90 4:4:4 opt": {"format": "JPEG", "quality": 90, "subsampling": 0,
                           "optimize": True},
    "jpeg q90 4:2:0": {"format": "JPEG", "quality": 90, "subsampling": 2},
    "jpeg q80 4:4:4": {"format": "JPEG", "quality": 80, "subsampling": 0},
}
LOSSY = [name for name, opts in ENCODERS.items()
         if opts["format"] == "JPEG" or (opts["format"] == "WEBP" and not opts.get("lossless"))]


def error(img: Image.Image, data: bytes) -> tuple[float, int]:
    """Mean and largest absolute channel difference (0-255) of ``data`` decoded from
    ``img``."""
    decoded = Image.open(io.BytesIO(data)).convert("RGB")
    diff = ImageChops.difference(img.convert("RGB"), decoded)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    extrema: Any = diff.getextrema()  # one (low, high) per band for RGB
    return round(mean, 2), max(high for _, high in extrema)


def compare(repeat: int) -> dict[str, dict[str, dict[str, Any]]]:
    """kind -> encoder -> {"ms": median, "bytes", and for lossy encoders "mean_err",
    "max_err"} on the finished images, encoders interleaved."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for kind, (_, draw) in _cases().items():
        img = draw()
        times: dict[str, list[float]] = {name: [] for name in ENCODERS}
        data: dict[str, bytes] = {}
        for _ in range(max(3, repeat // 2)):
            for name, opts in ENCODERS.items():
                buf = io.BytesIO()
                t = time.thread_time()
                img.save(buf, **opts)
                times[name].append((time.thread_time() - t) * 1000)
                data[name] = buf.getvalue()
        row: dict[str, dict[str, Any]] = {}
        for name in ENCODERS:
            row[name] = {"ms": round(statistics.median(times[name]), 2),
                         "bytes": len(data[name])}
            if name in LOSSY:
                row[name]["mean_err"], row[name]["max_err"] = error(img, data[name])
        out[kind] = row
    return out


DESCRIPTION = """\
The renderer's speed: for each image kind, drawn from a fixed sample, the median CPU
milliseconds of the whole drawing, the bytes produced, and the time Pillow alone takes
to encode the same image (the floor), with the elapsed time beside them.
"""


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m bot bench render", description=DESCRIPTION)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--compare", action="store_true",
                        help="also compare image encoders and their settings")
    parser.add_argument("--repeat", type=positive, default=30, metavar="N",
                        help="runs per median, 1 or more (default: 30)")
    args = parser.parse_args(argv)
    from renderer.encode import JPEG_OPTIMIZE, JPEG_QUALITY, JPEG_SUBSAMPLING, PNG_LEVEL

    images = measure(args.repeat)
    chroma = {0: "4:4:4", 1: "4:2:2", 2: "4:2:0"}.get(JPEG_SUBSAMPLING, str(JPEG_SUBSAMPLING))
    result: dict[str, Any] = {"images": images,
                              "settings": f"jpeg q{JPEG_QUALITY} {chroma}"
                                          f"{' optimize' if JPEG_OPTIMIZE else ''}, "
                                          f"png level {PNG_LEVEL}"}
    if args.compare:
        result["encoders"] = compare(args.repeat)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"renderer ({result['settings']}); median of {args.repeat} runs, sprite cache "
          "warm; CPU ms of the rendering thread")
    print(f"{'kind':<13}{'format':>7}{'size':>10}{'ms':>8}{'floor ms':>10}{'ratio':>7}"
          f"{'bytes':>8}{'wall ms':>9}{'cold text ms':>14}")
    for kind, m in images.items():
        size = f"{m['width']}x{m['height']}"
        ratio = m["ms"] / m["floor_ms"] if m["floor_ms"] else float("nan")
        print(f"{kind:<13}{m['format']:>7}{size:>10}{m['ms']:>8.2f}{m['floor_ms']:>10.2f}"
              f"{ratio:>7.2f}{m['bytes']:>8}{m['wall_ms']:>9.2f}{m['cold_text_ms']:>14.2f}")
    first = next(iter(images))
    print(f"cold first {first} (sprites drawn): {images[first]['cold_ms']:.1f} ms; first "
          f"table-world after it (fallback fonts loaded): "
          f"{images['table-world']['cold_world_ms']:.1f} ms")
    if args.compare:
        print("\nencoders on the same finished images: CPU ms / KB")
        names = list(ENCODERS)
        print(f"{'kind':<8}" + "".join(f"{n[:18]:>20}" for n in names))
        for kind, row in result["encoders"].items():
            cells = "".join(f"{row[n]['ms']:>9.2f} / {row[n]['bytes'] / 1024:>6.1f}KB"
                            for n in names)
            print(f"{kind:<8}{cells}")
        print("\nlossy encoders: decoded vs drawn, mean / largest channel difference (0-255)")
        print(f"{'kind':<8}" + "".join(f"{n[:18]:>20}" for n in LOSSY))
        for kind, row in result["encoders"].items():
            cells = "".join(f"{row[n]['mean_err']:>13.2f} / {row[n]['max_err']:>3d}"
                            for n in LOSSY)
            print(f"{kind:<8}{cells}")
    return 0
