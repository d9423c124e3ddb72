"""Takes the README's screenshots from the real app: the login window, the goods list, and the
detail page (the goods-detail plugin)."""
import subprocess
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
for key in ("Home", "Return"):
    subprocess.run(["xdotool", "key", "--clearmodifiers", key], check=True)
wait_for("frame", "商品详情")
time.sleep(1.0)
screenshot(f"{folder}/detail.png")
