"""Web Push read by other people's code: a real `dogear serve` on SQLite sends pushes to a local
push service (a Python HTTP server standing in for Firebase or Mozilla's autopush), and the push is
decrypted with `http_ece` (the RFC 8188/8291 reference implementation, from PyPI) using the keys
the "browser" subscribed with, and its VAPID JWT verified with PyJWT against the server's public
key (RFC 8292). The server's own sender runs as in production: nobody asks it to send.

Checked: a reply reaches the subscribed browser without a request of its own, decrypts to the
notification's words, and carries `vapid t=…, k=…` where k is `GET /api/v1/push/key` and t an
ES256 JWT for the push service's origin, not expired, with a subject; a push service answering
410 makes the server forget that browser. The Swift tests (WebPushTests) check the same with a
decryption written from the RFC.

Usage: python3 Tests/push/test_web_push.py [path to the dogear binary]
"""

import base64
import http.server
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.request

import http_ece
import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/dogear"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService(http.server.BaseHTTPRequestHandler):
    """Keeps every push it is sent; answers 201, or what `statuses` says for a path."""
    received = []
    statuses = {}
    lock = threading.Lock()

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        with self.lock:
            self.received.append((self.path, dict(self.headers), body))
            status = self.statuses.get(self.path, 201)
        self.send_response(status)
        self.send_header("content-length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


class Browser:
    """What `PushManager.subscribe` makes: a P-256 key pair and a 16-byte secret."""

    def __init__(self, endpoint):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = endpoint

    def subscription(self):
        public = self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "expirationTime": None, "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)}}

    def decrypt(self, body):
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


class WebPush(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.push_port = free_port()
        cls.push_service = http.server.ThreadingHTTPServer(("127.0.0.1", cls.push_port), PushService)
        threading.Thread(target=cls.push_service.serve_forever, daemon=True).start()
        cls.work = tempfile.mkdtemp(prefix="dogear-push-")
        port = free_port()
        cls.base = "http://127.0.0.1:%d" % port
        env = dict(os.environ)
        env.update(
            DOGEAR_DATA_DIR=os.path.join(cls.work, "data"), DOGEAR_PORT=str(port), DOGEAR_ENRICH="false",
            DOGEAR_OFFLINE="true", DOGEAR_BASE_URL=cls.base, DOGEAR_VAPID_SUBJECT="mailto:ops@example.org",
            DOGEAR_PUSH_SERVICES="http://127.0.0.1:%d" % cls.push_port)
        cls.log = open(os.path.join(cls.work, "server.log"), "w")
        cls.server = subprocess.Popen([BIN, "serve"], env=env, stdout=cls.log, stderr=subprocess.STDOUT)
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
        cls.push_service.shutdown()

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

    def sign_up(self, email, name):
        _, body = self.call("POST", "/api/v1/auth/signup",
                            {"email": email, "password": "long enough", "displayName": name}, expect=201)
        return body["token"]

    def pushes_to(self, path, count):
        """Waits (up to 30 s, asserting nothing about how long) for `count` pushes to `path`."""
        for _ in range(300):
            with PushService.lock:
                found = [push for push in PushService.received if push[0] == path]
            if len(found) >= count:
                return found
            time.sleep(0.1)
        self.fail("%d pushes to %s expected; got %d" % (count, path, len(found)))

    def test_a_reply_is_pushed_encrypted_and_signed(self):
        ann = self.sign_up("ann@example.com", "Ann")
        bob = self.sign_up("bob@example.com", "Bob")
        _, club = self.call("POST", "/api/v1/clubs", {"name": "Thursday Club"}, ann, expect=201)
        self.call("POST", "/api/v1/clubs/join", {"code": club["joinCode"]}, bob, expect=200)
        _, key = self.call("GET", "/api/v1/push/key", expect=200)

        browser = Browser("http://127.0.0.1:%d/push/bob-phone" % self.push_port)
        _, subscribed = self.call("POST", "/api/v1/push/subscriptions", browser.subscription(), bob, expect=201)
        self.assertEqual(subscribed, {"subscriptions": 1})
        _, question = self.call("POST", "/api/v1/clubs/%s/comments" % club["id"], {"body": "Who is the Other?"}, bob,
                                expect=201)
        self.call("POST", "/api/v1/clubs/%s/comments" % club["id"],
                  {"body": "A man in the Halls", "replyTo": question["id"]}, ann, expect=201)

        path, headers, body = self.pushes_to("/push/bob-phone", 1)[0]
        headers = {name.lower(): value for name, value in headers.items()}
        self.assertEqual(headers["content-encoding"], "aes128gcm")
        self.assertEqual(headers["ttl"], "86400")
        message = browser.decrypt(body)
        self.assertEqual(message["title"], "Ann replied to you in Thursday Club")
        self.assertEqual(message["body"], "A man in the Halls")
        self.assertEqual(message["url"], "/clubs/%s#discussion" % club["id"].upper())

        scheme, _, parameters = headers["authorization"].partition(" ")
        self.assertEqual(scheme, "vapid")
        fields = dict(part.strip().split("=", 1) for part in parameters.split(","))
        self.assertEqual(fields["k"], key["publicKey"])
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(fields["k"]))
        claims = jwt.decode(fields["t"], public, algorithms=["ES256"], audience="http://127.0.0.1:%d" % self.push_port)
        self.assertEqual(claims["sub"], "mailto:ops@example.org")
        self.assertLessEqual(claims["exp"] - time.time(), 24 * 3600)
        self.assertGreater(claims["exp"], time.time())

        # The push service says this browser is gone: the next push meets 410 and the server forgets it.
        PushService.statuses["/push/bob-phone"] = 410
        self.call("POST", "/api/v1/clubs/%s/comments" % club["id"],
                  {"body": "Or so I think", "replyTo": question["id"]}, ann, expect=201)
        self.pushes_to("/push/bob-phone", 2)
        # (The server forgets it as the 410 comes back, just after the push service has it: a new
        # browser is subscribed, and let go again, until the phone is no longer counted.)
        for attempt in range(100):
            laptop = Browser("http://127.0.0.1:%d/push/bob-laptop-%d" % (self.push_port, attempt))
            _, count = self.call("POST", "/api/v1/push/subscriptions", laptop.subscription(), bob, expect=201)
            if count == {"subscriptions": 1}:
                break
            self.call("DELETE", "/api/v1/push/subscriptions", {"endpoint": laptop.endpoint}, bob, expect=204)
            time.sleep(0.1)
        self.assertEqual(count, {"subscriptions": 1}, "the phone the push service said was gone is still subscribed")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
