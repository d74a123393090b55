"""Peak memory of `entrada serve` under three cheap attacks, to compare builds before and
after a fix.

    python3 bench/attacks.py --bin target/debug/entrada [--json OUT]

A small request can make the server allocate far more than it receives: a PNG of zeros
compresses about 1000:1 and a JPEG of empty blocks about 85:1 (decode bombs sent to
`POST /kiosk/decode`), and every wrong client secret sent to `POST /oauth/token` costs an
argon2 verification with its 19 MiB working memory (a burst of them at once). Each attack
runs on a fresh server (peak RSS is per process) with its own database; the figure is
`VmHWM` from /proc/PID/status, read after start and set-up (baseline) and again once the
server has gone idle after the attack (peak), so work that outlives a timed-out request
still counts. Standard library only; the bomb files are built streaming and cached in
/tmp/entrada-bombs/.
"""
import argparse
import base64
import http.client
import json
import os
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import zlib
from collections import Counter
from pathlib import Path

BOMB_DIR = Path("/tmp/entrada-bombs")
TIMEOUT = 120  # seconds, per request
ARGON2_BURST = 100
WRONG_SECRET = "ent_cs_not-the-secret"


# --- bomb files -------------------------------------------------------------------------

def _png_chunk(out, kind, data):
    out.write(struct.pack(">I", len(data)) + kind + data)
    out.write(struct.pack(">I", zlib.crc32(kind + data)))


def png_bomb(width, height, color_type, bit_depth):
    """A PNG of zeros, streamed row by row through zlib (cached)."""
    path = BOMB_DIR / f"zeros-{width}x{height}-ct{color_type}-{bit_depth}bit.png"
    if path.exists():
        return path
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[color_type]
    row = bytes(1 + width * channels * bit_depth // 8)  # filter byte 0, then the samples
    BOMB_DIR.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    with open(part, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n")
        _png_chunk(out, b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 0))
        compressor = zlib.compressobj(9)
        pending = bytearray()
        for _ in range(height):
            pending += compressor.compress(row)
            if len(pending) >= 1 << 16:
                _png_chunk(out, b"IDAT", bytes(pending))
                pending.clear()
        pending += compressor.flush()
        _png_chunk(out, b"IDAT", bytes(pending))
        _png_chunk(out, b"IEND", b"")
    part.rename(path)
    return path


# Annex K.3 of the JPEG standard: the typical luminance Huffman tables (code counts per
# length 1..16, then the symbols in code order).
DC_LUMA_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
DC_LUMA_SYMBOLS = list(range(12))
AC_LUMA_COUNTS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D]
AC_LUMA_SYMBOLS = bytes.fromhex(
    "01020300041105122131410613516107227114328191a1082342b1c11552d1f0"
    "2433627282090a161718191a25262728292a3435363738393a43444546474849"
    "4a535455565758595a636465666768696a737475767778797a83848586878889"
    "8a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5"
    "c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8"
    "f9fa"
)


def _jpeg_segment(marker, payload):
    return struct.pack(">BBH", 0xFF, marker, len(payload) + 2) + payload


def _dht(table_class_and_id, counts, symbols):
    assert len(symbols) == sum(counts)
    return _jpeg_segment(0xC4, bytes([table_class_and_id, *counts, *symbols]))


