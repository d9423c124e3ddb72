"""The application shell as GApplication sees it (issue #14): a start-up error's window, a second
launch's options, service mode (D-Bus activation) and the login form's clamp in a wide window."""
import os
import subprocess
import time

import pyatspi

from harness import Scenario, StepFailed, T, all_nodes, name_of

APP_ID = "io.github.goodsdesk.GoodsDesk"
OBJECT_PATH = "/io/github/goodsdesk/GoodsDesk"


def launch(app, arguments, label):
    """Starts another goodsdesk process in the scenario's home (its output in the artifacts)."""
    log = open(os.path.join(app.artifacts, f"{label}.log"), "w")
    process = subprocess.Popen([app.binary] + arguments, env=app.environment(), stdout=log, stderr=subprocess.STDOUT)
    return process, log.name


def wait_exit(process, timeout, expect):
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise StepFailed(expect) from None


def no_criticals(path):
    with open(path, errors="replace") as file:
        criticals = [line.strip() for line in file if "CRITICAL" in line]
    if criticals:
        raise StepFailed("no CRITICAL in the log; found:\n  " + "\n  ".join(criticals))


def label_containing(app, text):
    return any(text in (name_of(node) or "") for node in all_nodes(app.root(), "label"))


def start_up_error_shows_a_window(app):
    """A data source that cannot be read: a window titled GoodsDesk 无法启动 says why (the same
    line as on standard error) with 退出; 退出 closes it, and the process exits 1, cleanly."""
    s = Scenario(app)
    run = {}
    s.step("stop the app", app.stop)

    def start_broken():
        run["process"], run["log"] = launch(app, ["--data-source", "nosuch:/nowhere"], "broken")
    s.step("start with a bad data source", start_broken)
    s.step("error window", lambda: app.wait_for("frame", "GoodsDesk 无法启动", timeout=30,
                                                expect="the start-up error's window"))
    s.step("says why", lambda: app.wait_until(lambda: label_containing(app, 'no data source "nosuch"'), 5,
                                              "the error's message in the window"))
    s.step("quit button", lambda: app.wait_for("push button", "退出", expect="a 退出 button"))
    s.step("quit", lambda: app.press("push button", "退出"))

    def exits_one():
        code = wait_exit(run["process"], 10, "goodsdesk quits once its error window is closed")
        if code != 1:
            raise StepFailed(f"a start-up error exits 1; it exited {code}")
        with open(run["log"]) as file:
            text = file.read()
        if 'goodsdesk: no data source "nosuch"' not in text:
            raise StepFailed(f"the message on standard error too; the output was:\n{text}")
        no_criticals(run["log"])
    s.step("exits 1 with the message", exits_one)


def second_launch_says_its_options_need_a_restart(app):
    """A second launch with another data source does not drop it in silence: it exits 0 saying
    on its terminal that a restart is needed, and the running window (raised, still the only
    GoodsDesk) says the same in a toast."""
    s = Scenario(app)
    message = T("GoodsDesk is already running: restart it to use {0}", "--data-source nosuch:/nowhere")

    def second():
        result = subprocess.run([app.binary, "--data-source", "nosuch:/nowhere"], env=app.environment(),
                                capture_output=True, text=True, timeout=30)
        if result.returncode != 0:
            raise StepFailed(f"the second launch exits 0; it exited {result.returncode}: {result.stderr}")
        if message not in result.stderr:
            raise StepFailed(f"the second launch says {message!r}; it said {result.stderr!r}")
    s.step("second launch", second)
    s.step("toast", lambda: app.wait_for("label", message, expect="the running window's toast about the restart"))

    def one_instance():
        desktop = pyatspi.Registry.getDesktop(0)
        nodes = [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]
        return sum(1 for node in nodes if node is not None and "goodsdesk" in (node.name or "")) == 1
    s.step("one goodsdesk", lambda: app.wait_until(one_instance, 10, "one goodsdesk on the accessibility bus"))
    s.step("still the login", lambda: app.wait_for("frame", "登录"))


