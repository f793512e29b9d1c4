-- wrk: GET /friends with Accept: text/vcard; version=4.0, every friend as one vCard file in 4.0
-- (an export asked for in one version: each 3.0 card read and written again).
wrk.headers["Accept"] = "text/vcard; version=4.0"