def _empty_blocks(blocks):
    """Entropy-coded data of `blocks` 8x8 blocks, each DC difference 0 (code `00`) and
    end of block (code `1010`): 6 bits a block, 4 blocks in 3 bytes, 1-bits as padding,
    0xFF stuffed as 0xFF00."""
    full, rest = divmod(blocks, 4)
    data = bytes([0x28, 0xA2, 0x8A]) * full
    if rest:
        bits = "001010" * rest
        bits += "1" * (-len(bits) % 8)
        data += int(bits, 2).to_bytes(len(bits) // 8, "big")
    return data.replace(b"\xff", b"\xff\x00")


def jpeg_bomb(size):
    """A baseline grayscale JPEG of size x size mid-grey pixels (cached)."""
    path = BOMB_DIR / f"grey-{size}x{size}.jpg"
    if path.exists():
        return path
    blocks = ((size + 7) // 8) ** 2
    jpeg = b"".join([
        b"\xff\xd8",
        _jpeg_segment(0xDB, bytes([0x00]) + bytes([1] * 64)),  # table 0, 8-bit, all 1
        _jpeg_segment(0xC0, struct.pack(">BHHB", 8, size, size, 1) + bytes([1, 0x11, 0])),
        _dht(0x00, DC_LUMA_COUNTS, DC_LUMA_SYMBOLS),
        _dht(0x10, AC_LUMA_COUNTS, AC_LUMA_SYMBOLS),
        _jpeg_segment(0xDA, bytes([1, 1, 0x00, 0, 63, 0])),
        _empty_blocks(blocks),
        b"\xff\xd9",
    ])
    BOMB_DIR.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    part.write_bytes(jpeg)
    part.rename(path)
    return path


# --- the server -------------------------------------------------------------------------

class Server:
    """`entrada serve` on a new database holding one `read` client."""

    def __init__(self, binary):
        self._dir = tempfile.TemporaryDirectory(prefix="entrada-attacks-")
        db = os.path.join(self._dir.name, "entrada.db")
        env = {k: v for k, v in os.environ.items() if k not in ("ENTRADA_DB", "ENTRADA_BIND")}
        env["ENTRADA_LOG"] = "entrada=warn"
        # Made before the server starts: the database must not be in use.
        created = subprocess.run(
            [binary, "clients", "create", "--name", "bench", "--scopes", "read", "--db", db],
            env=env, capture_output=True, text=True, check=True,
        )
        client = json.loads(created.stdout)
        self.client_id, self.client_secret = client["client_id"], client["client_secret"]
        self.proc = subprocess.Popen(
            [binary, "serve", "--db", db, "--bind", "127.0.0.1:0"],
            env=env, stdout=subprocess.PIPE, text=True,
        )
        first = self.proc.stdout.readline().strip()
        if not first.startswith("listening on http://"):
            self.stop()
            raise RuntimeError(f"unexpected first line from serve: {first!r}")
        self.port = int(first.rsplit(":", 1)[1])
        threading.Thread(target=self.proc.stdout.read, daemon=True).start()

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)

    def basic_auth(self, secret):
        # RFC 6749 2.3.1: both parts are form-urlencoded before Basic encoding.
        pair = f"{urllib.parse.quote_plus(self.client_id)}:{urllib.parse.quote_plus(secret)}"
        return "Basic " + base64.b64encode(pair.encode()).decode()

    def token(self):
        conn = self.connection()
        conn.request(
            "POST", "/oauth/token", body="grant_type=client_credentials&scope=read",
            headers={"Content-Type": "application/x-www-form-urlencoded",
                     "Authorization": self.basic_auth(self.client_secret)},
        )
        resp = conn.getresponse()
        body = resp.read()
        conn.close()
        if resp.status != 200:
            raise RuntimeError(f"token request answered {resp.status}: {body[:300]!r}")
        return json.loads(body)["access_token"]

    def alive(self):
        return self.proc.poll() is None

    def peak_rss_kib(self):
        """`VmHWM` of the server, KiB (None once it has exited)."""
        try:
            with open(f"/proc/{self.proc.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except FileNotFoundError:
            return None
        return None

    def _cpu_ticks(self):
        with open(f"/proc/{self.proc.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime + stime

    def wait_idle(self, limit=300):
        """Waits until the server has used (almost) no CPU for a second: a request
        answered 503 at the time limit may leave its decode running."""
        deadline = time.monotonic() + limit
        quiet = 0
        try:
            last = self._cpu_ticks()
            while quiet < 4 and time.monotonic() < deadline:
                time.sleep(0.25)
                now = self._cpu_ticks()
                quiet = quiet + 1 if now - last <= 1 else 0
                last = now
        except (FileNotFoundError, ProcessLookupError):
            pass  # the server exited; its state is reported as such

    def stop(self):
        if self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._dir.cleanup()


# --- running requests -------------------------------------------------------------------

def burst(server, requests):
    """Sends `requests` (method, path, headers, body) on one connection each, all released
    at once; returns [(status, seconds, first bytes of the answer)]."""
    barrier = threading.Barrier(len(requests))
    results = [None] * len(requests)

    def send(i, method, path, headers, body):
        conn = server.connection()
        try:
            conn.connect()
        except OSError as e:
            barrier.wait()
            results[i] = (f"error: {type(e).__name__}", 0.0, "")
            return
        barrier.wait()
        started = time.monotonic()
        try:
            conn.request(method, path, body=body, headers=headers)
            resp = conn.getresponse()
            text = resp.read()[:300].decode(errors="replace")
            results[i] = (str(resp.status), time.monotonic() - started, text)
        except (OSError, http.client.HTTPException) as e:
            results[i] = (f"error: {type(e).__name__}", time.monotonic() - started, str(e)[:300])
        finally:
            conn.close()

    threads = [threading.Thread(target=send, args=(i, *r)) for i, r in enumerate(requests)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def measure(binary, name, setup, attack):
    """Runs `attack(server, setup(server))` on a fresh server and reads its peak memory."""
    server = Server(binary)
    try:
        prepared = setup(server)
        server.wait_idle()
        baseline = server.peak_rss_kib()
        results = attack(server, prepared)
        server.wait_idle()
        peak = server.peak_rss_kib()
        samples = {}
        for status, _, text in results:
            samples.setdefault(status, text)
        return {
            "attack": name,
            "baseline_kib": baseline,
            "peak_kib": peak,
            "growth_kib": None if peak is None else peak - baseline,
            "statuses": dict(Counter(status for status, _, _ in results)),
            "slowest_s": round(max(seconds for _, seconds, _ in results), 3),
            "answers": samples,
            "server_alive": server.alive(),
        }
    finally:
        server.stop()


# --- the attacks ------------------------------------------------------------------------

def decode_bomb(binary, name, path, content_type, copies):
    """`copies` concurrent `POST /kiosk/decode` of the file at `path`."""
    body = path.read_bytes()

    def attack(server, token):
        headers = {"Authorization": f"Bearer {token}", "Content-Type": content_type}
        return burst(server, [("POST", "/kiosk/decode", headers, body)] * copies)

    result = measure(binary, name, Server.token, attack)
    result["request_bytes"] = len(body)
    return result


def argon2_burst(binary):
    """ARGON2_BURST concurrent `POST /oauth/token` with a wrong secret for a real client."""
    def attack(server, _):
        headers = {"Content-Type": "application/x-www-form-urlencoded",
                   "Authorization": server.basic_auth(WRONG_SECRET)}
        body = "grant_type=client_credentials&scope=read"
        return burst(server, [("POST", "/oauth/token", headers, body)] * ARGON2_BURST)

    return measure(binary, f"argon2 burst: {ARGON2_BURST} wrong secrets at once",
                   lambda server: None, attack)


def all_attacks(binary):
    yield decode_bomb(binary, "decode bomb: PNG 20000x20000 gray8, x1",
                      png_bomb(20000, 20000, 0, 8), "image/png", 1)
    yield decode_bomb(binary, "decode bomb: PNG 8000x8000 RGBA16, x4 concurrent",
                      png_bomb(8000, 8000, 6, 16), "image/png", 4)
    yield decode_bomb(binary, "decode bomb: JPEG 16000x16000 gray, x1",
                      jpeg_bomb(16000), "image/jpeg", 1)
    yield argon2_burst(binary)


# --- report -----------------------------------------------------------------------------

def mib(kib):
    return "gone" if kib is None else f"{kib / 1024:.0f}"


def print_table(results):
    head = ("attack", "baseline MiB", "peak MiB", "growth MiB", "statuses", "slowest s")
    rows = [(r["attack"], mib(r["baseline_kib"]), mib(r["peak_kib"]), mib(r["growth_kib"]),
             " ".join(f"{s}x{n}" for s, n in sorted(r["statuses"].items())),
             f"{r['slowest_s']:.2f}") for r in results]
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    for row in [head, ["-" * w for w in widths], *rows]:
        print(" | ".join(cell.ljust(w) if i in (0, 4) else cell.rjust(w)
                         for i, (cell, w) in enumerate(zip(row, widths))))
    print()
    for r in results:
        if not r["server_alive"]:
            print(f"{r['attack']}: the server exited during the attack")
        for status, text in sorted(r["answers"].items()):
            print(f"{r['attack']}: {status}: {text}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the entrada binary to attack")
    parser.add_argument("--json", metavar="OUT", help="also write the results here")
    args = parser.parse_args()
    binary = os.path.abspath(args.bin)
    results = []
    for result in all_attacks(binary):
        print(f"done: {result['attack']}", file=sys.stderr, flush=True)
        results.append(result)
    print_table(results)
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"binary": binary, "results": results}, out, indent=2)
            out.write("\n")


if __name__ == "__main__":
    main()
