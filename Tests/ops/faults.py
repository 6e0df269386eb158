"""Faults, for real, against `dogear serve` processes that scripts/test-faults.sh starts and kills.

Each phase prints what it saw and exits non-zero when a promise is broken. Python's standard
library only.

  signup BASE STATE                 a reader, their token in STATE (JSON)
  import-start BASE STATE ROWS      uploads a Goodreads file of ROWS rows; waits for a batch
  import-check BASE STATE           after a restart: the import finishes, each row exactly once
  sse-open BASE STATE OUT           opens a club's event stream and copies it to OUT until it ends
  status-burst BASE STATE SECONDS [WORKERS [stopping]]  status changes from WORKERS threads (8), acknowledged
                                    ones in STATE
  grouped BASE METRICS_TOKEN        /metrics says commits held more than one write (group commit)
  status-check BASE STATE           after kill -9 and a restart: every acknowledged change is there
  invariants SQLITE_FILE [ENTRIES]  integrity_check, a search document per entry, counts that match
                                    (and exactly ENTRIES entries, when given)
  malformed BASE STATE UPLOADS_DIR  100 malformed uploads: each a 4xx with a message, 0 left on disk
  disk BASE STATE MOUNT             the data folder's file system filled: 507, a failed import, still answering
"""

import http.client
import json
import os
import random
import sqlite3
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request


