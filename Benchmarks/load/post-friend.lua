-- wrk: POST /friends with a valid new friend on every request.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"firstname":"Ada","lastname":"Lovelace","phonenumber":"+44 20 7946 0018","email":"ada@example.com","about":""}'
