"""Wrong-password flood against one server while a reader browses (issue 13's load check).

Usage: signin_flood.py URL SECONDS LOCKOUT. An attacker sends 50 wrong-password sign-ins a second
(one account, then made-up ones) for SECONDS; meanwhile a signed-in reader reads their library
without pause. Prints the reader's latency p50/p99 (figures, not a verdict: a debug build on two
cores says little about speed) and what the attacker got; exits non-zero when any of the reader's
reads was not answered 200, the reader made too few to tell, the attacker never got a 429, or the
account does not sign in again once its lockout is over.
"""
import json
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid

BASE, SECONDS, LOCKOUT = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])


def call(method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, None


victim = f"victim-{uuid.uuid4().hex[:8]}@example.com"
status, answer = call("POST", "/api/v1/auth/signup", {"email": victim, "password": "the right password", "displayName": "V"})
assert status == 201, status
reader = f"reader-{uuid.uuid4().hex[:8]}@example.com"
status, answer = call("POST", "/api/v1/auth/signup", {"email": reader, "password": "long enough password", "displayName": "R"})
token = answer["token"]
for index in range(20):
    call("POST", "/api/v1/library", {"book": {"title": f"Book {index}", "authors": ["Someone"]}}, token)

stop = time.monotonic() + SECONDS
attacker = {}
latencies = []
lock = threading.Lock()


def attack(worker):
    sent = 0
    start = time.monotonic()
    while time.monotonic() < stop:
        # 50 a second across 50 workers, one each, whether or not the last one was answered yet.
        target = start + sent
        delay = target - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        email = victim if sent % 2 == 0 else f"guess-{worker}-{sent}@example.com"
        status, _ = call("POST", "/api/v1/auth/signin", {"email": email, "password": f"guess {sent}"})
        with lock:
            attacker[status] = attacker.get(status, 0) + 1
        sent += 1


def browse():
    while time.monotonic() < stop:
        began = time.monotonic()
        status, _ = call("GET", "/api/v1/library?limit=20", token=token)
        elapsed = (time.monotonic() - began) * 1000
        with lock:
            latencies.append(elapsed if status == 200 else float("inf"))


threads = [threading.Thread(target=attack, args=(worker,)) for worker in range(50)] + [threading.Thread(target=browse)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()

latencies.sort()
p50 = latencies[len(latencies) // 2]
p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
print(f"load: reader made {len(latencies)} library reads: p50 {p50:.1f} ms, p99 {p99:.1f} ms")
print(f"load: attacker's answers by status: {dict(sorted(attacker.items()))}")
failed = False
refused = sum(1 for value in latencies if value == float("inf"))
if refused:
    print(f"load: FAILED: {refused} of the reader's reads were not answered 200")
    failed = True
if len(latencies) < 10:
    print(f"load: FAILED: the reader made only {len(latencies)} reads while the flood ran")
    failed = True
if attacker.get(429, 0) == 0:
    print("load: FAILED: the attacker never got a 429")
    failed = True
# The lockout ends by itself: the right password is tried until it signs in (a locked account is
# refused before any password is checked, so trying counts nothing), for at most twice the lockout.
give_up = time.monotonic() + 2 * LOCKOUT + 5
while True:
    status, _ = call("POST", "/api/v1/auth/signin", {"email": victim, "password": "the right password"})
    if status == 200 or time.monotonic() > give_up:
        break
    time.sleep(0.5)
print(f"load: after the lockout the victim signs in: {status}")
if status != 200:
    print("load: FAILED: the account is not usable after the lockout")
    failed = True
sys.exit(1 if failed else 0)
