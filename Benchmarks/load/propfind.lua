-- wrk: PROPFIND Depth 1 on the address book, for every card's tag: what vdirsyncer sends to sync.
wrk.method = "PROPFIND"
wrk.headers["Depth"] = "1"
wrk.headers["Content-Type"] = "application/xml; charset=utf-8"
wrk.body = '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getcontenttype/><d:getetag/></d:prop></d:propfind>'
