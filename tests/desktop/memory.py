"""Memory of the whole desktop app: the process and every process under it (WebKit's web
and network processes), from /proc/*/smaps_rollup. PSS counts a page shared by several
of them (WebKitGTK's libraries) once, split among them; RSS counts it in each.

    python3 tests/desktop/memory.py PID      prints "PSS N MB (RSS M MB)"
"""
import os
import sys


def tree(root):
    """`root` and every process under it."""
    kids = {}
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                with open(f"/proc/{p}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                kids.setdefault(ppid, []).append(int(p))
            except OSError:
                pass
    todo, out = [root], []
    while todo:
        p = todo.pop()
        out.append(p)
        todo += kids.get(p, [])
    return out


def own(pid):
    """PSS in MB of the process `pid` alone."""
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            if line.startswith("Pss:"):
                return int(line.split()[1]) // 1024
    return 0


def whole_app(root):
    """(PSS, RSS) in MB of `root` and its descendants."""
    rss = pss = 0
    for p in tree(root):
        try:
            with open(f"/proc/{p}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
        except OSError:
            pass
    return pss // 1024, rss // 1024


def words(root):
    pss, rss = whole_app(root)
    return f"PSS {pss} MB (RSS {rss} MB)"




def detail(root):
    """One line per process: PSS split into anonymous and file-backed pages, in MB."""
    out = []
    for p in tree(root):
        try:
            with open(f"/proc/{p}/comm") as f:
                comm = f.read().strip()
            d = {}
            with open(f"/proc/{p}/smaps_rollup") as f:
                for line in f:
                    parts = line.split()
                    if len(parts) >= 2 and parts[1].isdigit():
                        d[parts[0].rstrip(":")] = int(parts[1]) // 1024
            out.append(f"{comm}: PSS {d.get('Pss', 0)} (anon {d.get('Pss_Anon', 0)}, "
                       f"file {d.get('Pss_File', 0)}, shmem {d.get('Pss_Shmem', 0)})")
        except OSError:
            pass
    return "; ".join(out)


if __name__ == "__main__":
    print(words(int(sys.argv[1])))

def settled(root, window=2.0, within_mb=2, limit=20.0):
    """Waits until the whole app's PSS has moved by at most `within_mb` over `window`
    seconds (read every 0.2 s; at most `limit` seconds): memory that is still being let go
    (a camera's last frames) is waited for by its own state, not a fixed time (issue 42).
    Returns (PSS, RSS) in MB."""
    import time
    readings = []
    until = time.time() + limit
    while True:
        now = time.time()
        readings.append((now, whole_app(root)[0]))
        readings = [r for r in readings if r[0] >= now - window]
        span = readings[-1][0] - readings[0][0]
        values = [r[1] for r in readings]
        if span >= window - 0.25 and max(values) - min(values) <= within_mb:
            return whole_app(root)
        if now > until:
            return whole_app(root)
        time.sleep(0.2)
