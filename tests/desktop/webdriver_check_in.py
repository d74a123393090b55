"""End to end in the real desktop window, over WebDriver: WebKitGTK's WebKitWebDriver
drives `entrada-desktop` (its real WebKitGTK window, its in-process
server). Sign in as the demo organiser, pick the event, see the camera preview play
(WebKit's mock camera: getUserMedia really works in the Linux webview), type an
attendee's code as a hardware scanner does (keys, then Enter, with no field focused) and
see the green result; a short shift at the door (150 more check-ins, then the same people
again, without the app growing); then turn kiosk mode on in the settings (the shell checks
the organiser, keeps the setting, reopens the page in kiosk mode) and off again; then make
this computer the venue hub on the Venue hub screen (the shell keeps the setting and starts
its server again: HTTPS on the hub's port with the certificate the screen shows, a pairing
card) and stop it being one.

    python3 tests/desktop/webdriver_check_in.py APP ENTRADA WEBKIT_WEBDRIVER

Run under an X display and a session bus (.ci/desktop does both). Standard library only:
WebDriver is JSON over HTTP.
"""
import hashlib, json, os, re, signal, socket, ssl, subprocess, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import memory  # noqa: E402  (tests/desktop/memory.py)
from wd import Session, app_pid, call, free_port, start_driver, stop_driver  # noqa: E402  (tests/desktop/wd.py)

APP, ENTRADA, DRIVER = (os.path.abspath(p) for p in sys.argv[1:4])
# A shift at the door, in short: this many more check-ins after the first, then the same
# people again, with the camera on.
SOAK_SCANS = 150
# What the second round may grow the app by: its own process (the server and the window;
# steady to a megabyte or two) and the whole app (WebKit's processes too, whose garbage
# collection makes them vary by up to 10 MB). The recent-scans list is capped and nothing
# at the door should keep a scan: a leak of 35 kB a scan shows in the app's process.
SOAK_GROWTH_MB = (5, 20)


