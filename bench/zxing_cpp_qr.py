"""zxing-cpp (PyPI) on a folder of QR samples, for `entrada bench qr`.

Reads the list of images from stdin (one path a line) and prints one JSON line per
image: {"image": path, "texts": [...], "micros": n}. The decode is timed alone (the
image is loaded and converted to grayscale before the clock starts), on one thread,
the same way the Rust side times its decoders.
"""
import json
import sys
import time

import zxingcpp
from PIL import Image


def main() -> None:
    formats = zxingcpp.BarcodeFormat.QRCode
    # The symbol's own text (no GS1 brackets, no <GS> names): the expected files hold it.
    plain = zxingcpp.TextMode.Plain
    for line in sys.stdin:
        path = line.rstrip("\n")
        if not path:
            continue
        try:
            image = Image.open(path).convert("L")
            image.load()
        except Exception as e:  # noqa: BLE001 - report and go on
            print(json.dumps({"image": path, "error": str(e)}), flush=True)
            continue
        started = time.perf_counter_ns()
        results = zxingcpp.read_barcodes(image, formats=formats, text_mode=plain)
        micros = (time.perf_counter_ns() - started) // 1000
        texts = [r.text for r in results if r.valid]
        print(json.dumps({"image": path, "texts": texts, "micros": micros}), flush=True)


if __name__ == "__main__":
    main()
