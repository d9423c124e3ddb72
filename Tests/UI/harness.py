"""Runs the real goodsdesk binary in a throw-away home and drives it through AT-SPI.

Each scenario gets its own XDG folders and a short simulated latency. Steps are named; each
step saves a screenshot into the artifacts folder, and a failing step reports what it expected,
what it found (the accessible tree around it) and where its screenshot is."""
import gettext
import os
import shutil
import subprocess
import tempfile
import time
import traceback

import pyatspi

from atspi import actionable, all_nodes, application, find, poll_until, tree  # all_nodes, tree: for the scenarios too


class StepFailed(AssertionError):
    pass


def name_of(node):
    """A node's accessible name, or None when the node vanished meanwhile (rows are rebound,
    toasts come and go while a scenario reads the tree)."""
    try:
        return node.name
    except Exception:
        return None


# The interface language of this run (GOODSDESK_UI_LANGUAGE: zh_CN, the seeds' own, or en) and
# the compiled catalogues the app uses (GOODSDESK_UI_LOCALE_DIR, default .build/locale).
LANGUAGE = os.environ.get("GOODSDESK_UI_LANGUAGE", "zh_CN")
LOCALE_DIR = os.environ.get("GOODSDESK_UI_LOCALE_DIR",
                            os.path.join(os.path.dirname(__file__), "..", "..", ".build", "locale"))
_catalogue = gettext.translation("goodsdesk", LOCALE_DIR, languages=[LANGUAGE], fallback=LANGUAGE == "zh_CN")


def _plugin_domains():
    """The gettext domains of the tree's plugins with catalogues of their own (the Gettext-Domain
    of plugins/*/*.plugin): their texts (the detail page's) are in those, not in the app's."""
    root = os.path.join(os.path.dirname(__file__), "..", "..", "plugins")
    domains = []
    for folder in sorted(os.listdir(root)):
        for name in sorted(os.listdir(os.path.join(root, folder))):
            if name.endswith(".plugin"):
                with open(os.path.join(root, folder, name), encoding="utf-8") as file:
                    domains += [line.split("=", 1)[1].strip() for line in file if line.startswith("Gettext-Domain=")]
    return domains


# The app's catalogue first, then each plugin's, from the same folder (the app binds a plugin's
# domain there when the plugin ships no locale/ of its own: uninstalled, and installed).
for _domain in _plugin_domains():
    _catalogue.add_fallback(gettext.translation(_domain, LOCALE_DIR, languages=[LANGUAGE], fallback=LANGUAGE == "zh_CN"))


def T(text, *arguments):
    """`text` (the seeds' Chinese, as in the sources) as the app shows it in this run's language,
    with {0}, {1}… filled in: the scenarios are written once and run in every language."""
    translated = _catalogue.gettext(text)
    for index, argument in enumerate(arguments):
        translated = translated.replace("{%d}" % index, str(argument))
    return translated


T.language = LANGUAGE


