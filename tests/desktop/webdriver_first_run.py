"""The first run of the installed package, in the real desktop window, over WebDriver: a
new, empty database (no --demo, nobody to sign in as), as a person who has just installed
the .deb finds it. The set-up screen shows; the first organiser is created through it (the
form's fields found by their labels: name, email, passphrase); "Try it with a demo event"
is chosen; the door screen comes; a demo attendee's ticket typed as a hardware scanner
does (keys, then Enter, with no field focused) gives the green result. Prints the time from
the app's start to the door screen through the demo path (BENCHMARKS.md).

    python3 tests/desktop/webdriver_first_run.py APP WEBKIT_WEBDRIVER

Run under an X display and a session bus (.ci/desktop does both).
"""
import json, os, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wd import Session, free_port, screen_shot, start_driver, stop_driver  # noqa: E402  (tests/desktop/wd.py)

APP, DRIVER = (os.path.abspath(p) for p in sys.argv[1:3])
NAME, EMAIL, PASSPHRASE = "Ada Organiser", "ada@example.org", "correct horse battery staple 42"

# The set-up form's input whose label matches `re` (a <label for>, or one around it).
BY_LABEL = """
const re = new RegExp(%s, 'i');
for (const l of document.querySelectorAll('label')) {
  if (!re.test(l.textContent.trim())) continue;
  const input = l.control || (l.htmlFor && document.getElementById(l.htmlFor)) || l.querySelector('input');
  if (input && input.offsetParent !== null) return input;
}
return null;
"""
# The visible button (or link) whose words match `re`.
BY_WORDS = """
const re = new RegExp(%s, 'i');
const all = document.querySelectorAll('button, a[href], [role=button], [role=radio], label');
for (const b of all) {
  if (re.test(b.textContent.replace(/\\s+/g, ' ').trim()) && b.offsetParent !== null && !b.disabled) return b;
}
return null;
"""
# The set-up form's submit button (the form that has the passphrase field).
SUBMIT = """
const p = document.querySelector('input[type=password], input[autocomplete=new-password]');
const form = p && p.form;
return form ? form.querySelector('button[type=submit], input[type=submit]') : null;
"""
# A demo attendee not checked in yet, through the page's own API client (the organiser's
# token, the account): [event, attendee] or {error}.
DEMO_ATTENDEE = """
const done = arguments[arguments.length - 1];
import('/js/api.js').then(async (api) => {
  const events = await api.all('/api/v2/events');
  const event = events.find((e) => e.demo) || events[0];
  if (!event) return done({error: 'no event'});
  const res = await api.get(`/api/v2/events/${event.id}/attendees`, {query: {
    per_page: 5, checkin_status: 'not_checked_in', rsvp_status: 'confirmed'}});
  done([event, res.items[0] || null]);
}).catch((e) => done({error: String(e && (e.words || e.message) || e)}));
"""


SHOT_TIME = [0.0]  # seconds spent taking screenshots, left out of the measured times


def shot(name):
    t = time.time()
    screen_shot(name)
    SHOT_TIME[0] += time.time() - t


