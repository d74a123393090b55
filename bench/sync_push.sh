#!/usr/bin/env bash
# Push of N queued door check-ins from a kiosk to a remote that allows RATE requests per
# second per token (0: no limit). Two real `entrada serve` processes on loopback; the
# check-ins are queued while the remote is down (the kiosk keeps working offline), then
# `entrada sync run` pushes them, timed, and the remote is counted afterwards.
#
#   bash bench/sync_push.sh [BIN] [N] [RATE]     e.g. bash bench/sync_push.sh target/release/entrada 10000 10
set -euo pipefail
bin=${1:-target/release/entrada}; n=${2:-10000}; rate=${3:-0}
# shellcheck source=bench/lib.sh
source "$(dirname "$0")/lib.sh"
rport=$(port); kport=$(port)
start_remote() { "$bin" serve --db "$work/remote.db" --bind 127.0.0.1:$rport --rate-limit "$rate" "$@" > "$work/remote.out" 2>&1 & echo $! > "$work/remote.pid"; until curl -sf "http://127.0.0.1:$rport/healthz" >/dev/null; do sleep 0.2; done; }
start_remote --demo --demo-attendees "$n"
until grep -q 'door sign-in' "$work/remote.out"; do sleep 0.5; done
secret=$("$bin" clients create --name kiosk-sync --scopes "read write" --db "$work/remote.db")
rid=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["client_id"])' "$secret")
rsecret=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["client_secret"])' "$secret")
"$bin" serve --db "$work/kiosk.db" --bind 127.0.0.1:$kport --rate-limit 0 --sync-interval 3600 > "$work/kiosk.out" 2>&1 &
kpid=$!
until curl -sf "http://127.0.0.1:$kport/healthz" >/dev/null; do sleep 0.2; done
printf '%s\n' "$rsecret" | "$bin" sync configure --db "$work/kiosk.db" --base-url "http://127.0.0.1:$rport/api/v2" \
  --auth-url "http://127.0.0.1:$rport" --client-id "$rid" --client-secret-stdin --events 1 >/dev/null
s=$(date +%s.%N); "$bin" sync run --db "$work/kiosk.db" 2>&1 | tail -1; e=$(date +%s.%N)
echo "first pull of $n attendees at rate $rate: $(python3 -c "print(round($e-$s,1))") s"
kill "$(cat "$work/remote.pid")"; wait "$(cat "$work/remote.pid")" 2>/dev/null || true
kc=$("$bin" clients create --name bench --scopes "read check_in" --db "$work/kiosk.db")
python3 - "$kport" "$kc" "$n" <<'PY'
import http.client, json, sys, time
port, client, n = int(sys.argv[1]), json.loads(sys.argv[2]), int(sys.argv[3])
c = http.client.HTTPConnection("127.0.0.1", port)
c.request("POST", "/oauth/token", f"grant_type=client_credentials&scope=read%20check_in&client_id={client['client_id']}&client_secret={client['client_secret']}", {"content-type": "application/x-www-form-urlencoded"})
tok = json.loads(c.getresponse().read())["access_token"]
h = {"authorization": f"Bearer {tok}"}
c.request("GET", "/api/v2/events", headers=h); ev = json.loads(c.getresponse().read())["items"][-1]["id"]
ids, page = [], 1
while True:
    c.request("GET", f"/api/v2/events/{ev}/attendees?per_page=100&page={page}&checkin_status=not_checked_in", headers=h)
    items = json.loads(c.getresponse().read())["items"]
    if not items: break
    ids += [a["id"] for a in items if a["rsvp_status"] in ("confirmed", "unconfirmed")]; page += 1
t = time.time(); ok = 0
for i in ids[:n]:
    c.request("POST", f"/api/v2/events/{ev}/attendees/{i}/check_in", "", h)
    r = c.getresponse(); r.read(); ok += r.status == 200
print(f"queued {ok} check-ins offline in {time.time()-t:.1f} s")
PY
kill $kpid; wait $kpid 2>/dev/null || true
start_remote
queued=$("$bin" sync status --db "$work/kiosk.db" | python3 -c 'import json,sys; print(json.load(sys.stdin)["pending"])')
s=$(date +%s.%N); "$bin" sync run --db "$work/kiosk.db" 2>&1 | tail -1; e=$(date +%s.%N)
echo "push of $queued queued entries at rate $rate: $(python3 -c "print(round($e-$s,1))") s"
python3 - "$work/remote.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
one = lambda q: db.execute(q).fetchone()[0]
print("remote: checked in", one("SELECT COUNT(*) FROM attendees WHERE checkin_status = 'checked_in'"),
      "| ok check-ins in its history", one("SELECT COUNT(*) FROM check_ins WHERE outcome = 'ok' AND action = 'check_in'"),
      "| refused repeats", one("SELECT COUNT(*) FROM check_ins WHERE outcome <> 'ok'"))
PY
"$bin" sync status --db "$work/kiosk.db" | python3 -c 'import json,sys; d=json.load(sys.stdin); print("kiosk after: pending", d["pending"], "parked", len(d["parked"]), "conflicts", len(d["conflicts"]))'
