-- wrk: POST /friends/import of one card the address book already has, unchanged (a file imported again).
wrk.method = "POST"
wrk.headers["Content-Type"] = "text/vcard"
wrk.body = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:load-import-0001\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\nTEL;TYPE=CELL:+44 20 7946 0018\r\nEMAIL;TYPE=INTERNET:ada@example.com\r\nEND:VCARD\r\n"
