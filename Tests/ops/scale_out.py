"""Three `dogear serve` processes behind nginx: what a reader does through the balancer works,
whichever process answers. Driven by scripts/test-scale-out.sh (which reads nginx's log to see that
every process answered, and the database to see the import ran once).

Usage: python3 Tests/ops/scale_out.py BASE TOKEN_FILE ROWS
Python's standard library only.
"""

import sys
import time
import uuid

from http_client import Client


def goodreads(rows):
    header = ("Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,"
              "Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
              "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies")
    lines = [header] + [f"{900000 + i},Scale Book {i},Scale Author {i % 97},,,,,0,,Press,Paperback,200,2001,,,2019/05/06,,,"
                        f"to-read,,,,,1" for i in range(rows)]
    return ("\n".join(lines) + "\n").encode()


def wait_done(app, job_id):
    for _ in range(1200):
        status, job = app.json("GET", f"/api/v1/imports/{job_id}")
        assert status == 200, (status, job)
        if job["status"] in ("done", "failed"):
            return job
        time.sleep(0.1)
    raise SystemExit(f"import {job_id} did not finish")


def main(base, token_file, rows):
    app = Client(base)
    status, body = app.json("POST", "/api/v1/auth/signup",
                            {"email": "scale@example.com", "password": "long enough", "displayName": "Scale Reader"})
    assert status == 201, (status, body)
    app.token = body["token"]
    with open(token_file, "w") as f:
        f.write(app.token)
    for _ in range(30):
        status, me = app.json("GET", "/api/v1/me")
        assert status == 200 and me["displayName"] == "Scale Reader", (status, me)
    print("scale-out: an app's token worked on 30 requests in a row")

    web = Client(base)
    status, _, _ = web.send("GET", "/signin")
    assert status == 200 and web.csrf, status
    status, headers, text = web.form("/signin", {"email": "scale@example.com", "password": "long enough"})
    assert status == 303, (status, text[:300])
    for _ in range(12):
        status, _, text = web.send("GET", "/library")
        assert status == 200 and "<title>Library" in text, (status, text[:300])
    print("scale-out: a browser signed in through one process and read its library through all 12 times")

    # The import: uploaded (a preview) through one process, confirmed through another, run by one.
    status, _, _ = web.send("GET", "/import")
    assert status == 200
    boundary = "scale-" + uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n{web.csrf}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"goodreads.csv\"\r\n"
            "Content-Type: text/csv\r\n\r\n").encode() + goodreads(rows) + f"\r\n--{boundary}--\r\n".encode()
    status, headers, text = web.send("POST", "/import", body, f"multipart/form-data; boundary={boundary}")
    assert status == 303, (status, text[:300])
    preview_id = headers["location"].rstrip("/").split("/")[-1]
    preview = wait_done(app, preview_id)
    assert preview["status"] == "done" and preview["created"] == rows, preview
    status, _, text = web.send("GET", f"/import/{preview_id}")
    assert status == 200, (status, text[:300])
    status, headers, text = web.form(f"/import/{preview_id}/run", {})
    assert status == 303, (status, text[:300])
    run_id = headers["location"].rstrip("/").split("/")[-1]
    # The confirmation posted again (a double click, through whichever process) is the same job.
    status, headers, _ = web.form(f"/import/{preview_id}/run", {})
    assert status == 303 and headers["location"].rstrip("/").split("/")[-1] == run_id, (status, headers)
    job = wait_done(app, run_id)
    assert job["status"] == "done" and job["processed"] == rows and job["created"] == rows, job
    print(f"scale-out: the preview ({rows} rows) and its confirmation (posted twice) made one import, done")
    print("RUN_ID=" + run_id)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
