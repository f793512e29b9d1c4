"""Prints the mean size in bytes of the bodies FriendService answers, for the load script's ceiling.

    body-size.py URL                 GET URL
    body-size.py --lua SCRIPT URL    the request of a wrk script of plain settings (wrk.method,
                                     wrk.headers["NAME"], wrk.body) against URL
    body-size.py --mix URL           the 1,000 requests of mix.lua against URL (.../friends)
"""

import re
import sys
import urllib.request


def size(request):
    with urllib.request.urlopen(request, timeout=30) as response:
        return len(response.read())


def scripted_request(script, url):
    method, headers, body = "GET", {}, None
    for line in open(script):
        if match := re.match(r'wrk\.method = "(.*)"$', line.strip()):
            method = match[1]
        elif match := re.match(r'wrk\.headers\["(.+)"\] = "(.*)"$', line.strip()):
            headers[match[1]] = match[2]
        elif match := re.match(r"wrk\.body = '(.*)'$", line.strip()):
            body = match[1].encode()
        elif match := re.match(r'wrk\.body = "(.*)"$', line.strip()):
            body = match[1].encode().decode("unicode_escape").encode()  # Lua's \r\n
    return urllib.request.Request(url, data=body, headers=headers, method=method)


def mix_paths():
    # The same requests as mix.lua: every limit from 1 to 100 on the whole list and on nine searches.
    searches = ["", "a", "t", "s", "m", "k", "o", "l", "h", "yuki%20t"]
    for limit in range(1, 101):
        for search in searches:
            yield f"?limit={limit}" + (f"&q={search}" if search else "")


arguments = sys.argv[1:]
if arguments[0] == "--lua":
    sizes = [size(scripted_request(arguments[1], arguments[2]))]
elif arguments[0] == "--mix":
    sizes = [size(arguments[1] + path) for path in mix_paths()]
else:
    sizes = [size(arguments[0])]
print(round(sum(sizes) / len(sizes)))
