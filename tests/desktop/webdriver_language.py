"""The installed desktop app follows the operating system's language (issue 21), in its
real window, over WebDriver: started with a German locale (LANG=de_DE.UTF-8, as a German
desktop session sets it) on a new database, its set-up screen is in German: the page says
`lang="de"`, the heading and the submit button are the German catalog's words, and none of
the screen's words is an English catalog value. Nothing here chooses the language but the
environment: WebKitGTK passes the locale to the page as `navigator.languages`.

    python3 tests/desktop/webdriver_language.py APP WEBKIT_WEBDRIVER

Run under an X display and a session bus, with the de_DE.UTF-8 locale generated
(.ci/desktop does all three).
"""
import json, os, re, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wd import Session, free_port, screen_shot, start_driver, stop_driver  # noqa: E402  (tests/desktop/wd.py)

APP, DRIVER = (os.path.abspath(p) for p in sys.argv[1:3])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def catalog(lang, part):
    """The plain one-line messages of ui/l10n/<lang>/<part>.ftl: {key: text}."""
    out = {}
    with open(os.path.join(ROOT, "ui", "l10n", lang, f"{part}.ftl"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^([a-z][a-z0-9-]*) = (.+)$", line.rstrip("\n"))
            if m and "{" not in m.group(2):
                out[m.group(1)] = m.group(2).strip()
    return out


def main():
    de, en = catalog("de", "setup"), catalog("en", "setup")
    work = tempfile.mkdtemp()
    db = os.path.join(work, "new.db")
    port, dport = free_port(), free_port()
    env = dict(os.environ, LANG="de_DE.UTF-8", LC_ALL="de_DE.UTF-8", LANGUAGE="de_DE:de",
               XDG_CONFIG_HOME=os.path.join(work, "config"),
               XDG_DATA_HOME=os.path.join(work, "data"), XDG_CACHE_HOME=os.path.join(work, "cache"))
    log = os.path.join(work, "driver.log")
    driver = start_driver(DRIVER, dport, env, log)
    session = None
    try:
        session = Session(f"http://127.0.0.1:{dport}", {
            "browserName": "wry",
            "tauri:options": {"application": APP, "args": ["--port", str(port), "--db", db]},
        })
        session.find('[data-testid="setup-screen"]')
        lang = session.execute("return document.documentElement.lang")
        languages = session.execute("return navigator.languages.join(',')")
        assert lang == "de", f"the page's language is {lang!r} (navigator.languages: {languages})"
        heading = session.text('[data-testid="setup-screen"] h1').strip()
        assert heading == de["setup-title"], f"the heading is {heading!r}, not {de['setup-title']!r}"
        submit = session.text('[data-testid="setup-submit"]').strip()
        assert submit == de["setup-submit"], f"the button says {submit!r}, not {de['setup-submit']!r}"
        lines = session.execute(
            "return document.body.innerText.split('\\n').map((l) => l.trim()).filter(Boolean)")
        german = set(de.values())
        english = {v for k, v in en.items() if de.get(k) != v and v not in german and len(v) > 3}
        leaked = sorted(set(lines) & english)
        assert not leaked, f"English on the German set-up screen: {leaked}"
        screen_shot("desktop-language-de-setup.png")
        print(f"ok - with LANG=de_DE.UTF-8 the set-up screen is German ({heading!r}; "
              f"navigator.languages {languages})")
    except Exception:
        if os.path.exists(log):
            with open(log, encoding="utf-8", errors="replace") as f:
                sys.stderr.write("".join(f.readlines()[-30:]))
        raise
    finally:
        if session:
            session.close()
        stop_driver(driver)


if __name__ == "__main__":
    main()
