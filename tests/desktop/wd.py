"""WebDriver for the desktop tests (tests/desktop/): a session of WebKitGTK's
WebKitWebDriver, which starts `entrada-desktop` in its real WebKitGTK window.
Standard library only: WebDriver is JSON over HTTP, a new connection per request."""
import base64, http.client, json, os, socket, subprocess, time, urllib.error, urllib.request

SHOTS = os.path.join("target", "ui-screenshots")
# How WebDriver names a DOM element in JSON.
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def call(method, url, body=None, token=None, timeout=30, retry=True):
    """One JSON request. Should a connection drop (tauri-driver's did, see
    `start_driver`), requests that can be repeated safely (reads, finds) are tried again."""
    data = None if body is None else json.dumps(body).encode()
    for attempt in range(4 if retry else 1):
        req = urllib.request.Request(url, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            raise RuntimeError(f"{method} {url}: {e.code} {e.read()[:500]!r}") from None
        except (http.client.HTTPException, ConnectionError, urllib.error.URLError) as e:
            if not retry or attempt == 3:
                raise RuntimeError(f"{method} {url}: {e}") from None
            time.sleep(0.2)


def app_pid(port):
    """The desktop app's process (started by WebKitWebDriver), found by its port."""
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            with open(f"/proc/{p}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
        except OSError:
            continue
        if args and args[0].endswith(b"entrada-desktop") and str(port).encode() in args:
            return int(p)
    return None


class Session:
    def __init__(self, driver, caps):
        self.base = driver
        value = call("POST", f"{driver}/session", {"capabilities": {"alwaysMatch": native(caps)}},
                     timeout=120, retry=False)["value"]
        self.id = value["sessionId"]
        self.url = f"{driver}/session/{self.id}"

    def find(self, css, wait=60):
        until = time.time() + wait
        while True:
            try:
                v = call("POST", f"{self.url}/element", {"using": "css selector", "value": css})["value"]
                return next(iter(v.values()))
            except RuntimeError:
                if time.time() > until:
                    raise RuntimeError(f"no element {css} after {wait} s")
                time.sleep(0.1)

    def click(self, css):
        """Clicks; should the connection drop, clicks again only if the element is still
        there and enabled: a click that went through has moved the page on (or disabled
        its button)."""
        element = self.find(css)
        for attempt in range(3):
            try:
                call("POST", f"{self.url}/element/{element}/click", {}, retry=False)
                return
            except RuntimeError as e:
                if "closed connection" not in str(e) and "Connection" not in str(e):
                    raise
                time.sleep(0.2)
                try:
                    if not call("GET", f"{self.url}/element/{element}/enabled")["value"]:
                        return
                except RuntimeError:
                    return  # gone: the click went through
        raise RuntimeError(f"cannot click {css}")

    def type_into(self, css, text):
        call("POST", f"{self.url}/element/{self.find(css)}/value", {"text": text}, retry=False)

    def keys(self, text):
        actions = []
        for ch in text:
            actions += [{"type": "keyDown", "value": ch}, {"type": "keyUp", "value": ch}]
        call("POST", f"{self.url}/actions",
             {"actions": [{"type": "key", "id": "scanner", "actions": actions}]}, retry=False)

    def execute(self, script):
        return call("POST", f"{self.url}/execute/sync", {"script": script, "args": []})["value"]

    def wait_for(self, what, check, wait=30):
        """Until `check()` is true; a page that is navigating answers with errors meanwhile."""
        until = time.time() + wait
        while True:
            try:
                if check():
                    return
            except RuntimeError:
                pass
            if time.time() > until:
                raise RuntimeError(f"not after {wait} s: {what}")
            time.sleep(0.1)

    def text(self, css):
        return call("GET", f"{self.url}/element/{self.find(css)}/text")["value"]

    def attr(self, css, name):
        return call("GET", f"{self.url}/element/{self.find(css)}/attribute/{name}")["value"]

    def screenshot(self, name):
        png = base64.b64decode(call("GET", f"{self.url}/screenshot")["value"])
        os.makedirs(SHOTS, exist_ok=True)
        with open(os.path.join(SHOTS, name), "wb") as f:
            f.write(png)

    def close(self):
        try:
            call("DELETE", self.url)
        except Exception:
            pass

    def execute_async(self, script, timeout=60):
        """Runs `script` in the page; it ends by calling `arguments[arguments.length - 1]`
        with its answer."""
        call("POST", f"{self.url}/timeouts", {"script": timeout * 1000})
        return call("POST", f"{self.url}/execute/async", {"script": script, "args": []},
                    timeout=timeout + 10, retry=False)["value"]

    def element(self, script, what, wait=60):
        """The element that `script` (run in the page) returns, once it returns one."""
        until = time.time() + wait
        while True:
            try:
                v = self.execute(script)
                if isinstance(v, dict) and ELEMENT in v:
                    return v[ELEMENT]
            except RuntimeError:
                pass  # the page is navigating
            if time.time() > until:
                raise RuntimeError(f"not after {wait} s: {what}")
            time.sleep(0.1)

    def click_element(self, element):
        call("POST", f"{self.url}/element/{element}/click", {}, retry=False)

    def type_into_element(self, element, text):
        call("POST", f"{self.url}/element/{element}/value", {"text": text}, retry=False)

    def exists(self, css):
        try:
            return bool(self.execute(f"return !!document.querySelector({json.dumps(css)})"))
        except RuntimeError:
            return False


def native(caps):
    """`tauri:options` (the app and its arguments) as WebKitWebDriver takes them, as
    tauri-driver would have put them."""
    caps = dict(caps)
    tauri = caps.pop("tauri:options", None)
    if tauri is not None:
        caps["webkitgtk:browserOptions"] = {"binary": tauri["application"],
                                            "args": tauri.get("args", [])}
    return caps


def start_driver(driver, port, env, log=None):
    """WebKitGTK's WebKitWebDriver (`driver`, its path) on `port`; waits until it listens.
    Its output, and the app's, go to `log` if given.

    Not through tauri-driver, the proxy Tauri documents in front of it: the proxy keeps
    its connection to WebKitWebDriver alive, sends a request on it as WebKitWebDriver
    closes it, and then closes ours without an answer ("Remote end closed connection
    without response"), never trying again. That failed about one first run in fifteen;
    straight to WebKitWebDriver, none in forty. What it adds, the capability mapping and
    one variable, is here (`native`, below)."""
    out = open(log, "ab") if log else subprocess.DEVNULL
    # What tells a Tauri app that its webview is to be driven (tauri-driver sets it too).
    env = dict(env, TAURI_WEBVIEW_AUTOMATION="true")
    proc = subprocess.Popen([driver, f"--port={port}", "--host=127.0.0.1"],
                            stdout=out, stderr=subprocess.STDOUT, env=env)
    until = time.time() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if time.time() > until:
                raise RuntimeError(f"WebKitWebDriver not listening on {port} after 30 s")
            time.sleep(0.1)
    return proc


def stop_driver(proc):
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


def screen_shot(name, size="1280x800"):
    """A picture of the whole X display (the real window as a person sees it), with
    ffmpeg: WebDriver's own screenshot waits for WebKit's next paint, which a still page
    (no camera, no animation) may not bring."""
    os.makedirs(SHOTS, exist_ok=True)
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-f", "x11grab", "-video_size", size,
                    "-i", os.environ.get("DISPLAY", ":0"), "-frames:v", "1", os.path.join(SHOTS, name)],
                   timeout=30, check=False)
