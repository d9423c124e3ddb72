"""Measures GoodsDesk's memory and scrolling cost; run through measure-memory.sh.

    measure-memory.py BINARY BIG_DATA_DIR

Drives the real app through the UI harness (Tests/UI): logs in, pages down through the app's own
400 goods, then, in a second run on BIG_DATA_DIR, pages through 100 and then 200 pages. Prints
RSS at each point with what it is made of (from /proc/PID/smaps), and the CPU time one screen of
scrolling costs (utime + stime of the whole process, /proc/PID/stat, and the main thread's
schedstat for a finer figure)."""
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "UI"))

from harness import App, Scenario, StepFailed  # noqa: E402
from scenarios import footer_of, goods_list, login_with_fill, row_titles  # noqa: E402
from harness import T  # noqa: E402

TICK_MS = 1000 / os.sysconf("SC_CLK_TCK")
SETTLE = float(os.environ.get("GOODSDESK_MEASURE_SETTLE", "1.5"))


class MeasuredApp(App):
    """The harness's app, with the renderer this measurement asks for (GSK_RENDERER; `default`
    leaves the choice to GTK, which picks GL on Mesa's software rasteriser under Xvfb)."""

    def environment(self):
        env = super().environment()
        renderer = os.environ.get("GSK_RENDERER", "cairo")
        if renderer == "default":
            env.pop("GSK_RENDERER", None)
        else:
            env["GSK_RENDERER"] = renderer
        return env


def key(name, times=1):
    for _ in range(times):
        subprocess.run(["xdotool", "key", "--clearmodifiers", name], check=True)


def groups(pid):
    """RSS, PSS and anonymous kB of each kind of mapping (from smaps)."""
    totals = {}
    kind = None
    with open(f"/proc/{pid}/smaps") as file:
        for line in file:
            fields = line.split()
            if "-" in fields[0] and ":" not in fields[0]:
                path = fields[5] if len(fields) > 5 else ""
                if path in ("[heap]", ""):
                    kind = "anonymous (malloc heap and arenas, pixel buffers)"
                elif path.startswith("[stack"):
                    kind = "stacks"
                elif path.endswith((".ttf", ".otf", ".ttc", ".pfb")) or "/fonts/" in path:
                    kind = "font files (file-backed, shared)"
                elif ".so" in path:
                    kind = "shared libraries (file-backed)"
                elif path.startswith(("/dev/dri", "/memfd:", "/SYSV", "/dev/shm")):
                    kind = "GPU / shared memory"
                elif path.startswith("["):
                    kind = "kernel ([vdso], [vvar])"
                else:
                    kind = "other files (caches, gresource, database, locale)"
                totals.setdefault(kind, [0, 0, 0])
            elif fields[0] in ("Rss:", "Pss:", "Anonymous:") and kind is not None:
                index = ("Rss:", "Pss:", "Anonymous:").index(fields[0])
                totals[kind][index] += int(fields[1])
    return totals


def status(pid):
    values = {}
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "RssAnon", "RssFile", "RssShmem", "VmHWM"):
                values[name] = int(rest.split()[0])
    return values


def report(label, pid):
    time.sleep(SETTLE)  # let decodes and frees land
    values = status(pid)
    print(f"\n== {label}: RSS {values['VmRSS'] / 1024:.1f} MB (anonymous {values['RssAnon'] / 1024:.1f}, "
          f"file-backed {values['RssFile'] / 1024:.1f}, shmem {values['RssShmem'] / 1024:.1f}; peak {values['VmHWM'] / 1024:.1f})",
          flush=True)
    for kind, (rss, pss, anon) in sorted(groups(pid).items(), key=lambda item: -item[1][0]):
        print(f"   {rss / 1024:7.1f} MB rss {pss / 1024:7.1f} MB pss  {kind}", flush=True)
    return values["VmRSS"] / 1024


def trim(pid):
    """Diagnosis: glibc's arena statistics (into the app's log), then what malloc_trim(0) gives
    back, called in the app through gdb."""
    subprocess.run(["gdb", "-p", str(pid), "-batch", "-ex", "call (void) malloc_stats()",
                    "-ex", "call (int) malloc_trim(0)"], check=False, capture_output=True)
    return report("after malloc_trim(0), called through gdb", pid)


