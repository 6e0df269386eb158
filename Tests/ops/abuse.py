"""Issue 36's attacks, each against a real `dogear serve`: the refusal it must get, and that the
server still serves everyone else right after (`/health` and another reader's `PATCH /api/v1/me`).
Driven by scripts/test-abuse.sh, once on SQLite and once on PostgreSQL.

An attack that hangs the server fails here as "never answered" (a 10 s guard, not a measurement);
the time each answer took is printed as a figure.

Usage: python3 Tests/ops/abuse.py BASE [--proxy]
Python's standard library only.
"""

import hashlib
import json
import sys
import urllib.parse
import uuid

from http_client import Client

HANG = 10  # seconds: an answer later than this is a server that stopped (Client(timeout=HANG))
failures = []


def check(condition, message):
    print(("  ok    " if condition else "  FAIL  ") + message)
    if not condition:
        failures.append(message)


def sign_up(base, name):
    client = Client(base, timeout=HANG)
    status, body = client.json(
        "POST", "/api/v1/auth/signup",
        {"email": f"{name}-{uuid.uuid4().hex[:8]}@example.com", "password": "long enough", "displayName": name})
    assert status == 201, (status, body)
    client.token = body["token"]
    client.email = body["user"]["email"]
    return client


def still_serving(base, bystander, after):
    """The server answers everyone else right after an attack."""
    probe = Client(base, timeout=HANG)
    status, _, _ = probe.send("GET", "/health")
    patched, _ = bystander.json("PATCH", "/api/v1/me", {"displayName": "Bystander"})
    health, write = probe.elapsed, bystander.elapsed
    check(status == 200 and patched == 200,
          f"after {after}: /health {status} in {health * 1000:.0f} ms, another reader's PATCH /me {patched} in {write * 1000:.0f} ms")


def batch_attacks(base, bystander):
    print("batch: a nested batch, a path's spelling, an account route")
    attacker = sign_up(base, "mallory")
    inner = {"atomic": True, "operations": [{"method": "DELETE", "path": "/api/v1/goals/00000000-0000-0000-0000-000000000000"}]}
    for path, body in [
        ("/api/v1//batch", inner), ("/api/v1/batch#x", inner), ("/api/v1/batch", inner),
        ("/api/v1/me/password", {"currentPassword": "long enough", "newPassword": "another long one"}),
        ("/api/v1/tokens", {"name": "x", "scopes": ["write"]}),
    ]:
        status, answer = attacker.json(
            "POST", "/api/v1/batch", {"atomic": True, "operations": [{"method": "POST", "path": path, "body": body}]})
        elapsed = attacker.elapsed
        field = answer.get("error", {}).get("field") if isinstance(answer, dict) else None
        check(status == 422 and field == "operations[0].path",
              f"batch holding POST {path}: {status} on {field} in {elapsed * 1000:.0f} ms")
        still_serving(base, bystander, f"the batch holding {path}")


def read_token_as_cookie(base, bystander):
    print("sessions: a read-only app token sent as the session cookie")
    owner = sign_up(base, "owner")
    status, made = owner.json("POST", "/api/v1/tokens", {"name": "reader", "scopes": ["read"]})
    assert status == 201, made
    browser = Client(base, timeout=HANG)
    browser.cookies = {"dogear_session": made["token"], "dogear_csrf": "x"}
    status, headers, _ = browser.send("GET", "/")
    check(status == 303 and headers.get("location") == "/signin", f"GET / with the token as a cookie: {status} to {headers.get('location')}")
    csrf = hashlib.sha256(("csrf:" + made["token"]).encode()).hexdigest()[:43]
    status, headers, _ = browser.send(
        "POST", "/profile/tokens", urllib.parse.urlencode({"name": "w", "scope": "write", "_csrf": csrf}),
        "application/x-www-form-urlencoded")
    _, tokens = owner.json("GET", "/api/v1/tokens")
    check(status == 303 and headers.get("location") == "/signin" and len(tokens) == 1,
          f"POST /profile/tokens with it: {status} to {headers.get('location')}, {len(tokens)} token(s)")
    still_serving(base, bystander, "the token as a cookie")


