"""The goods page's search (issue #15 item 4, s5-searchui): the entry 输入你要找的宝贝 in the header
(Ctrl+F focuses it), results as `list item`s named by their titles from 3 characters and from 2
(the full-text index, and the LIKE scan below 3), the matches in a result's title highlighted
(bold on a tinted background: the title label's text attributes over AT-SPI), 没有找到宝贝 for
nonsense, and Escape clearing the search back to the list without leaving the page."""
import pyatspi

from atspi import editable, text_of
from harness import Scenario, StepFailed, T, all_nodes, name_of
from scenarios import dataset_titles, key, login_with_fill, row_titles

ENTRY = "输入你要找的宝贝"
RESULTS = "搜索结果"


def known_title():
    """The data set's second title (page 1: so it is on the first page of any query it matches)."""
    return dataset_titles()[1]


def entry(app):
    """The search entry (a GtkSearchEntry: whatever role GTK gives it, by its name)."""
    for node in all_nodes(app.root()):
        if name_of(node) == T(ENTRY) and node.getRoleName() in ("entry", "text", "search box"):
            return node
    return None


def wait_entry(app):
    app.wait_until(lambda: entry(app) is not None, 15, f"the search entry {T(ENTRY)!r} in the header")
    return entry(app)


def focused_within(node):
    """Whether `node` or a descendant has the keyboard focus."""
    try:
        if node.getState().contains(pyatspi.STATE_FOCUSED):
            return True
        return any(focused_within(node.getChildAtIndex(i)) for i in range(node.childCount))
    except Exception:
        return False



def search_for(app, text):
    text_field = editable(wait_entry(app))
    if text_field is None:
        raise StepFailed(f"the search entry {T(ENTRY)!r} takes text (EditableText)")
    text_field.setTextContents(text)


def results_list(app):
    lists = [n for n in all_nodes(app.root(), "list") if name_of(n) == T(RESULTS)]
    showing = [n for n in lists if n.getState().contains(pyatspi.STATE_VISIBLE)]
    return showing[0] if showing else None


def result_titles(app):
    found = results_list(app)
    if found is None:
        return []
    titles = []
    for index in range(found.childCount):
        item = found.getChildAtIndex(index)
        if item.getRoleName() != "list item":
            continue
        name = name_of(item) or (name_of(item.getChildAtIndex(0)) if item.childCount else "")
        if name:
            titles.append(name)
    return titles


def result_item(app, title):
    found = results_list(app)
    if found is None:
        return None
    for index in range(found.childCount):
        item = found.getChildAtIndex(index)
        if item.getRoleName() == "list item" and (name_of(item) == title or (item.childCount and name_of(item.getChildAtIndex(0)) == title)):
            return item
    return None


def bold_runs(label):
    """The label's runs (character offsets) whose text attributes make them bold."""
    text = label.queryText()
    runs, offset = [], 0
    while offset < text.characterCount:
        attributes, start, end = text.getAttributeRun(offset, False)
        if end <= offset:
            break
        weight = dict(a.split(":", 1) for a in attributes if ":" in a).get("weight", "400")
        if int(float(weight)) >= 700:
            runs.append((start, end))
        offset = end
    return runs


def title_label(item, title):
    labels = [n for n in all_nodes(item, "label") if name_of(n) == title]
    return labels[0] if labels else None


def rows_then_query(app, s, query, title):
    login_with_fill(app, s)
    s.step("rows", lambda: app.wait_until(lambda: bool(row_titles(app)), 15, "the goods list's rows"))
    s.step("type", lambda: search_for(app, query))
    s.step("found", lambda: app.wait_until(lambda: title in result_titles(app), 15,
                                           f"a list item {title!r} in {T(RESULTS)!r} for {query!r}"))


def highlighted(app, query, title):
    """The title's label in the result row has the query's characters, and only those, bold."""
    item = result_item(app, title)
    label = title_label(item, title) if item is not None else None
    if label is None:
        raise StepFailed(f"a label {title!r} in the result row")
    start = title.find(query)
    expected = [(start, start + len(query))]
    app.wait_until(lambda: bold_runs(label) == expected, 5,
                   f"the match {query!r} highlighted: bold runs {expected} in {title!r} (saw {bold_runs(label)})")


def found_from_three_characters(app):
    s = Scenario(app)
    title = known_title()
    query = title[:3]
    rows_then_query(app, s, query, title)
    s.step("highlighted", lambda: highlighted(app, query, title))
    s.step("the list hides", lambda: app.wait_until(lambda: not row_titles(app), 5, "the goods list hidden under the results"))


def found_from_two_characters(app):
    s = Scenario(app)
    title = known_title()
    query = title[:2]
    rows_then_query(app, s, query, title)
    s.step("highlighted", lambda: highlighted(app, query, title))


def nonsense_shows_the_empty_page(app):
    s = Scenario(app)
    login_with_fill(app, s)
    s.step("rows", lambda: app.wait_until(lambda: bool(row_titles(app)), 15, "the goods list's rows"))
    s.step("type", lambda: search_for(app, "zzqqxx"))
    s.step("empty page", lambda: app.wait_for("label", "没有找到宝贝", expect=f"the status page {T('没有找到宝贝')!r} for zzqqxx"))
    s.step("no rows", lambda: app.wait_until(lambda: not result_titles(app) and not row_titles(app), 5,
                                              "no rows under the empty status page"))


def control_f_focuses_the_entry(app):
    s = Scenario(app)
    login_with_fill(app, s)
    s.step("rows", lambda: app.wait_until(lambda: bool(row_titles(app)), 15, "the goods list's rows"))
    s.step("not focused", lambda: app.wait_until(lambda: not focused_within(wait_entry(app)), 5, "the entry unfocused at first"))
    s.step("ctrl+f", lambda: key("ctrl+f"))
    s.step("focused", lambda: app.wait_until(lambda: focused_within(wait_entry(app)), 5, f"Ctrl+F focuses {T(ENTRY)!r}"))
    s.step("type", lambda: key("z"))
    s.step("typed", lambda: app.wait_until(lambda: text_of(entry(app)) == "z", 5,
                                           f"a key typed after Ctrl+F lands in the entry (it says {text_of(entry(app))!r})"))


def escape_returns_to_the_list(app):
    s = Scenario(app)
    title = known_title()
    rows_then_query(app, s, title[:3], title)
    s.step("ctrl+f", lambda: key("ctrl+f"))
    s.step("focused", lambda: app.wait_until(lambda: focused_within(wait_entry(app)), 5, f"Ctrl+F focuses {T(ENTRY)!r}"))
    s.step("escape", lambda: key("Escape"))
    s.step("list back", lambda: app.wait_until(lambda: bool(row_titles(app)) and not result_titles(app), 10,
                                                "Escape: the goods list back, no results"))
    s.step("cleared", lambda: app.wait_until(lambda: text_of(entry(app)) == "", 5, "the entry empty after Escape"))
    s.step("same page", lambda: app.wait_for("frame", "首页", expect="still the goods page 首页 (Escape did not go back)"))
    s.step("no login", lambda: app.wait_until(lambda: app.find("push button", "登录") is None, 3, "not back at the login"))


SCENARIOS = [
    ("50-search-three-characters", found_from_three_characters),
    ("51-search-two-characters", found_from_two_characters),
    ("52-search-nothing-found", nonsense_shows_the_empty_page),
    ("53-search-control-f", control_f_focuses_the_entry),
    ("54-search-escape", escape_returns_to_the_list),
]
