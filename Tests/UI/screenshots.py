"""Takes the README's screenshots from the real app: the login window, then the goods list."""
import sys
import time

from atspi import press, screenshot, wait_for

folder = sys.argv[1]
wait_for("push button", "填充")
press("push button", "填充")
time.sleep(0.5)  # let the avatar and the enabled button draw before the picture
screenshot(f"{folder}/login.png")
press("push button", "登录")
wait_for("label", "推荐商品")
time.sleep(1.5)  # the first page arrives after the simulated latency
screenshot(f"{folder}/goods.png")
