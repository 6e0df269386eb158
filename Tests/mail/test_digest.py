"""Email digests through a real SMTP server (aiosmtpd, from PyPI) from a real `dogear serve`.

Bob and Cat choose a daily digest of replies and mentions; Ann mentions them both and replies to
Bob; Ann chose nothing. The next day two `dogear notify` processes run at once against the same
database (as two servers would): each reader gets exactly one digest, with their unread items,
a link to each, and `List-Unsubscribe` headers; Ann gets none. Bob's one-click unsubscribe (a POST,
as a mail program sends it) turns his email off; the day after, only Cat is mailed. Nothing is
mailed for a notification Bob read before the digest.

Usage: python3 Tests/mail/test_digest.py [path to the dogear binary]
"""

import base64
import datetime
import email
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.request

from aiosmtpd.controller import Controller

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/dogear"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    def __init__(self):
        self.mails = []

    async def handle_DATA(self, server, session, envelope):
        self.mails.append({"to": envelope.rcpt_tos, "message": email.message_from_bytes(envelope.content)})
        return "250 OK"


def body_text(message):
    payload = message.get_payload()
    return base64.b64decode(payload).decode() if message["Content-Transfer-Encoding"] == "base64" else payload


class Digest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="dogear-digest-")
        cls.inbox = Inbox()
        smtp_port = free_port()
        cls.smtp = Controller(cls.inbox, hostname="127.0.0.1", port=smtp_port)
        cls.smtp.start()
        port = free_port()
        cls.base = "http://127.0.0.1:%d" % port
        cls.env = dict(os.environ)
        cls.env.update(
            DOGEAR_DATA_DIR=os.path.join(cls.work, "data"), DOGEAR_PORT=str(port), DOGEAR_ENRICH="false",
            DOGEAR_OFFLINE="true", DOGEAR_BASE_URL=cls.base, SMTP_URL="smtp+plain://127.0.0.1:%d" % smtp_port,
            SMTP_FROM="Dogear <books@dogear.test>")
        cls.log = open(os.path.join(cls.work, "server.log"), "w")
        cls.server = subprocess.Popen([BIN, "serve"], env=cls.env, stdout=cls.log, stderr=subprocess.STDOUT)
        for _ in range(300):
            try:
                urllib.request.urlopen(cls.base + "/health", timeout=1)
                break
            except Exception:
                time.sleep(0.1)
        else:
            with open(cls.log.name) as log:
                raise RuntimeError("dogear serve did not start: " + log.read())

    @classmethod
    def tearDownClass(cls):
        cls.server.terminate()
        cls.server.wait(timeout=10)
        cls.log.close()
        cls.smtp.stop()

    def call(self, method, path, body=None, token=None, expect=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("content-type", "application/json")
        if token:
            request.add_header("authorization", "Bearer " + token)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                status, text = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode()
        if expect is not None:
            self.assertEqual(status, expect, "%s %s: %s" % (method, path, text))
        return status, (json.loads(text) if text.startswith(("{", "[")) else text)

    def sign_up(self, email_address, name):
        _, body = self.call("POST", "/api/v1/auth/signup",
                            {"email": email_address, "password": "long enough", "displayName": name}, expect=201)
        return body["token"]

    def notify(self, at, processes=1):
        """Runs `dogear notify --at` in that many processes at once; their outputs."""
        running = [subprocess.Popen([BIN, "notify", "--at", at], env=self.env, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT) for _ in range(processes)]
        outputs = [p.communicate(timeout=120)[0].decode() for p in running]
        for p, out in zip(running, outputs):
            self.assertEqual(p.returncode, 0, out)
        return outputs

    def mails_to(self, address):
        return [m["message"] for m in self.inbox.mails if address in m["to"]]

    def test_one_digest_per_reader_per_day_with_one_click_unsubscribe(self):
        ann = self.sign_up("ann@example.com", "Ann")
        bob = self.sign_up("bob@example.com", "Bob")
        cat = self.sign_up("cat@example.com", "Cat")
        _, club = self.call("POST", "/api/v1/clubs", {"name": "Family"}, ann, expect=201)
        for token in (bob, cat):
            self.call("POST", "/api/v1/clubs/join", {"code": club["joinCode"]}, token, expect=200)
            self.call("PUT", "/api/v1/notifications/settings",
                      {"reply": {"email": "daily"}, "mention": {"email": "daily"}}, token, expect=200)
        _, bobs = self.call("POST", "/api/v1/clubs/%s/comments" % club["id"], {"body": "Who is the Other?"}, bob,
                            expect=201)
        self.call("POST", "/api/v1/clubs/%s/comments" % club["id"],
                  {"body": "A scholar, @Bob", "replyTo": bobs["id"]}, ann, expect=201)
        self.call("POST", "/api/v1/clubs/%s/comments" % club["id"], {"body": "@Cat @Bob meeting soon"}, ann,
                  expect=201)
        # Bob reads one of his three before the digest: it is not mailed.
        _, bobs_inbox = self.call("GET", "/api/v1/notifications", token=bob, expect=200)
        mention = [n for n in bobs_inbox["items"] if n["kind"] == "mention"][0]
        self.call("POST", "/api/v1/notifications/read", {"ids": [mention["id"]]}, bob, expect=200)

        tomorrow = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=1)).strftime(
            "%Y-%m-%dT00:05:00Z")
        outputs = self.notify(tomorrow, processes=2)
        sent = sum(int(out.split("digests: ")[1].split(" sent")[0]) for out in outputs)
        self.assertEqual(sent, 2, outputs)
        self.assertEqual(len(self.inbox.mails), 2, [m["to"] for m in self.inbox.mails])
        self.assertEqual(self.mails_to("ann@example.com"), [])
        [bobs_mail] = self.mails_to("bob@example.com")
        [cats_mail] = self.mails_to("cat@example.com")
        self.assertEqual(bobs_mail["Subject"], "Dogear: 1 unread (daily digest)")
        text = body_text(bobs_mail)
        self.assertIn("Ann replied to you in Family", text)
        self.assertIn("A scholar, @Bob", text)
        self.assertNotIn("meeting soon", text)  # read before the digest
        self.assertIn(self.base + "/clubs/%s#discussion" % club["id"], text)
        self.assertIn("Ann mentioned you in Family", body_text(cats_mail))
        unsubscribe = bobs_mail["List-Unsubscribe"].strip("<>")
        self.assertTrue(unsubscribe.startswith(self.base + "/unsubscribe/"), unsubscribe)
        self.assertEqual(bobs_mail["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click")
        self.assertIn(unsubscribe, text)

        # The same day again: nothing more.
        self.notify(tomorrow)
        self.assertEqual(len(self.inbox.mails), 2)

        # The link opens a page; the mail program's one-click POST turns Bob's email off.
        with urllib.request.urlopen(unsubscribe, timeout=10) as page:
            self.assertIn("Stop digest emails", page.read().decode())
        one_click = urllib.request.Request(unsubscribe, data=b"List-Unsubscribe=One-Click", method="POST")
        one_click.add_header("content-type", "application/x-www-form-urlencoded")
        with urllib.request.urlopen(one_click, timeout=10) as done:
            self.assertEqual(done.status, 200)
            self.assertIn("no more digest emails", done.read().decode())
        _, settings = self.call("GET", "/api/v1/notifications/settings", token=bob, expect=200)
        self.assertTrue(all(channel["email"] == "off" for channel in settings.values()), settings)
        with self.assertRaises(urllib.error.HTTPError) as unknown:
            urllib.request.urlopen(self.base + "/unsubscribe/" + "x" * 43, timeout=10)
        self.assertEqual(unknown.exception.code, 404)

        # The next day: Ann mentions both again; only Cat is mailed.
        self.call("POST", "/api/v1/clubs/%s/comments" % club["id"], {"body": "@Cat @Bob again"}, ann, expect=201)
        day_after = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=2)).strftime(
            "%Y-%m-%dT00:05:00Z")
        self.notify(day_after)
        self.assertEqual(len(self.mails_to("bob@example.com")), 1)
        self.assertEqual(len(self.mails_to("cat@example.com")), 2)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]], verbosity=2)
