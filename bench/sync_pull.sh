#!/usr/bin/env bash
# First pull of an event with N attendees from a remote, then an incremental pull after
# CHANGES edits made on the remote. Two real `entrada serve` processes on loopback (the
# remote seeds the demo event with N attendees itself); each round is `entrada sync run`
# on the kiosk's database, timed.
#
#   bash bench/sync_pull.sh [BIN] [N] [CHANGES]     e.g. bash bench/sync_pull.sh target/release/entrada 50000 100
set -euo pipefail
bin=${1:-target/release/entrada}; n=${2:-50000}; changes=${3:-100}
# shellcheck source=bench/lib.sh
source "$(dirname "$0")/lib.sh"
rport=$(port)
"$bin" serve --db "$work/remote.db" --bind 127.0.0.1:$rport --rate-limit 0 --demo --demo-attendees "$n" > "$work/remote.out" 2>&1 &
until grep -q 'door sign-in' "$work/remote.out" 2>/dev/null; do sleep 0.5; done
made=$("$bin" clients create --name kiosk-sync --scopes "read write" --db "$work/remote.db")
field() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$made" "$1"; }
printf '%s\n' "$(field client_secret)" | "$bin" sync configure --db "$work/kiosk.db" \
  --base-url "http://127.0.0.1:$rport/api/v2" --auth-url "http://127.0.0.1:$rport" \
  --client-id "$(field client_id)" --client-secret-stdin --events 1 >/dev/null
timed() { # label
  local s e
  s=$(date +%s.%N); "$bin" sync run --db "$work/kiosk.db" 2>&1 | tail -1; e=$(date +%s.%N)
  echo "$1: $(python3 -c "print(round($e-$s, 2))") s"
}
timed "first pull of $n attendees"
python3 - "$rport" "$made" "$changes" <<'PY'
import http.client, json, sys
port, client, changes = int(sys.argv[1]), json.loads(sys.argv[2]), int(sys.argv[3])
c = http.client.HTTPConnection("127.0.0.1", port)
c.request("POST", "/oauth/token", f"grant_type=client_credentials&scope=read%20write&client_id={client['client_id']}&client_secret={client['client_secret']}", {"content-type": "application/x-www-form-urlencoded"})
h = {"authorization": "Bearer " + json.loads(c.getresponse().read())["access_token"], "content-type": "application/json"}
c.request("GET", f"/api/v2/events/1/attendees?per_page=100", headers=h)
ids = [a["id"] for a in json.loads(c.getresponse().read())["items"]]
page = 2
while len(ids) < changes:
    c.request("GET", f"/api/v2/events/1/attendees?per_page=100&page={page}", headers=h)
    ids += [a["id"] for a in json.loads(c.getresponse().read())["items"]]; page += 1
for i in ids[:changes]:
    c.request("PATCH", f"/api/v2/events/1/attendees/{i}", json.dumps({"item": {"company": f"Changed {i}"}}), h)
    r = c.getresponse(); r.read(); assert r.status == 200, r.status
print(f"{changes} attendees changed on the remote")
PY
timed "incremental pull after $changes remote changes"
python3 - "$work/kiosk.db" "$changes" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
got = db.execute("SELECT COUNT(*) FROM attendees WHERE company LIKE 'Changed %'").fetchone()[0]
print(f"kiosk: {db.execute('SELECT COUNT(*) FROM attendees').fetchone()[0]} attendees, {got} of the changes arrived")
assert got == int(sys.argv[2])
PY