def call(base, method, path, body=None, token=None, raw=None, headers=None, timeout=60):
    data = raw if raw is not None else json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, method=method, data=data)
    if raw is None:
        request.add_header("content-type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    if token:
        request.add_header("authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            text = response.read().decode()
            return response.status, json.loads(text) if text.startswith(("{", "[")) else text
    except urllib.error.HTTPError as error:
        text = error.read().decode()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, text


def load(path):
    with open(path) as f:
        return json.load(f)


def save(path, state):
    with open(path, "w") as f:
        json.dump(state, f)


def signup(base, state_file):
    status, body = call(base, "POST", "/api/v1/auth/signup",
                        {"email": "faults@example.com", "password": "long enough", "displayName": "Faults"})
    assert status == 201, (status, body)
    save(state_file, {"token": body["token"]})
    print("faults: signed up")


GOODREADS_HEADER = ("Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,"
                    "Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
                    "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies")


def goodreads(rows, prefix="Fault Book"):
    lines = [GOODREADS_HEADER]
    for i in range(rows):
        shelf = ["read", "to-read", "currently-reading"][i % 3]
        lines.append(f'{700000 + i},{prefix} {i},Author {i % 997},,,,,{i % 6},,Press,Paperback,{100 + i % 500},2001,,'
                      f'{"2020/01/02" if shelf == "read" else ""},2019/05/06,"tag-a, tag-b",,{shelf},,,,,1')
    return ("\n".join(lines) + "\n").encode()


def multipart(data, name="export.csv", content_type="text/csv"):
    boundary = "faults-%d" % random.randrange(10 ** 12)
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
            f"Content-Type: {content_type}\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, {"content-type": f"multipart/form-data; boundary={boundary}"}


def import_start(base, state_file, rows):
    state = load(state_file)
    body, headers = multipart(goodreads(rows))
    status, job = call(base, "POST", "/api/v1/imports", token=state["token"], raw=body, headers=headers)
    assert status == 202, (status, job)
    state.update(job=job["id"], rows=rows)
    save(state_file, state)
    for _ in range(600):
        _, job = call(base, "GET", f"/api/v1/imports/{state['job']}", token=state["token"])
        if job["processed"] > 0:
            print(f"faults: import running, {job['processed']} of {rows} rows committed")
            return
        time.sleep(0.05)
    raise SystemExit("the import never committed a batch")


def import_check(base, state_file):
    state = load(state_file)
    for _ in range(1200):
        _, job = call(base, "GET", f"/api/v1/imports/{state['job']}", token=state["token"])
        if job["status"] in ("done", "failed"):
            break
        time.sleep(0.1)
    assert job["status"] == "done", job
    rows = state["rows"]
    assert job["processed"] == rows and job["created"] == rows and job["failed"] == 0, job
    # The entries themselves are counted by `invariants` with the rows expected.
    print(f"faults: the import went on after the restart and finished: {rows} rows, each once")


def sse_open(base, state_file, out):
    state = load(state_file)
    status, club = call(base, "POST", "/api/v1/clubs", {"name": "Fault club"}, state["token"])
    assert status == 201, (status, club)
    parsed = urllib.parse.urlparse(base)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=60)
    connection.request("GET", f"/api/v1/clubs/{club['id']}/events", headers={"authorization": "Bearer " + state["token"]})
    response = connection.getresponse()
    assert response.status == 200, response.status
    with open(out, "w") as f:
        f.write("open\n")
        f.flush()
        while True:
            line = response.fp.readline()
            if not line:
                break
            f.write(line.decode())
            f.flush()
        f.write("ended\n")


def status_burst(base, state_file, seconds, workers=8, stopping=False):
    state = load(state_file)
    token = state["token"]
    entries = []
    for i in range(workers * 2):
        status, entry = call(base, "POST", "/api/v1/library", {"book": {"title": f"Burst {i}", "authors": ["Burst"]}}, token)
        assert status == 201, (status, entry)
        entries.append(entry["id"])
    statuses = ["wantToRead", "reading", "read", "onHold", "didNotFinish"]
    sent = {entry: [] for entry in entries}  # per entry: [(status, acknowledged)]
    lock = threading.Lock()
    cut_off = []  # workers whose request the kill cut off
    stop = time.monotonic() + seconds

    def worker(mine):
        while time.monotonic() < stop:
            entry = random.choice(mine)
            value = random.choice(statuses)
            with lock:
                sent[entry].append([value, False])
                index = len(sent[entry]) - 1
            try:
                status, _ = call(base, "POST", f"/api/v1/library/{entry}/status", {"status": value}, token, timeout=10)
            except Exception:
                with lock:
                    cut_off.append(entry)
                return  # the server was killed
            if status == 200:
                with lock:
                    sent[entry][index][1] = True
            elif status == 503 and stopping:
                with lock:
                    cut_off.append(entry)
                return  # the server is stopping (SIGTERM): it answers 503 until it has stopped

    # One thread per pair of entries, so each entry's changes are in order.
    threads = [threading.Thread(target=worker, args=(entries[i * 2:i * 2 + 2],)) for i in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    state["sent"] = sent
    save(state_file, state)
    acknowledged = sum(1 for changes in sent.values() for _, ok in changes if ok)
    print(f"faults: {acknowledged} status changes acknowledged before the kill, {len(cut_off)} of {workers} workers cut off by it")
    # The burst did what it names: changes were acknowledged, and the kill landed while it ran (a
    # kill after the burst ended, or a server that never answered, would test nothing).
    assert acknowledged > 0, "no status change was acknowledged before the kill"
    assert cut_off, "the kill did not land during the burst: no worker's request was cut off"


def grouped(base, metrics_token):
    """The server's own count of the writes each commit held: some held more than one."""
    status, text = call(base, "GET", "/metrics", token=metrics_token)
    assert status == 200, (status, str(text)[:200])
    figures = {}
    for line in text.splitlines():
        if line.startswith("dogear_database_write_group_writes_count"):
            figures["commits"] = float(line.split()[-1])
        elif line.startswith("dogear_database_write_group_writes_sum"):
            figures["writes"] = float(line.split()[-1])
        elif line.startswith('dogear_database_write_group_writes_bucket{le="1.0"}'):
            figures["alone"] = float(line.split()[-1])
    assert {"commits", "writes", "alone"} <= figures.keys(), f"no group figures in /metrics: {figures}"
    print(f"faults: {figures['writes']:.0f} writes in {figures['commits']:.0f} commits, "
          f"{figures['commits'] - figures['alone']:.0f} of them holding more than one write")
    assert figures["commits"] > figures["alone"], "no commit held more than one write: nothing was grouped"


def status_check(base, state_file):
    state = load(state_file)
    lost = 0
    for entry, changes in state["sent"].items():
        status, body = call(base, "GET", f"/api/v1/library/{entry}", token=state["token"])
        assert status == 200, (status, body)
        last_ack = max((i for i, (_, ok) in enumerate(changes) if ok), default=None)
        if last_ack is None:
            continue
        # The last acknowledged change, or one sent after it whose answer the kill cut off.
        allowed = {changes[i][0] for i in range(last_ack, len(changes))}
        if body["status"] not in allowed:
            lost += 1
            print(f"entry {entry}: {body['status']}, expected one of {sorted(allowed)}")
    assert lost == 0, f"{lost} acknowledged status changes lost"
    checked = sum(1 for changes in state["sent"].values() if any(ok for _, ok in changes))
    assert checked > 0, "no entry had an acknowledged change to check"
    print(f"faults: every acknowledged status change survived kill -9 ({checked} of {len(state['sent'])} entries had one)")


def invariants(path, expected_entries=None):
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "integrity_check failed"
    missing = db.execute("""SELECT COUNT(*) FROM library_entries e
                            WHERE NOT EXISTS (SELECT 1 FROM entry_search_docs d WHERE d.entry_id = e.id)""").fetchone()[0]
    assert missing == 0, f"{missing} entries without a search document"
    stray = db.execute("""SELECT COUNT(*) FROM entry_search_docs d
                          WHERE NOT EXISTS (SELECT 1 FROM library_entries e WHERE e.id = d.entry_id)""").fetchone()[0]
    assert stray == 0, f"{stray} search documents without an entry"
    wrong = db.execute("""SELECT COUNT(*) FROM works w WHERE readers_count <> (SELECT COUNT(*) FROM library_entries e
                            WHERE e.work_id = w.id AND e.is_public AND (e.status <> 'wantToRead' OR e.read_count > 0))""").fetchone()[0]
    assert wrong == 0, f"{wrong} works whose reader count is wrong"
    for job in db.execute("SELECT status, total, processed, created, merged, unchanged, failed FROM imports WHERE dry_run = 0"):
        status, total, processed, created, merged, unchanged, failed = job
        if status == "done":
            assert processed == total == created + merged + unchanged + failed, job
    entries = db.execute("SELECT COUNT(*) FROM library_entries").fetchone()[0]
    if expected_entries is not None:
        assert entries == int(expected_entries), f"{entries} entries, expected {expected_entries} (each row once)"
    print(f"faults: {path.split('/')[-2]}: integrity_check ok; {entries} entries, each with its search document; "
          "reader counts and import counters match")


def malformed_bodies():
    """100 uploads that are wrong in every way a file can be."""
    header = GOODREADS_HEADER.encode()
    cases = []
    good = goodreads(20)
    for cut in range(1, 21):  # truncated mid-row (still a file to read), and cut inside the multipart body
        cases.append(("truncated csv %d" % cut, good[: len(good) * cut // 21], "csv", True))
    for i in range(15):  # binary
        rnd = random.Random(i)
        cases.append(("binary %d" % i, bytes(rnd.randrange(256) for _ in range(2000 + i * 500)), "csv", True))
    cases.append(("one 1 MB field", header + b"\n1,\"" + b"x" * (1 << 20) + b"\",A\n", "csv", True))
    cases.append(("1 MB header line", b"a," * (1 << 19) + b"\n1\n", "csv", True))
    cases.append(("100k columns", b",".join(b"c%d" % i for i in range(100_000)) + b"\n", "csv", True))
    cases.append(("100k columns of a row", header + b"\n" + b"x," * 100_000 + b"\n", "csv", True))
    for depth in (10_000, 100_000, 1_000_000):
        cases.append(("nested JSON %d" % depth, b"[" * depth + b"]" * depth, "json", True))
        cases.append(("unclosed nested JSON %d" % depth, b"{\"1\":" + b"[" * depth, "json", True))
    for i in range(10):  # invalid UTF-8 in every position
        cases.append(("invalid utf-8 %d" % i, header[: 10 * i] + b"\xff\xfe\xc3" + header[10 * i:] + b"\n1,T\xc3\x28,A\n", "csv", True))
    cases.append(("zip bomb-like repetition", b"PK\x03\x04" + b"\x00" * (2 << 20), "csv", True))
    cases.append(("repeated row", header + b"\n" + b"1,Same,Author\n" * 1, "csv", True))
    cases.append(("gzip magic", b"\x1f\x8b\x08" + b"A" * 100_000, "csv", True))
    cases.append(("JSON of the wrong shape", b'{"format":"dogear-backup","entries":{}}', "json", True))
    cases.append(("JSON string", b'"just a string"', "json", True))
    cases.append(("JSON number", b"12345", "json", True))
    cases.append(("empty", b"", "csv", True))
    cases.append(("only a BOM", b"\xef\xbb\xbf", "csv", True))
    cases.append(("only newlines", b"\n" * 10_000, "csv", True))
    cases.append(("NUL bytes", b"\x00" * 50_000, "csv", True))
    cases.append(("unknown header", b"name,email\nAnn,ann@example.com\n", "csv", True))
    for i in range(10):  # broken multipart bodies
        cases.append(("broken multipart %d" % i, None, "multipart", i))
    while len(cases) < 100:
        i = len(cases)
        cases.append(("quote soup %d" % i, header + b"\n" + b'"' * (i * 37) + b",\n", "csv", True))
    return cases[:100]


def malformed(base, state_file, uploads):
    state = load(state_file)
    token = state["token"]
    before = set(os.listdir(uploads)) if os.path.isdir(uploads) else set()
    answers = {}
    for name, data, kind, extra in malformed_bodies():
        if kind == "multipart":
            boundary = "b0undary"
            bodies = [
                b"--b0undary\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\n" + b"x" * 1000,  # no end
                b"--b0undary\r\n" + b"X-Header: " + b"h" * 100_000 + b"\r\n\r\nx\r\n--b0undary--\r\n",
                b"--other\r\n\r\nx\r\n--other--\r\n",
                b"".join(b"--b0undary\r\nContent-Disposition: form-data; name=\"p%d\"\r\n\r\nx\r\n" % j for j in range(50))
                + b"--b0undary--\r\n",
                b"--b0undary--\r\n",
                b"\r\n\r\n\r\n",
                b"--b0undary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\n\xff\xfe" * 3,
                b"--b0undary\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b0undary--\r\n",
                b"--b0undary" * 10_000,
                b"--b0undary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\n"
                + GOODREADS_HEADER.encode() + b"\r\n--b0undary",
            ]
            raw, headers = bodies[extra], {"content-type": f"multipart/form-data; boundary={boundary}"}
        else:
            raw, headers = multipart(data, "upload." + kind, "application/json" if kind == "json" else "text/csv")
        try:
            status, body = call(base, "POST", "/api/v1/imports", token=token, raw=raw, headers=headers)
        except Exception as error:  # a dropped connection is a crash or a bug here
            raise SystemExit(f"{name}: no answer ({error})")
        message = body.get("error", {}).get("message") if isinstance(body, dict) else None
        if status == 202:
            # Read and queued: a file of this kind may be a file with bad rows; its job must end.
            for _ in range(600):
                _, job = call(base, "GET", f"/api/v1/imports/{body['id']}", token=token)
                if job["status"] in ("done", "failed"):
                    break
                time.sleep(0.05)
            assert job["status"] in ("done", "failed"), (name, job)
            answers[name] = f"imported: {job['status']}, {job['failed']} of {job['total']} rows failed"
        else:
            assert 400 <= status < 500, (name, status, body)
            assert message, (name, status, body)
            answers[name] = f"{status} {message[:90]}"
    status, _ = call(base, "GET", "/health")
    assert status == 200, "the server stopped answering"
    after = set(os.listdir(uploads)) if os.path.isdir(uploads) else set()
    left = after - before
    for name, answer in answers.items():
        print(f"  {name}: {answer}")
    assert not left, f"{len(left)} uploads left on disk: {sorted(left)[:5]}"
    print(f"faults: {len(answers)} malformed uploads, each answered clearly; 0 crashes; 0 files left")


def free_bytes(path):
    stats = os.statvfs(path)
    return stats.f_bavail * stats.f_frsize


def fill(mount, leave):
    """Grows MOUNT/filler until about LEAVE bytes are free."""
    filler = os.path.join(mount, "filler")
    with open(filler, "ab") as f:
        while free_bytes(mount) > leave + (1 << 20):
            f.write(b"\0" * (1 << 20))
            f.flush()
    os.truncate(filler, max(0, os.path.getsize(filler) - max(0, leave - free_bytes(mount))))


def disk(base, state_file, mount):
    state = load(state_file)
    token = state["token"]
    uploads = os.path.join(mount, "data", "imports")

    # An upload bigger than the space left.
    fill(mount, 6 << 20)
    big = goodreads(120_000, prefix="Too Big For The Disk")
    assert len(big) > free_bytes(mount) + (2 << 20), (len(big), free_bytes(mount))
    body, headers = multipart(big)
    status, answer = call(base, "POST", "/api/v1/imports", token=token, raw=body, headers=headers)
    message = answer.get("error", {}).get("message") if isinstance(answer, dict) else answer
    print(f"faults: disk: a {len(big) >> 20} MB upload with {free_bytes(mount) >> 20} MB free: {status} {message}")
    assert status == 507 and message, (status, answer)
    left = os.listdir(uploads) if os.path.isdir(uploads) else []
    assert not left, f"the refused upload left {left}"
    assert call(base, "GET", "/health")[0] == 200

    # An import whose rows do not fit.
    notes = "n" * 400
    rows = [GOODREADS_HEADER] + [
        f'{800000 + i},Disk Book {i},Disk Author {i % 50},,,,,0,,Press,Paperback,100,2001,,,2019/05/06,'
        f'"t{i % 100}, u{i % 70}",,to-read,{notes},,{notes},,1'
        for i in range(8000)]
    data = ("\n".join(rows) + "\n").encode()
    fill(mount, len(data) + (3 << 20))
    body, headers = multipart(data)
    status, job = call(base, "POST", "/api/v1/imports", token=token, raw=body, headers=headers)
    assert status == 202, (status, job)
    for _ in range(1200):
        _, job = call(base, "GET", f"/api/v1/imports/{job['id']}", token=token)
        if job["status"] in ("done", "failed"):
            break
        time.sleep(0.1)
    print(f"faults: disk: an import of {len(data) >> 20} MB with {free_bytes(mount) >> 20} MB free: "
          f"{job['status']} after {job['processed']} rows: {job.get('message')}")
    assert job["status"] == "failed" and "disk is full" in (job.get("message") or ""), job
    assert call(base, "GET", "/health")[0] == 200
    status, _ = call(base, "GET", "/api/v1/library?limit=5", token=token)
    assert status == 200, "the library did not answer on a full disk"

    # Space again: writes go on.
    os.remove(os.path.join(mount, "filler"))
    status, entry = call(base, "POST", "/api/v1/library", {"book": {"title": "After the disk", "authors": ["A"]}}, token)
    assert status == 201, (status, entry)
    left = os.listdir(uploads) if os.path.isdir(uploads) else []
    assert not left, f"uploads left on disk: {left}"
    print("faults: disk: the server kept answering; with space again, writes go on; no upload left behind")


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "signup":
        signup(*args)
    elif command == "import-start":
        import_start(args[0], args[1], int(args[2]))
    elif command == "import-check":
        import_check(*args)
    elif command == "sse-open":
        sse_open(*args)
    elif command == "status-burst":
        status_burst(args[0], args[1], float(args[2]), int(args[3]) if len(args) > 3 else 8,
                     stopping=len(args) > 4 and args[4] == "stopping")
    elif command == "grouped":
        grouped(*args)
    elif command == "status-check":
        status_check(*args)
    elif command == "invariants":
        invariants(*args)
    elif command == "disk":
        disk(*args)
    elif command == "malformed":
        malformed(*args)
    else:
        raise SystemExit(__doc__)