def forms(base, bystander):
    print("forms: a padded multipart form without _csrf, a long note, another site's form")
    reader = sign_up(base, "reader")
    status, entry = reader.json("POST", "/api/v1/library", {"book": {"title": "Piranesi", "authors": ["Susanna Clarke"]}})
    assert status == 201, entry
    browser = Client(base, timeout=HANG)
    browser.cookies = {"dogear_session": reader.token}
    browser.send("GET", f"/books/{entry['id']}")
    boundary = "pad" + uuid.uuid4().hex
    parts = [("padding", "x" * 20000), ("content", "planted")]
    body = "".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{n}\"\r\n\r\n{v}\r\n" for n, v in parts) + f"--{boundary}--\r\n"
    status, _, _ = browser.send("POST", f"/books/{entry['id']}/notes", body, f"multipart/form-data; boundary={boundary}")
    check(status == 403, f"padded multipart note without _csrf: {status}")
    text = "é" * 4900
    form = urllib.parse.urlencode({"content": text, "_csrf": browser.csrf})
    status, _, _ = browser.send("POST", f"/books/{entry['id']}/notes", form, "application/x-www-form-urlencoded")
    _, notes = reader.json("GET", f"/api/v1/library/{entry['id']}/notes")
    check(status == 303 and [n["content"] for n in notes] == [text],
          f"a 4,900-character accented note ({len(form)} bytes sent): {status}, saved whole: {len(notes) == 1}")
    status, _, _ = browser.send(
        "POST", f"/books/{entry['id']}/notes", urllib.parse.urlencode({"content": "from afar", "_csrf": browser.csrf}),
        "application/x-www-form-urlencoded", headers={"origin": "https://evil.example"})
    check(status == 403, f"the same form posted from another site: {status}")
    still_serving(base, bystander, "the forms")


def join_codes(base, bystander):
    print("codes: 1,000 wrong join codes from one reader; a removed member")
    owner = sign_up(base, "clubowner")
    status, club = owner.json("POST", "/api/v1/clubs", {"name": "Night readers"})
    assert status == 201, club
    guesser = sign_up(base, "guesser")
    seen = {}
    retry = None
    for index in range(1000):
        guess = f"Z{index:05d}".replace("0", "Q")
        status, headers, _ = guesser.send("POST", "/api/v1/clubs/join", json.dumps({"code": guess}))
        seen[status] = seen.get(status, 0) + 1
        retry = headers.get("retry-after", retry)
    check(200 not in seen and seen.get(429, 0) > 900 and retry is not None,
          f"1,000 wrong codes: {dict(sorted(seen.items()))}, Retry-After {retry}")
    status, _ = guesser.json("POST", "/api/v1/clubs/join", {"code": club["joinCode"]})
    check(status == 429, f"then the right code too, while locked out: {status}")

    member = sign_up(base, "member")
    status, _ = member.json("POST", "/api/v1/clubs/join", {"code": club["joinCode"]})
    _, me = member.json("GET", "/api/v1/me")
    removed, _ = owner.json("DELETE", f"/api/v1/clubs/{club['id']}/members/{me['id']}")
    status, answer = member.json("POST", "/api/v1/clubs/join", {"code": club["joinCode"]})
    check(removed == 204 and status == 403 and answer["error"]["code"] == "removedFromClub",
          f"a removed member joining by the code: {status} {answer['error']['code'] if isinstance(answer, dict) else answer}")
    lifted, _ = owner.json("DELETE", f"/api/v1/clubs/{club['id']}/removals/{me['id']}")
    status, _ = member.json("POST", "/api/v1/clubs/join", {"code": club["joinCode"]})
    check(lifted == 204 and status == 200, f"let back in, the code works again: {status}")
    still_serving(base, bystander, "the code guesses")


def through_a_proxy(base, bystander):
    print("sign-in through the proxy: 40 wrong sign-ins from one client, another client signs in")
    victim = sign_up(base, "victim")
    attacker = Client(base, source="127.0.0.2", timeout=HANG)
    seen = {}
    for index in range(40):
        status, _ = attacker.json(
            "POST", "/api/v1/auth/signin", {"email": f"made-up-{index}@example.com", "password": "guess"})
        seen[status] = seen.get(status, 0) + 1
    status, _ = Client(base, timeout=HANG).json("POST", "/api/v1/auth/signin", {"email": victim.email, "password": "long enough"})
    check(status == 200, f"after {dict(sorted(seen.items()))} from 127.0.0.2: the other client's right password {status}")
    status, _ = Client(base, timeout=HANG).json("POST", "/api/v1/auth/signin", {"email": victim.email, "password": "wrong one"})
    check(status == 401, f"the other client's own wrong guess is its own: {status} (not 429)")
    status, _ = attacker.json("POST", "/api/v1/auth/signin", {"email": victim.email, "password": "long enough"})
    check(status == 200, f"the guessing client's right password still signs in: {status}")
    still_serving(base, bystander, "the sign-in flood")


def main():
    base = sys.argv[1]
    bystander = sign_up(base, "bystander")
    if "--proxy" in sys.argv:
        through_a_proxy(base, bystander)
    else:
        batch_attacks(base, bystander)
        read_token_as_cookie(base, bystander)
        forms(base, bystander)
        join_codes(base, bystander)
    if failures:
        raise SystemExit(f"abuse: {len(failures)} check(s) failed: " + "; ".join(failures))
    print("abuse: every attack refused, the server answering throughout")


if __name__ == "__main__":
    main()
