"""Mixed load: N connections of readers browsing and writing for S seconds against one server.

Usage: python3 Tests/load/mixed_load.py BASE_URL SERVER_PID SECONDS CONNECTIONS LABEL
Each connection is a thread with a keep-alive HTTP connection of its own, signed in as one of 8
readers with 40 books each, doing a mix: the library page (30 %), search as you type (25 %,
prefixes of words in the titles), progress (15 %), status changes (10 %), notes (10 %), home (10 %).
Fails on any error (a status of 400 or more, or a connection error) and when the server's RSS grows
more than 10 % from the end of the warm-up (the first fifth) to the end. Prints the request count,
p50 and p99 per kind, and the RSS figures as one JSON line. Python's standard library only.
"""

import http.client
import json
import random
import sys
import threading
import time
import urllib.parse

BASE, PID, SECONDS, CONNECTIONS, LABEL = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
HOST = urllib.parse.urlparse(BASE)
WORDS = ["Tides", "Statues", "Lighthouse", "Harbour", "Orchard", "Winter", "Garden", "Comet"]


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Client:
    def __init__(self, token=None):
        self.connection = http.client.HTTPConnection(HOST.hostname, HOST.port, timeout=30)
        self.token = token

    def call(self, method, path, body=None, parse=True):
        """The status and the answer: parsed JSON, or (`parse=False`, the load's own requests) the
        bytes, which only an error's message reads. Parsing every answer cost the client more CPU
        than the server spent on many of them, on the same two cores."""
        headers = {"content-type": "application/json"}
        if self.token:
            headers["authorization"] = "Bearer " + self.token
        self.connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        if not parse:
            return response.status, data
        return response.status, (json.loads(data) if data else None)


def setup():
    readers = []
    for index in range(8):
        client = Client()
        status, answer = client.call("POST", "/api/v1/auth/signup",
                                     {"email": f"load{index}-{time.time_ns()}@example.com", "password": "long enough",
                                      "displayName": f"Reader {index}"})
        assert status == 201, (status, answer)
        client.token = answer["token"]
        entries = []
        for book in range(40):
            title = f"{random.choice(WORDS)} and {random.choice(WORDS)} {book}"
            status, entry = client.call("POST", "/api/v1/library",
                                        {"book": {"title": title, "authors": ["Load Writer"], "pageCount": 400},
                                         "status": "reading"})
            assert status == 201, (status, entry)
            entries.append(entry["id"])
        readers.append((client.token, entries))
    return readers


def main():
    readers = setup()
    latencies = {}
    errors = []
    lock = threading.Lock()
    deadline = time.monotonic() + SECONDS
    warm_until = time.monotonic() + SECONDS / 5
    kinds = ["library"] * 30 + ["search"] * 25 + ["progress"] * 15 + ["status"] * 10 + ["note"] * 10 + ["home"] * 10

    def work(index):
        token, entries = readers[index % len(readers)]
        client = Client(token)
        rng = random.Random(index)
        mine = {}
        while time.monotonic() < deadline:
            kind = rng.choice(kinds)
            entry = rng.choice(entries)
            if kind == "library":
                method, path, body = "GET", "/api/v1/library?limit=20", None
            elif kind == "search":
                word = rng.choice(WORDS).lower()
                method, path, body = "GET", f"/api/v1/library?q={word[:rng.randint(2, len(word))]}", None
            elif kind == "progress":
                page = mine.get(entry, 0) + rng.randint(1, 5)
                mine[entry] = min(page, 399)
                method, path, body = "POST", f"/api/v1/library/{entry}/progress", {"page": mine[entry]}
            elif kind == "status":
                method, path, body = "POST", f"/api/v1/library/{entry}/status", {"status": rng.choice(["reading", "onHold"])}
            elif kind == "note":
                method, path, body = "POST", f"/api/v1/library/{entry}/notes", {"content": f"a note about {rng.choice(WORDS)}"}
            else:
                method, path, body = "GET", "/api/v1/home", None
            started = time.monotonic()
            try:
                status, answer = client.call(method, path, body, parse=False)
            except Exception as error:  # a dropped connection is an error too
                status, answer = 0, str(error)
                client = Client(token)
            took = (time.monotonic() - started) * 1000
            with lock:
                if status >= 400 or status == 0:
                    errors.append((kind, status, str(answer)[:200]))
                latencies.setdefault(kind, []).append(took)

    threads = [threading.Thread(target=work, args=(index,)) for index in range(CONNECTIONS)]
    for thread in threads:
        thread.start()
    while time.monotonic() < warm_until:
        time.sleep(0.2)
    rss_warm = rss_mb(PID)
    for thread in threads:
        thread.join()
    rss_end = rss_mb(PID)

    def percentile(values, p):
        ordered = sorted(values)
        return round(ordered[min(len(ordered) - 1, int(len(ordered) * p))], 1) if ordered else None

    every = [value for values in latencies.values() for value in values]
    growth = (rss_end - rss_warm) / rss_warm * 100 if rss_warm else 0
    print(json.dumps({
        "bench": "mixed load", "database": LABEL, "seconds": SECONDS, "connections": CONNECTIONS,
        "requests": len(every), "errors": len(errors), "p50Ms": percentile(every, 0.5), "p99Ms": percentile(every, 0.99),
        "byKind": {kind: {"n": len(values), "p50Ms": percentile(values, 0.5), "p99Ms": percentile(values, 0.99)}
                   for kind, values in sorted(latencies.items())},
        "rssWarmMB": round(rss_warm, 1), "rssEndMB": round(rss_end, 1), "rssGrowthPercent": round(growth, 1),
    }))
    if errors:
        sys.exit(f"load ({LABEL}): {len(errors)} errors, e.g. {errors[:3]}")
    # It loaded what it names: every kind was asked and answered, and a real share of requests went.
    unasked = sorted(set(kinds) - {kind for kind, values in latencies.items() if values})
    if unasked:
        sys.exit(f"load ({LABEL}): no request of {', '.join(unasked)} was made")
    # At least two a connection: not a speed (that is the figures above), only that each one worked.
    if len(every) < CONNECTIONS * 2:
        sys.exit(f"load ({LABEL}): only {len(every)} requests in {SECONDS} s on {CONNECTIONS} connections")
    if growth > 10:
        sys.exit(f"load ({LABEL}): RSS grew {growth:.1f} % after the warm-up (more than 10 %)")


if __name__ == "__main__":
    main()
