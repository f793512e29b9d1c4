"""Prints a wrk script for an addressbook-multiget REPORT of every card in an address book, as
vdirsyncer sends to fetch cards: the cards' hrefs come from a PROPFIND of the book, as a client's do.

usage: multiget-script.py BOOK_URL > multiget.lua
"""

import re
import sys
import urllib.request

book = sys.argv[1]
propfind = urllib.request.Request(
    book,
    method="PROPFIND",
    headers={"Depth": "1", "Content-Type": "application/xml; charset=utf-8"},
    data=b'<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>',
)
with urllib.request.urlopen(propfind, timeout=30) as response:
    listing = response.read().decode()
hrefs = [href for href in re.findall(r"<D:href>([^<]*)</D:href>", listing) if href.endswith(".vcf")]
if not hrefs:
    sys.exit(f"no cards listed at {book}")
body = (
    '<?xml version="1.0" encoding="utf-8"?>'
    '<c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">'
    "<d:prop><d:getetag/><c:address-data/></d:prop>"
    + "".join(f"<d:href>{href}</d:href>" for href in hrefs)
    + "</c:addressbook-multiget>"
)
print(f"-- wrk: an addressbook-multiget REPORT of the {len(hrefs)} cards of {book}, made by multiget-script.py.")
print('wrk.method = "REPORT"')
print('wrk.headers["Depth"] = "1"')
print('wrk.headers["Content-Type"] = "application/xml; charset=utf-8"')
print(f"wrk.body = '{body}'")