def seed(db, env):
    """The demo event in `db`; answers the organiser's sign-in and a ticket to scan. `env`
    is the app's: the database's key is kept where the app will look for it."""
    # 10,000 attendees: the memory figure is taken with the door screen open on them.
    proc = subprocess.Popen([ENTRADA, "serve", "--db", db, "--bind", "127.0.0.1:0", "--demo",
                             "--demo-attendees", "10000"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    lines = []
    while not any("door sign-in" in l for l in lines):
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("the demo server ended: " + "".join(lines))
        lines.append(line)
    text = "".join(lines)
    base = re.search(r"listening on (\S+)", text).group(1)
    cid = re.search(r"demo client_id: (\S+)", text).group(1)
    secret = re.search(r"demo client_secret: (\S+)", text).group(1)
    email, password = re.search(r"demo organiser sign-in: (\S+) / (\S+)", text).groups()
    form = f"grant_type=client_credentials&scope=read&client_id={cid}&client_secret={secret}".encode()
    req = urllib.request.Request(f"{base}/oauth/token", data=form, method="POST")
    token = json.loads(urllib.request.urlopen(req).read())["access_token"]
    event = call("GET", f"{base}/api/v2/events", token=token)["items"][0]["id"]
    people = []
    for page in range(1, 1 + (SOAK_SCANS + 1 + 99) // 100):
        people += call("GET", f"{base}/api/v2/events/{event}/attendees?per_page=100&page={page}"
                       "&checkin_status=not_checked_in&rsvp_status=confirmed", token=token)["items"]
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=30)
    return email, password, people, (cid, secret, event)


def soak(session, app, port, people, client):
    """A shift at the door, in short, with the camera on: `people` scanned one after
    another by scanner keys (each one's green result seen in the window, each one checked
    in, as the API then says), then all of them once more (each one's "already checked in"
    seen). The second round may not grow the app by more than SOAK_GROWTH_MB: by then
    SQLite's page caches and WebKit's have taken what these people need, so what grows is
    what a scan leaves behind. Memory is read with the camera paused: its frames come and
    go by 20 MB."""
    camera = "document.querySelector('[data-testid=camera-toggle]').click()"
    state = "return document.querySelector('[data-testid=camera]')?.dataset.state"
    # The outcome and the banner's text: the name is the headline on green, the line under
    # the reason ("ALREADY CHECKED IN · ...") otherwise.
    result = "return [document.querySelector('[data-testid=scan-result]').dataset.outcome," \
             " document.querySelector('[data-testid=scan-result]').textContent]"

    def shows(want):
        got = session.execute(result)
        return bool(got) and got[0] == want[0] and want[1] in got[1]

    def settled():
        session.execute(camera)
        session.wait_for("the camera paused", lambda: session.execute(state) == "paused")
        # The last frames' buffers are let go: until the app's memory holds still.
        pss, _ = memory.settled(app)
        own = memory.own(app)
        session.execute(camera)
        session.wait_for("the camera live again", lambda: session.execute(state) == "live")
        return pss, own

    def scan_all(outcome):
        for who in people:
            want = [outcome, f"{who['first_name']} {who['last_name']}"]
            for attempt in range(3):
                try:
                    session.keys(who["qr_code"] + "\ue007")
                    break
                except RuntimeError as e:
                    # WebKitWebDriver now and then drops the connection of a request it
                    # did (part of): past the scanner's 300 ms gap, keys typed again start
                    # afresh, and a code that did get through is not typed twice.
                    if "Remote end closed" not in str(e) or attempt == 2:
                        raise
                    # Shown within a second if it did get through (also past the gap).
                    if any(shows(want) or time.sleep(0.1) for _ in range(10)):
                        break
            session.wait_for(f"{want[0]} for {want[1]}", lambda: shows(want),
                             wait=20)

    start = settled()
    began = time.time()
    scan_all("ok")
    took = time.time() - began
    warm = settled()
    scan_all("already_checked_in")
    end = settled()
    cid, secret, event = client
    form = f"grant_type=client_credentials&scope=read&client_id={cid}&client_secret={secret}"
    req = urllib.request.Request(f"http://127.0.0.1:{port}/oauth/token", data=form.encode(),
                                 method="POST")
    token = json.loads(urllib.request.urlopen(req).read())["access_token"]
    for who in people:
        got = call("GET", f"http://127.0.0.1:{port}/api/v2/events/{event}/attendees/{who['id']}",
                   token=token)["item"]
        assert got["checkin_status"] == "checked_in", f"{who['id']} is {got['checkin_status']}"
    print(f"desktop: {len(people)} check-ins by scanner keys in {took:.0f} s over WebDriver, then "
          f"the same {len(people)} again; PSS with the camera paused (whole app / its own "
          f"process): {start[0]} / {start[1]} MB before, {warm[0]} / {warm[1]} MB after the "
          f"check-ins, {end[0]} / {end[1]} MB after the second round")
    print(f"desktop: by process, camera on again: {memory.detail(app)}")
    grew = (end[1] - warm[1], end[0] - warm[0])
    assert grew[0] <= SOAK_GROWTH_MB[0] and grew[1] <= SOAK_GROWTH_MB[1], \
        f"the second round of {len(people)} scans grew the app by {grew} MB (own, whole)"
    print(f"ok - {len(people)} check-ins at the door by scanner keys and {len(people)} repeats, "
          f"each result in the window; the repeats grew the app's process by {grew[0]} MB and "
          f"the whole app by {grew[1]} MB (at most {SOAK_GROWTH_MB[0]} and {SOAK_GROWTH_MB[1]})")


def main():
    work = tempfile.mkdtemp()
    db = os.path.join(work, "kiosk.db")
    # WebKit's mock camera: proves that getUserMedia works in the Linux webview (media
    # streams on, the permission request answered) on a machine with no camera.
    config = os.path.join(work, "config")
    env = dict(os.environ, ENTRADA_MOCK_CAMERA="1", XDG_CONFIG_HOME=config)
    email, password, people, (cid, secret, event) = seed(db, env)
    code, name = people[0]["qr_code"], people[0]["first_name"]
    port, dport = free_port(), free_port()
    settings = os.path.join(config, "org.entrada.kiosk", "settings.json")

    def setting(name):
        try:
            with open(settings) as f:
                return json.load(f).get(name)
        except (OSError, ValueError):
            return None

    def kiosk_setting():
        return setting("kiosk")

    hub_port = free_port()

    def served_fingerprint():
        """The SHA-256 of the certificate served on the hub's port, as the UI groups it;
        None while nothing answers there."""
        try:
            pem = ssl.get_server_certificate(("127.0.0.1", hub_port), timeout=5)
        except (OSError, ssl.SSLError):
            return None
        digest = hashlib.sha256(ssl.PEM_cert_to_DER_cert(pem)).hexdigest().upper()
        return " ".join(digest[i:i + 4] for i in range(0, 64, 4))

    # The driver's output and the app's: the shell's refusals are waited for there.
    app_log = os.path.join(work, "app.log")
    driver = start_driver(DRIVER, dport, env, app_log)

    def refusals():
        try:
            with open(app_log, errors="replace") as f:
                return f.read().count("refused: not an organiser's token")
        except OSError:
            return 0
    session = None
    try:
        launched = time.time()
        session = Session(f"http://127.0.0.1:{dport}", {
            "browserName": "wry",
            "tauri:options": {"application": APP, "args": ["--port", str(port), "--db", db,
                                                           "--hub-port", str(hub_port)]},
        })
        session.find('[data-testid="sign-in"]')
        first_screen = time.time()
        session.click('[data-testid="sign-in"]')
        session.type_into("#email", email)
        session.type_into("#password", password)
        session.click('button[type="submit"]')
        # Someone who can reach one event only lands on the door; otherwise the list first.
        until = time.time() + 30
        while not session.exists('[data-testid="door-screen"]'):
            if session.exists('[data-testid="event-option"]'):
                session.click('[data-testid="event-option"]')
                break
            if time.time() > until:
                raise RuntimeError("neither the event list nor the door 30 s after signing in")
            time.sleep(0.1)
        event_picked = time.time()
        session.find('[data-testid="door-screen"]')
        door_ready = time.time()
        until = time.time() + 20
        while True:
            frames = call("POST", f"{session.url}/execute/sync", {"script": (
                "const v = document.querySelector('video');"
                "return v ? [v.videoWidth, v.readyState] : null;"), "args": []})["value"]
            if frames and frames[0] > 0 and frames[1] >= 2:
                break
            if time.time() > until:
                raise RuntimeError(f"the camera preview shows no frames in the real webview: {frames}")
            time.sleep(0.1)
        print(f"ok - getUserMedia works in the real webview (mock camera, {frames[0]} px wide frames)")
        print(f"desktop: over WebDriver: start → first screen {first_screen - launched:.2f} s (with "
              f"WebDriver's own start); event picked → door screen {door_ready - event_picked:.2f} s, "
              f"→ camera live {time.time() - event_picked:.2f} s")
        # Whatever has the focus, a scanner's keys must not land in a form field.
        call("POST", f"{session.url}/execute/sync",
             {"script": "document.activeElement && document.activeElement.blur()", "args": []})
        session.keys(code + "\ue007")
        until = time.time() + 20
        while session.attr('[data-testid="scan-result"]', "data-outcome") != "ok":
            if time.time() > until:
                raise RuntimeError("no green result: " + session.text('[data-testid="scan-result"]'))
            time.sleep(0.2)
        # The DOM's text: WebKit's WebDriver "element text" gives '' for the line-clamped
        # headline, though it shows.
        title = session.execute("return document.querySelector('[data-testid=result-title]').textContent")
        assert name in title, f"the result names {title!r}, not {name!r}"
        session.screenshot("desktop-webdriver-check-in.png")
        print(f"ok - signed in and checked {name} in by scanner keys in the real window")
        app = app_pid(port)
        if not app:
            raise RuntimeError(f"no entrada-desktop process with port {port} to measure")
        # The counters and recent scans settle: until the memory holds still.
        memory.settled(app)
        print(f"desktop: memory of the whole app with the door screen open (camera on, "
              f"10,000 attendees, one check-in): {memory.words(app)}")
        print(f"desktop: by process: {memory.detail(app)}")
        soak(session, app, port, people[1:SOAK_SCANS + 1], (cid, secret, event))

        # The shell acts only on an organiser's token: anything else changes nothing.
        refused = refusals()
        session.execute("location.href = '/desktop/kiosk?on=1&token=not-a-token'")
        session.wait_for("the shell refusing the bad token", lambda: refusals() > refused)
        assert kiosk_setting() is None, "a bad token turned kiosk mode on"
        assert session.execute("return document.documentElement.classList.contains('is-kiosk')") is False

        # Kiosk mode from the settings, for real: the shell checks the organiser's token,
        # keeps the setting for the next start and opens the page in kiosk mode; the leave
        # screen turns it off again.
        in_kiosk = "return document.documentElement.classList.contains('is-kiosk')"
        session.execute("location.hash = '#/settings'")
        session.click('[data-testid="settings-kiosk-on"]')
        session.wait_for("the page in kiosk mode", lambda: session.execute(in_kiosk) is True)
        session.wait_for("kiosk: true in settings.json", lambda: kiosk_setting() is True)
        session.find('[data-testid="user-menu"]')
        session.screenshot("desktop-webdriver-kiosk.png")
        session.execute("location.hash = '#/leave-kiosk'")
        session.click('[data-testid="leave-kiosk-window"]')
        session.wait_for("the page out of kiosk mode", lambda: session.execute(in_kiosk) is False)
        session.wait_for("kiosk: false in settings.json", lambda: kiosk_setting() is False)
        print("ok - an organiser turns kiosk mode on in the settings and off again; the setting is kept")

        # The venue hub from its screen, for real: the shell checks the organiser's token,
        # keeps the setting and starts its server again as the hub; the page comes back
        # signed in on the Venue hub screen, which shows the certificate served on the
        # LAN port. Then a pairing card, and the hub stopped again the same way.
        refused = refusals()
        session.execute("location.href = '/desktop/hub?on=1&token=not-a-token'")
        session.wait_for("the shell refusing the bad token", lambda: refusals() > refused)
        assert setting("hub") is not True, "a bad token made this the venue hub"
        session.execute("location.hash = '#/hub'")
        session.type_into('[data-testid="hub-name"]', "Hall A")
        started = time.time()
        session.click('[data-testid="hub-make-on"]')
        session.wait_for("the Venue hub screen of the hub", lambda: session.exists('[data-testid="hub-serving"]'), wait=60)
        took = time.time() - started
        assert setting("hub") is True and setting("hub_name") == "Hall A", open(settings).read()
        assert "Hall A" in session.text('[data-testid="hub-serving"] h2')
        shown = session.text('[data-testid="hub-fingerprint"]').strip()
        assert served_fingerprint() == shown, f"served {served_fingerprint()}, shown {shown}"
        session.click('[data-testid="hub-show-card"]')
        code = session.text('[data-testid="hub-card-code"]').replace(" ", "")
        assert re.fullmatch(r"[0-9A-Z]{8}", code), code
        session.screenshot("desktop-webdriver-hub-card.png")
        session.execute("location.hash = '#/hub'")
        session.click('[data-testid="hub-stop"]')
        session.wait_for("the Venue hub screen of a plain kiosk", lambda: session.exists('[data-testid="hub-neither"]'), wait=60)
        assert setting("hub") is False, open(settings).read()
        assert served_fingerprint() is None, "the hub's port still answers"
        session.find('[data-testid="user-menu"]')
        print(f"ok - an organiser makes this computer the venue hub in the app ({took:.1f} s to the "
              "hub's screen: HTTPS served with the certificate shown, a pairing card) and stops it again")
        return 0
    except Exception as e:
        print(f"not ok - WebDriver check-in in the real window: {e}")
        if session:
            try:
                session.screenshot("desktop-webdriver-failure.png")
            except Exception:
                pass
        return 1
    finally:
        if session:
            session.close()
        stop_driver(driver)


if __name__ == "__main__":
    sys.exit(main())
