"""A backup taken while a reader writes restores to a consistent database with every acknowledged write.

Usage: python3 Tests/ops/backup_while_writing.py BASE_URL BACKUP_COMMAND... -- VERIFY_URL_FILE
Driven by scripts/test-backup.sh, which starts the server, and afterwards restores the backup and
starts a second server on it. Phase "write": signs a reader up, adds books (each add acknowledged by
a 201) while `dogear backup` runs in another process, and writes what it knows to a JSON file. Phase
"check": against the server on the restored database, every book acknowledged before the backup
began is there, nothing the backup could not have seen is required, and the library answers whole.
Python's standard library only.
"""

import json
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body is not None else None)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
            return response.status, json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def write(base, state_file, backup_command):
    status, signed_up = call(base, "POST", "/api/v1/auth/signup",
                             {"email": "writer@example.com", "password": "long enough", "displayName": "Writer"})
    assert status == 201, signed_up
    token = signed_up["token"]
    acknowledged = []  # (id, sent at, acknowledged at)
    errors = []
    stop = threading.Event()

    def writer():
        n = 0
        while not stop.is_set():
            n += 1
            sent = time.monotonic()
            try:
                status, entry = call(base, "POST", "/api/v1/library",
                                     {"book": {"title": f"Book {n}", "authors": ["Writer"]}, "status": "reading"}, token)
            except Exception as error:  # a refused connection or a timeout: the check fails below, not silently
                errors.append(("no answer", repr(error)))
                return
            if status == 201:
                acknowledged.append((entry["id"], sent, time.monotonic()))
            else:
                errors.append((status, entry))

    thread = threading.Thread(target=writer)
    thread.start()
    time.sleep(2)
    began = time.monotonic()
    result = subprocess.run(backup_command, capture_output=True, text=True)
    ended = time.monotonic()
    time.sleep(1)
    writer_alive = thread.is_alive()
    stop.set()
    thread.join()
    print(result.stdout.strip())
    if result.returncode != 0:
        sys.exit(f"backup failed: {result.stderr}")
    if errors:
        sys.exit(f"the writer got errors while the backup ran: {errors[:3]}")
    if not writer_alive:
        sys.exit("the writer stopped before the end (nothing was written after the backup)")
    before = [entry for entry, _, at in acknowledged if at < began]
    # Writes the backup ran beside: sent before it ended and answered after it began.
    during = [entry for entry, sent, at in acknowledged if sent < ended and at > began]
    after = [entry for entry, sent, _ in acknowledged if sent > ended]
    print(f"backup: {len(before)} books acknowledged before the backup began, {len(during)} written while it ran, "
          f"{len(after)} after, {len(acknowledged)} in all; the backup took {ended - began:.2f} s")
    if not before or not during or not after:
        sys.exit("the writer did not write before, during and after the backup: this run tested a backup of a quiet database")
    with open(state_file, "w") as file:
        json.dump({"token": token, "before": before, "all": [entry for entry, _, _ in acknowledged]}, file)


def check(base, state_file):
    with open(state_file) as file:
        state = json.load(file)
    token = state["token"]
    missing = [entry for entry in state["before"] if call(base, "GET", f"/api/v1/library/{entry}", token=token)[0] != 200]
    if missing:
        sys.exit(f"restored: {len(missing)} acknowledged books are missing, e.g. {missing[:3]}")
    # The library reads whole: paged to the end, no entry twice, and every one of them was acknowledged.
    seen, cursor = [], None
    while True:
        status, page = call(base, "GET", "/api/v1/library?limit=100" + (f"&cursor={cursor}" if cursor else ""), token=token)
        assert status == 200, page
        seen += [item["id"] for item in page["items"]]
        cursor = page.get("nextCursor")
        if not cursor:
            break
    if len(seen) != len(set(seen)) or not set(seen) <= set(state["all"]):
        sys.exit("restored: the library holds entries twice or entries nobody added")
    status, found = call(base, "GET", "/api/v1/library?q=book", token=token)
    assert status == 200
    print(f"restored: all {len(state['before'])} books acknowledged before the backup are there; "
          f"the library reads {len(seen)} entries, each once")


if __name__ == "__main__":
    phase, base, state_file = sys.argv[1], sys.argv[2], sys.argv[3]
    if phase == "write":
        write(base, state_file, sys.argv[4:])
    else:
        check(base, state_file)
