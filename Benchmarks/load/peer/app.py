"""The peer FriendService is measured against: a minimal Flask app doing the same job.

Run under gunicorn with 2 workers, over a copy of the SQLite file FriendService was seeded
with (same schema, same friends). PEER_MODE=live reads and writes the database on every
request; PEER_MODE=ceiling answers the GET routes with bodies encoded once at start-up, the
most any app on this framework and server can do.
"""

import base64
import json
import os
import sqlite3
import unicodedata
import uuid

from flask import Flask, Response, jsonify, request

DATABASE = os.environ["PEER_DATABASE"]
MODE = os.environ.get("PEER_MODE", "live")
COLUMNS = "id, firstname, lastname, phonenumber, email, about"
FIELDS = ("id", "firstname", "lastname", "phonenumber", "email", "about")

app = Flask(__name__)
_connection = None


def db():
    """One connection per worker process, durable as FriendService's: WAL, synchronous=FULL."""
    global _connection
    if _connection is None:
        _connection = sqlite3.connect(DATABASE, isolation_level=None)
        _connection.execute("PRAGMA journal_mode=WAL")
        _connection.execute("PRAGMA synchronous=FULL")
        _connection.execute("PRAGMA busy_timeout=5000")
    return _connection


def fold(text):
    return unicodedata.normalize("NFC", "".join(
        c for c in unicodedata.normalize("NFD", text.strip().casefold()) if not unicodedata.combining(c)))


def card(uid, first, last, phone, email, about):
    """The friend as a vCard 3.0, as FriendService stores one beside the columns."""
    def escape(text):
        return text.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;").replace("\n", "\\n")
    lines = ["BEGIN:VCARD", "VERSION:3.0", f"UID:{uid}", f"N:{escape(last)};{escape(first)};;;", f"FN:{escape(first)} {escape(last)}"]
    if phone:
        lines.append(f"TEL:{escape(phone)}")
    if email:
        lines.append(f"EMAIL:{escape(email)}")
    if about:
        lines.append(f"NOTE:{escape(about)}")
    return "\r\n".join(lines + ["END:VCARD", ""])


def encode_cursor(row):
    payload = json.dumps({"l": fold(row["lastname"]), "f": fold(row["firstname"]), "i": row["id"]})
    return base64.urlsafe_b64encode(payload.encode()).decode().rstrip("=")


def decode_cursor(text):
    data = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    return data["l"], data["f"], data["i"]


def list_page(limit, cursor, query):
    conditions, binds = [], []
    if cursor:
        conditions.append("(sort_last, sort_first, id) > (?, ?, ?)")
        binds += list(decode_cursor(cursor))
    if query:
        text = fold(query)
        upper = text + "\U0010FFFF"
        conditions.append("((sort_last >= ? AND sort_last < ?) OR (search_full >= ? AND search_full < ?))")
        binds += [text, upper, text, upper]
    where = "WHERE " + " AND ".join(conditions) if conditions else ""
    sql = f"SELECT {COLUMNS} FROM friends {where} ORDER BY sort_last, sort_first, id LIMIT ?"
    rows = [dict(zip(FIELDS, row)) for row in db().execute(sql, binds + [limit + 1])]
    next_cursor = encode_cursor(rows[limit - 1]) if len(rows) > limit else None
    return {"items": rows[:limit], "nextCursor": next_cursor}


def all_friends():
    sql = f"SELECT {COLUMNS} FROM friends ORDER BY sort_last, sort_first, id"
    return [dict(zip(FIELDS, row)) for row in db().execute(sql)]


if MODE == "ceiling":
    PAGE = json.dumps(list_page(100, None, None)).encode()
    ALL = json.dumps(all_friends()).encode()

    @app.get("/friends")
    def friends_ceiling():
        return Response(PAGE, mimetype="application/json")

    @app.get("/listFriends")
    def list_friends_ceiling():
        return Response(ALL, mimetype="application/json")

else:
    @app.get("/friends")
    def friends():
        limit = min(max(int(request.args.get("limit", 50)), 1), 500)
        return list_page(limit, request.args.get("cursor"), request.args.get("q"))

    @app.get("/listFriends")
    def list_friends():
        return jsonify(all_friends())

    @app.post("/friends")
    def create_friend():
        body = request.get_json()
        first, last = body.get("firstname", "").strip(), body.get("lastname", "").strip()
        if not first or not last:
            return {"error": {"message": "Names are required.", "fields": {}}}, 400
        phone, email, about = body.get("phonenumber", ""), body.get("email", ""), body.get("about", "")
        # A friend is a vCard with a UID and a resource name of its own (unique), as FriendService
        # keeps it: without them every insert after the first broke the unique index.
        uid = str(uuid.uuid4())
        cursor = db().execute(
            "INSERT INTO friends (firstname, lastname, phonenumber, email, about, "
            "sort_last, sort_first, search_full, phone_digits, card, uid, resource_name) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (first, last, phone, email, about, fold(last), fold(first), fold(first) + " " + fold(last),
             "".join(c for c in phone if c.isdigit()), card(uid, first, last, phone, email, about), uid, uid + ".vcf"))
        friend = {"id": cursor.lastrowid, "firstname": first, "lastname": last,
                  "phonenumber": phone, "email": email, "about": about}
        return friend, 201, {"Location": f"/friends/{cursor.lastrowid}"}