def cpu(pid):
    """The process's utime + stime in ms, and its main thread's time on CPU in ms."""
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    with open(f"/proc/{pid}/task/{pid}/schedstat") as file:
        main_ns = int(file.read().split()[0])
    return ticks * TICK_MS, main_ns / 1e6


def scroll_cost(pid, screens=30):
    """CPU per screen of Page Down over rows already loaded, waiting for each screen to draw."""
    key("Home")
    time.sleep(SETTLE)
    start = cpu(pid)
    for _ in range(screens):
        key("Page_Down")
        time.sleep(0.25)
    end = cpu(pid)
    process_ms = (end[0] - start[0]) / screens
    main_ms = (end[1] - start[1]) / screens
    print(f"\n== scrolling: {process_ms:.1f} ms CPU per screen (process utime+stime), "
          f"{main_ms:.1f} ms on the main thread (schedstat), over {screens} screens", flush=True)
    return process_ms


def login(app):
    s = Scenario(app)
    login_with_fill(app, s)
    app.wait_until(lambda: row_titles(app), 30, "rows in the list")
    list_node = goods_list(app)
    try:
        list_node.queryComponent().grabFocus()
    except Exception:  # the goods screen focuses its list when shown anyway
        pass
    return footer_of(list_node)


def own_data_set(binary, artifacts):
    app = MeasuredApp(binary, artifacts, "memory-400", latency_ms=20)
    try:
        app.start()
        pid = app.process.pid
        results = {"login": report("login screen", pid)}
        footer = login(app)
        results["first_page"] = report("first page shown", pid)
        deadline = time.time() + 300
        while footer.name != T("没有更多了"):
            if time.time() > deadline:
                raise StepFailed("the end of the 400 goods within 300 s")
            key("Page_Down")
            time.sleep(0.05)
        key("Page_Down", 10)
        results["all_400"] = report("paged through all 400 goods", pid)
        if os.environ.get("GOODSDESK_MEASURE_TRIM") == "1":
            results["trimmed"] = trim(pid)
        results["scroll_ms"] = scroll_cost(pid)
        key("End")
        results["after_scrolling"] = report("after scrolling again", pid)
        return results
    finally:
        app.stop()
        app.cleanup()


def loaded_pages(app, titles):
    """How many pages of `titles` the list holds: where its last rows end in the data set."""
    shown = row_titles(app)[-6:]
    ends = [end for end in range(len(shown), len(titles) + 1) if titles[end - len(shown):end] == shown]
    return ends[-1] / 20 if ends else None


def big_data_set(binary, artifacts, folder):
    titles = []
    for page in range(1, 203):
        with open(os.path.join(folder, "pages", f"page-{page}.json")) as file:
            titles += [item["title"] for item in json.load(file)["data"]]
    app = MeasuredApp(binary, artifacts, "memory-100k", latency_ms=20, env={"GOODSDESK_DATA_DIR": folder})
    results = {}
    try:
        app.start()
        pid = app.process.pid
        login(app)
        results["first_page"] = report("100k set, first page shown", pid)
        for target in (100, 200):
            # A hundred screens load about five pages, and reading ~200 rows back takes 20-30 s.
            deadline = time.time() + 12 * target
            while (loaded_pages(app, titles) or 0) < target:
                if time.time() > deadline:
                    raise StepFailed(f"{target} pages within {12 * target} s")
                # Reading the rows through AT-SPI is slow: only after every 100 screens.
                subprocess.run(["xdotool", "key", "--clearmodifiers", "--repeat", "100", "--delay", "25", "Page_Down"], check=True)
            pages = loaded_pages(app, titles)
            results[f"pages_{target}"] = report(f"100k set, after paging down through {pages:.0f} pages", pid)
        results["scroll_ms"] = scroll_cost(pid)
        return results
    finally:
        app.stop()
        app.cleanup()


def main():
    binary, big = sys.argv[1], sys.argv[2]
    artifacts = os.environ.get("GOODSDESK_MEASURE_ARTIFACTS", "/tmp/goodsdesk-measure")
    results = {"own": own_data_set(binary, artifacts)}
    if big != "-":
        results["big"] = big_data_set(binary, artifacts, big)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