def name_has_owner():
    result = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                             "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner", APP_ID],
                            capture_output=True, text=True)
    return "true" in result.stdout


def service_mode_waits_for_activation(app):
    """`--gapplication-service` is accepted: GoodsDesk takes its name on the bus without a
    window, and a D-Bus Activate shows the window; it then quits cleanly."""
    s = Scenario(app)
    run = {}
    s.step("stop the app", lambda: (app.stop(), app.wait_until(lambda: not name_has_owner(), 10, "the first instance gone")))

    def start_service():
        run["process"], run["log"] = launch(app, ["--gapplication-service"], "service")
    s.step("start as a service", start_service)
    s.step("on the bus", lambda: app.wait_until(name_has_owner, 15, f"{APP_ID} owned on the session bus"))

    def no_window():
        if run["process"].poll() is not None:
            raise StepFailed(f"the service exited ({run['process'].returncode}) before it was activated")
        if app.find("frame", "登录") is not None:
            raise StepFailed("no window before the service is activated")
    s.step("no window yet", no_window)

    def activate():
        subprocess.run(["gdbus", "call", "--session", "--dest", APP_ID, "--object-path", OBJECT_PATH,
                        "--method", "org.freedesktop.Application.Activate", "{}"],
                       check=True, capture_output=True, timeout=10)
    s.step("activate", activate)
    s.step("window", lambda: app.wait_for("frame", "登录", timeout=30, expect="the login window after Activate"))

    def quits_cleanly():
        run["process"].terminate()
        code = wait_exit(run["process"], 30, "the service quits on SIGTERM")
        if code != 0:
            raise StepFailed(f"the service exits 0; it exited {code}")
        no_criticals(run["log"])
    s.step("quits cleanly", quits_cleanly)


def extents(node):
    box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return box.x, box.y, box.width, box.height


def login_form_is_clamped_in_a_wide_window(app):
    """In a window wider than the clamp (1280 px where the screen allows; the test screen is 480
    px wide, and GTK keeps a window on its monitor) the login form keeps a readable width: the
    AdwClamp's at most 420 px, so 登录 (inside the form's 32 px margins) at most 356 px wide,
    where without the clamp it would span the window. GTK 4.8 reports widths over AT-SPI
    reliably, positions not (they are relative to the parent), so widths are what is checked."""
    s = Scenario(app)
    screen = subprocess.run(["xdotool", "getdisplaygeometry"], capture_output=True, text=True, check=True).stdout.split()
    width = min(1280, int(screen[0]))

    def widen():
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid)],
                               capture_output=True, text=True)
        windows = found.stdout.split()
        if not windows:
            raise StepFailed("a visible goodsdesk window to widen")
        subprocess.run(["xdotool", "windowsize", windows[-1], str(width), "800"], check=True)
    s.step("widen", widen)
    s.step("wide", lambda: app.wait_until(lambda: extents(app.find("frame", "登录"))[2] >= width - 20, 10,
                                          f"the window about {width} px wide"))

    def clamped():
        frame = extents(app.find("frame", "登录"))
        button = extents(app.wait_for("push button", "登录"))
        assert frame[2] - 64 > 356 + 20, f"the window ({frame[2]} px) is wider than the clamp, so the check means something"
        assert button[2] <= 356 + 4, f"登录 at most the clamp's 420 px less the form's margins wide; it is {button[2]} px in a {frame[2]} px window"

    def settled():
        # The layout follows the new size within a frame or two: poll, then report what is seen.
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                return clamped()
            except AssertionError:
                time.sleep(0.1)
        clamped()
    s.step("clamped", settled)


SCENARIOS = [
    ("35-start-up-error-window", start_up_error_shows_a_window),
    ("36-second-launch-options", second_launch_says_its_options_need_a_restart),
    ("37-gapplication-service", service_mode_waits_for_activation),
    ("38-login-clamped", login_form_is_clamped_in_a_wide_window),
]
