-- wrk: GET /friends with Accept: text/vcard, every friend as one vCard file (what an export asks).
wrk.headers["Accept"] = "text/vcard"
