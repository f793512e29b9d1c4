"""Prints the mean size in bytes of the bodies FriendService answers, for the load script's ceiling.

    body-size.py URL                 GET URL
    body-size.py --post URL BODY     POST BODY (JSON) to URL
    body-size.py --mix URL           the 1,000 requests of mix.lua against URL (.../friends)
"""

import sys
import urllib.request


def size(request):
    with urllib.request.urlopen(request, timeout=30) as response:
        return len(response.read())


def mix_paths():
    # The same requests as mix.lua: every limit from 1 to 100 on the whole list and on nine searches.
    searches = ["", "a", "t", "s", "m", "k", "o", "l", "h", "yuki%20t"]
    for limit in range(1, 101):
        for search in searches:
            yield f"?limit={limit}" + (f"&q={search}" if search else "")


arguments = sys.argv[1:]
if arguments[0] == "--post":
    url, body = arguments[1], arguments[2].encode()
    sizes = [size(urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"}))]
elif arguments[0] == "--mix":
    sizes = [size(arguments[1] + path) for path in mix_paths()]
else:
    sizes = [size(arguments[0])]
print(round(sum(sizes) / len(sizes)))