class App:
    """One run of goodsdesk in its own home, under the current display and D-Bus session, in
    this run's language. Names given to the finding and acting methods are translated."""

    def __init__(self, binary, artifacts, name, home=None, latency_ms=150, env=None, arguments=None):
        self.binary = binary
        # Command-line arguments, or a function of the app that returns them (it may need the home).
        self.arguments = arguments or []
        self.name = name
        self.artifacts = os.path.join(artifacts, name)
        os.makedirs(self.artifacts, exist_ok=True)
        self.home = home or tempfile.mkdtemp(prefix="goodsdesk-ui-")
        self.latency_ms = latency_ms
        self.extra_env = env or {}
        self.process = None
        self.step_number = 0
        self.log_path = os.path.join(self.artifacts, "app.log")
        # What went wrong in runs that have ended: criticals logged, exits that were not clean.
        self.problems = []
        self.log_offset = 0

    def environment(self):
        env = dict(os.environ)
        env.update({
            "XDG_DATA_HOME": os.path.join(self.home, "data"),
            "XDG_CONFIG_HOME": os.path.join(self.home, "config"),
            "XDG_CACHE_HOME": os.path.join(self.home, "cache"),
            "XDG_STATE_HOME": os.path.join(self.home, "state"),
            "GOODSDESK_LATENCY_MS": str(self.latency_ms),
            "GDK_BACKEND": "x11",
            "GSK_RENDERER": "cairo",
            "GSETTINGS_BACKEND": "keyfile",
            # C.UTF-8 honours LANGUAGE (plain C ignores it); no generated locale is needed.
            "LANG": "C.UTF-8",
            "LANGUAGE": LANGUAGE,
            # Any GLib/GTK critical aborts the app (and so fails the scenario). Swift's crash
            # backtracer catches the SIGTRAP that GLib raises for it and lets the process go on,
            # so it is off here; the scenario also fails on any CRITICAL line in the log.
            "G_DEBUG": "fatal-criticals",
            "SWIFT_BACKTRACE": "enable=no",
        })
        env.pop("LC_ALL", None)
        env.update(self.extra_env)
        return env

    def start(self, frame="登录"):
        """Starts the app and waits for its window titled `frame`: the login on a first start, the
        screen a restart brings back otherwise."""
        self.log_offset = os.path.getsize(self.log_path) if os.path.exists(self.log_path) else 0
        log = open(self.log_path, "a")
        arguments = self.arguments(self) if callable(self.arguments) else list(self.arguments)
        self.process = subprocess.Popen([self.binary] + arguments, env=self.environment(), stdout=log, stderr=subprocess.STDOUT)
        try:
            self.wait_for("frame", frame, timeout=30)
            # s4-shell: Xvfb's pointer starts at the screen's centre, outside a narrow window on
            # the 1280×900 screen; with no window manager the keyboard follows the pointer once a
            # dialog closes, so park it over the window's header (no tooltips there).
            subprocess.run(["xdotool", "mousemove", "10", "10"], check=False)
        except StepFailed:
            if self.process.poll() is not None:
                with open(self.log_path) as file:
                    tail = "".join(file.readlines()[-10:])
                raise StepFailed(f"goodsdesk exited ({self.process.returncode}) before showing its window:\n{tail}") from None
            raise
        return self

    def stop(self):
        """Ends the run with SIGTERM (which the app handles by quitting as if its window were
        closed), unless it has ended already; records a run that did not end cleanly."""
        if self.process is None:
            return
        if self.process.poll() is None:
            started = time.time()
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                self.problems.append("goodsdesk did not quit within 30 s of SIGTERM")
            # Slow but clean is reported, not failed: cancelling a picture fetch that waits on a
            # DNS lookup blocks (see the README), which only a machine without DNS shows.
            if time.time() - started > 3 and not self.problems:
                print(f"  note: {self.name}: goodsdesk took {time.time() - started:.1f} s to quit on SIGTERM")
        self.record_exit()
        self.process = None

    def kill(self):
        """Ends the run with SIGKILL, as a crash or `kill -9` would: nothing of the app's own
        quitting runs. Not a problem of the run: the scenario asked for it."""
        if self.process is None:
            return
        self.process.kill()
        self.process.wait()
        self.process = None

    def forget_screens(self):
        """Removes the screens the last run saved, so the next start shows the login (for
        scenarios about something else than the screens coming back)."""
        path = os.path.join(self.home, "data", "goodsdesk", "goodsdesk.navigation.json")
        if os.path.exists(path):
            os.remove(path)

    def wait_exit(self, timeout=10):
        """Waits for the app to quit by itself (its window closed); fails if it does not."""
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise StepFailed(f"goodsdesk still running {timeout} s after its window closed") from None
        self.record_exit()
        self.process = None

    def record_exit(self):
        code = self.process.returncode
        if code != 0:
            self.problems.append(f"goodsdesk exited with {code}" + (" (killed by a signal)" if code < 0 else ""))
        try:
            with open(self.log_path, errors="replace") as file:
                file.seek(self.log_offset)
                criticals = [line.strip() for line in file if "CRITICAL" in line]
        except FileNotFoundError:
            criticals = []
        self.problems += criticals
        if os.path.exists(self.log_path):
            self.log_offset = os.path.getsize(self.log_path)

    def check_clean_exits(self):
        """Fails when any run of this scenario logged a critical or did not exit cleanly."""
        if self.problems:
            raise StepFailed("every run ends cleanly (no CRITICAL, exit status 0); found:\n  "
                             + "\n  ".join(self.problems) + f"\n  app log: {self.log_path}")

    def cleanup(self):
        shutil.rmtree(self.home, ignore_errors=True)

    # Finding and acting

    def root(self):
        deadline = time.time() + 10
        while time.time() < deadline:
            app = application()
            if app is not None:
                return app
            time.sleep(0.1)
        raise StepFailed("the goodsdesk application is not on the accessibility bus")

    # Since Step 4 the header menu is a GMenu in a GtkPopoverMenu, whose items are "menu item"s:
    # a "push button" looked for by name may be one of those, so scenarios that choose 注销, 插件
    # or 关于 GoodsDesk after pressing 菜单 read the same as before.
    ROLE_ALIASES = {"push button": ("push button", "menu item")}

    def find(self, role, name):
        app = application()
        if app is None:
            return None
        for each in self.ROLE_ALIASES.get(role, (role,)):
            found = find(app, each, T(name))
            if found is not None:
                return found
        return None

    def choose(self, name):
        """Opens the primary menu (菜单) and chooses its item `name`."""
        self.press("push button", "菜单")
        self.press("menu item", name)

    def wait_for(self, role, name, timeout=15, showing=True, condition=None, expect=None):
        """Waits until a widget with `role` and `name` exists (and is showing, and meets
        `condition`); fails with the tree around it."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            node = self.find(role, name)
            if node is not None:
                try:
                    ok = (not showing or node.getState().contains(pyatspi.STATE_VISIBLE))
                    ok = ok and (condition is None or condition(node))
                except Exception:
                    ok = False
                if ok:
                    return node
            time.sleep(0.1)
        raise StepFailed(expect or f"a showing {role} named {T(name)!r} within {timeout} s")

    def wait_until(self, predicate, timeout, expect):
        if not poll_until(predicate, timeout):
            raise StepFailed(expect)

    def press(self, role, name):
        node = self.wait_for(role, name)
        target = actionable(node)
        if target is None:
            raise StepFailed(f"{role} {T(name)!r} has no action")
        target.queryAction().doAction(0)

    def type_into(self, name, text):
        entry = self.wait_for("text", name)
        entry.queryEditableText().setTextContents(text)

    def sensitive(self, role, name):
        node = self.find(role, name)
        return node is not None and node.getState().contains(pyatspi.STATE_SENSITIVE)

    def labels(self):
        return [name_of(node) for node in all_nodes(self.root(), "label")]

    def screenshot(self, label):
        path = os.path.join(self.artifacts, f"{self.step_number:02d}-{label}.png")
        subprocess.run(["import", "-window", "root", path], check=False)
        return path

    def window_luminance(self, label):
        """The mean luminance (0 black … 1 white) of the app's window alone (not the screen around
        it), from a screenshot of that window saved in the artifacts folder as `label`."""
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.process.pid)],
                               capture_output=True, text=True)
        windows = found.stdout.split()
        if not windows:
            raise StepFailed(f"no visible window of goodsdesk (pid {self.process.pid}) to measure")
        path = os.path.join(self.artifacts, f"{self.step_number:02d}-{label}.png")
        subprocess.run(["import", "-window", windows[-1], path], check=True)
        mean = subprocess.run(["convert", path, "-colorspace", "Gray", "-format", "%[fx:mean]", "info:"],
                              capture_output=True, text=True, check=True)
        return float(mean.stdout.strip())


class Scenario:
    """Named steps with screenshots; the first failing step ends the scenario with a report."""

    def __init__(self, app):
        self.app = app

    def step(self, label, action):
        self.app.step_number += 1
        try:
            action()
        except Exception as error:
            shot = self.app.screenshot(label + "-FAILED")
            around = "\n".join(tree(application())) if application() is not None else "(no application)"
            detail = error if isinstance(error, AssertionError) else traceback.format_exc()
            raise StepFailed(
                f"step {self.app.step_number} '{label}' failed\n  expected: {detail}\n"
                f"  screenshot: {shot}\n  app log: {self.app.log_path}\n  accessible tree:\n{around}") from None
        self.app.screenshot(label)
