-- wrk: a sync-collection REPORT without a token, every card's tag: a contact app's first sync (RFC 6578).
wrk.method = "REPORT"
wrk.headers["Depth"] = "1"
wrk.headers["Content-Type"] = "application/xml; charset=utf-8"
wrk.body = '<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>'