def setup_needed(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v2/kiosk/setup", timeout=10) as r:
        return json.loads(r.read()).get("needed")


def main():
    work = tempfile.mkdtemp()
    db = os.path.join(work, "new.db")  # no file yet: a new database, as after installing
    port, dport = free_port(), free_port()
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config"),
               XDG_DATA_HOME=os.path.join(work, "data"), XDG_CACHE_HOME=os.path.join(work, "cache"))
    log = os.path.join(work, "driver.log")  # WebKitWebDriver's and the app's output
    driver = start_driver(DRIVER, dport, env, log)
    session = None
    try:
        launched = time.time()
        session = Session(f"http://127.0.0.1:{dport}", {
            "browserName": "wry",
            "tauri:options": {"application": APP, "args": ["--port", str(port), "--db", db]},
        })
        name = session.element(BY_LABEL % json.dumps(r"\bname\b"), "the set-up screen's Name field")
        setup_shown = time.time()
        assert session.execute("return !!document.querySelector('[data-testid=sign-in], #password')"
                               " && !document.querySelector('input[autocomplete=new-password]')") is False, \
            "the sign-in shows on a new database"
        assert setup_needed(port) is True, "GET /api/v2/kiosk/setup does not say set-up is needed"
        shot("desktop-first-run-1-setup.png")
        print(f"ok - a new database shows the set-up screen in the real window "
              f"({setup_shown - launched:.2f} s after the start, with WebDriver's own start)")

        session.type_into_element(name, NAME)
        session.type_into_element(session.element(BY_LABEL % json.dumps(r"\bemail\b"), "the Email field"), EMAIL)
        session.type_into_element(session.element(BY_LABEL % json.dumps(r"passphrase"), "the Passphrase field"),
                                  PASSPHRASE)
        sent = time.time()
        session.click_element(session.element(SUBMIT, "the set-up form's submit button"))
        demo = session.element(BY_WORDS % json.dumps(r"try it with a demo event"),
                               'the choice "Try it with a demo event"')
        choice_shown = time.time()
        assert setup_needed(port) is False, "GET /api/v2/kiosk/setup still says set-up is needed"
        shot("desktop-first-run-2-choice.png")
        print(f"ok - the first organiser is created and signed in; the three ways on show "
              f"({choice_shown - sent:.2f} s after sending the form)")

        session.click_element(demo)
        chosen = time.time()
        until = time.time() + 90
        while not session.exists('[data-testid="door-screen"]'):
            if session.exists('[data-testid="event-option"]'):
                # An event list first: the demo event.
                session.click_element(session.element(
                    "const o = [...document.querySelectorAll('[data-testid=event-option]')];"
                    "return o.find((e) => /demo/i.test(e.textContent)) || o[0] || null;", "the demo event"))
            if time.time() > until:
                raise RuntimeError("no door screen 90 s after choosing the demo event")
            time.sleep(0.1)
        door = time.time()
        shots_before_door = SHOT_TIME[0]
        shot("desktop-first-run-3-door.png")
        print(f"ok - the demo event is made and the door screen shows ({door - chosen:.2f} s after the choice)")

        got = session.execute_async(DEMO_ATTENDEE)
        if isinstance(got, dict):
            raise RuntimeError(f"no demo attendee from the API: {got.get('error')}")
        event, who = got
        assert who, f"the demo event {event.get('name')!r} has nobody to check in"
        assert event.get("demo") is True, f"the event at the door is not marked as a demo: {event.get('name')!r}"
        # Whatever has the focus, a scanner's keys must not land in a form field.
        session.execute("document.activeElement && document.activeElement.blur()")
        session.keys(who["qr_code"] + "\ue007")
        result = "const r = document.querySelector('[data-testid=scan-result]');" \
                 "const t = document.querySelector('[data-testid=result-title]');" \
                 "return r ? [r.dataset.outcome, t ? t.textContent : ''] : null"
        session.wait_for("the green result", lambda: (session.execute(result) or [None])[0] == "ok", wait=20)
        title = session.execute(result)[1]
        assert who["first_name"] in title, f"the result names {title!r}, not {who['first_name']!r}"
        scanned = time.time()
        shots_before_scan = SHOT_TIME[0]
        shot("desktop-first-run-4-scan.png")
        print(f"ok - a demo attendee ({who['first_name']} {who['last_name']}) scanned by scanner keys: green")
        print(f"desktop: first run over WebDriver (installed package, new database): start → set-up screen "
              f"{setup_shown - launched:.2f} s (with WebDriver's own start); set-up sent → the three ways "
              f"{choice_shown - sent:.2f} s; demo chosen → door screen {door - chosen:.2f} s; "
              f"start → door screen through the demo path {door - launched - shots_before_door:.2f} s "
              f"(WebDriver typing the form included, screenshots left out); → green scan "
              f"{scanned - launched - shots_before_scan:.2f} s")
        return 0
    except Exception as e:
        print(f"not ok - the first run over WebDriver: {e}")
        with open(log, errors="replace") as f:
            print("--- the app's output (WebKitWebDriver's log), its end:\n" + "".join(f.readlines()[-40:]))
        screen_shot("desktop-first-run-failure.png")
        return 1
    finally:
        if session:
            session.close()
        stop_driver(driver)


if __name__ == "__main__":
    sys.exit(main())
