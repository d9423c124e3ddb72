"""Runs every UI scenario against the built goodsdesk: python3 Tests/UI/run.py BINARY ARTIFACTS [NAME...]

GOODSDESK_UI_LANGUAGE picks the interface language (zh_CN, the default, or en); GOODSDESK_UI_SUITE
picks the scenarios: all (the default), smoke (start, log in, the goods list, a plugin's detail
page: the edit loop's check, run-tests.sh --quick) or installed (the same, for an installed
GoodsDesk, whose plugins come from its prefix)."""
import os
import sys
import time

from harness import App, StepFailed
from harness import LANGUAGE
from plugin_scenarios import INSTALLED_SCENARIOS, PLUGIN_SCENARIOS, detail_page_opens_from_the_plugin
from scenarios import SCENARIOS as BASIC_SCENARIOS
from scenarios import first_start, valid_login_shows_goods
from scenarios_goods import SCENARIOS as GOODS_SCENARIOS  # the goods page: 30-32
from scenarios_menu import SCENARIOS as MENU_SCENARIOS  # menu, actions, shortcuts: 26-29
from scenarios_app import SCENARIOS as APP_SCENARIOS
from scenarios_shell import SCENARIOS as SHELL_SCENARIOS  # the window shell: 21-23
from scenarios_list import SCENARIOS as LIST_SCENARIOS  # the list's chrome (s5-list): 40-44
from scenarios_search import SCENARIOS as SEARCH_SCENARIOS  # the search (s5-searchui): 50-54
from scenarios_pages import SCENARIOS as PAGES_SCENARIOS  # the row's pages (s5-pages): 55-61
from scenarios_web import SCENARIOS as WEB_SCENARIOS  # the in-app web page (s5-web): 62-65
from scenarios_restore import SCENARIOS as RESTORE_SCENARIOS  # the screens after a restart (#23): 66

SUITE = os.environ.get("GOODSDESK_UI_SUITE", "all")
if SUITE not in ("all", "smoke", "installed"):
    sys.exit(f"GOODSDESK_UI_SUITE must be all, smoke or installed, not {SUITE!r}")
SMOKE = [("1-first-start", first_start), ("4-valid-login", valid_login_shows_goods)]
if SUITE == "installed":
    SCENARIOS = SMOKE + INSTALLED_SCENARIOS  # the detail page from the prefix's own plugins
elif SUITE == "smoke":
    SCENARIOS = SMOKE + [("10-detail-page", detail_page_opens_from_the_plugin)]  # from GOODSDESK_UI_PLUGINS
else:
    SCENARIOS = BASIC_SCENARIOS + PLUGIN_SCENARIOS + SHELL_SCENARIOS + MENU_SCENARIOS + GOODS_SCENARIOS + APP_SCENARIOS
    SCENARIOS += LIST_SCENARIOS
    SCENARIOS += SEARCH_SCENARIOS
    SCENARIOS += PAGES_SCENARIOS
    SCENARIOS += WEB_SCENARIOS
    SCENARIOS += RESTORE_SCENARIOS


def main():
    binary, artifacts = sys.argv[1], sys.argv[2]
    only = set(sys.argv[3:])
    failures = []
    for name, scenario in SCENARIOS:
        if only and name not in only:
            continue
        app = App(binary, artifacts, name, latency_ms=getattr(scenario, "latency_ms", 150),
                  arguments=getattr(scenario, "arguments", None), env=getattr(scenario, "env", None))
        started = time.time()
        try:
            app.start()
            scenario(app)
            app.stop()
            app.check_clean_exits()
            print(f"✔ {name} [{LANGUAGE}] ({time.time() - started:.1f} s)")
        except StepFailed as failure:
            print(f"✘ {name} [{LANGUAGE}]\n{failure}")
            failures.append(name)
        except Exception as error:
            print(f"✘ {name} [{LANGUAGE}]: {error!r}")
            failures.append(name)
        finally:
            app.stop()
            app.cleanup()
    print(f"{len(failures)} of {len([s for s in SCENARIOS if not only or s[0] in only])} UI scenarios failed" if failures
          else "all UI scenarios passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
