"""Password recovery through a real SMTP server (aiosmtpd, from PyPI) and a real `dogear serve`.

The SMTP server wants STARTTLS (a certificate made here for `localhost`, which Dogear trusts through
SMTP_CA_FILE) and AUTH before any mail. Checked: asking for a reset answers the same for an address
with an account and one without; the mail for Ann arrives (once, over TLS, signed in), and none for
the unknown address; the link in it opens the page, sets a new password once, and ends Ann's other
sessions; the old password no longer signs in; a sign-up with a taken email tells the address's
owner by mail. Expiry after an hour is checked by the Swift tests
with a fixed clock (PasswordResetTests), through the same service.

Usage: python3 Tests/mail/test_password_reset.py [path to the dogear binary]
"""

import base64
import email
import json
import os
import re
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.request

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/dogear"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    """Keeps every mail with whether it came over TLS and after AUTH."""

    def __init__(self):
        self.mails = []

    async def handle_DATA(self, server, session, envelope):
        self.mails.append(
            {
                "to": envelope.rcpt_tos,
                "from": envelope.mail_from,
                "tls": session.ssl is not None,
                "authenticated": session.authenticated,
                "message": email.message_from_bytes(envelope.content),
            }
        )
        return "250 OK"


def authenticate(server, session, envelope, mechanism, auth_data):
    return AuthResult(success=auth_data.login == b"dogear" and auth_data.password == b"s3cret:pass")


def call(base, method, path, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read().decode()
            return response.status, (json.loads(text) if text else None)
    except urllib.error.HTTPError as error:
        text = error.read().decode()
        return error.code, (json.loads(text) if text.startswith("{") else text)


class PasswordResetByMail(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="dogear-mail-")
        cert, key = os.path.join(cls.work, "cert.pem"), os.path.join(cls.work, "key.pem")
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
             "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
            check=True, capture_output=True)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(cert, key)
        cls.inbox = Inbox()
        smtp_port = free_port()
        cls.smtp = Controller(
            cls.inbox, hostname="127.0.0.1", port=smtp_port, tls_context=context, require_starttls=True,
            authenticator=authenticate, auth_require_tls=True)
        cls.smtp.start()

        port = free_port()
        cls.base = "http://127.0.0.1:%d" % port
        env = dict(os.environ)
        env.update(
            DOGEAR_DATA_DIR=os.path.join(cls.work, "data"), DOGEAR_PORT=str(port), DOGEAR_ENRICH="false",
            DOGEAR_OFFLINE="true", DOGEAR_BASE_URL="http://dogear.test:%d" % port,
            SMTP_URL="smtp://dogear:s3cret%%3Apass@localhost:%d" % smtp_port,
            SMTP_FROM="Dogear <books@dogear.test>", SMTP_CA_FILE=cert)
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
        cls.smtp.stop()

    def mails(self, subject):
        return [mail for mail in self.inbox.mails if mail["message"]["Subject"] == subject]

    def wait_for_mail(self, subject, count=1, seconds=15):
        deadline = time.time() + seconds
        while time.time() < deadline and len(self.mails(subject)) < count:
            time.sleep(0.1)
        return self.mails(subject)

    def server_log(self):
        self.log.flush()
        with open(self.log.name) as log:
            return log.read()

    def test_reset_by_mail(self):
        status, signed_up = call(self.base, "POST", "/api/v1/auth/signup",
                                 {"email": "ann@example.com", "password": "long enough", "displayName": "Ann"})
        self.assertEqual(status, 201)
        first_session = signed_up["token"]
        status, other = call(self.base, "POST", "/api/v1/auth/signin", {"email": "ann@example.com", "password": "long enough"})
        self.assertEqual(status, 200)

        known = call(self.base, "POST", "/api/v1/auth/password-reset", {"email": "Ann@Example.com"})
        unknown = call(self.base, "POST", "/api/v1/auth/password-reset", {"email": "nobody@example.com"})
        self.assertEqual(known[0], 202)
        self.assertEqual(known, unknown, "the answer must not tell which address has an account")

        mails = self.wait_for_mail("Reset your Dogear password")
        self.assertEqual(len(mails), 1, "one mail for Ann: " + self.server_log())
        time.sleep(1)  # a mail for the unknown address would have come by now
        self.assertEqual(len(self.mails("Reset your Dogear password")), 1, "no mail for an address without an account")
        mail = mails[0]
        self.assertEqual(mail["to"], ["ann@example.com"])
        self.assertEqual(mail["from"], "books@dogear.test")
        self.assertTrue(mail["tls"], "sent after STARTTLS")
        self.assertTrue(mail["authenticated"], "sent after AUTH")
        message = mail["message"]
        self.assertEqual(message["Subject"], "Reset your Dogear password")
        body = message.get_payload(decode=True).decode("utf-8")
        self.assertIn("Hello Ann", body)
        link = re.search(r"http://dogear\.test:\d+/reset-password/\S+", body).group(0)
        path = link.split(":", 2)[2].split("/", 1)[1]
        token = path.rsplit("/", 1)[1]

        with urllib.request.urlopen(self.base + "/" + path, timeout=10) as page:
            self.assertEqual(page.status, 200)
            self.assertIn("Choose a new password", page.read().decode())

        status, _ = call(self.base, "POST", "/api/v1/auth/password-reset/confirm",
                         {"token": token, "newPassword": "a new secret"})
        self.assertEqual(status, 204)
        for session in (first_session, other["token"]):
            self.assertEqual(call(self.base, "GET", "/api/v1/me", token=session)[0], 401, "every session ended")
        again = call(self.base, "POST", "/api/v1/auth/password-reset/confirm", {"token": token, "newPassword": "another one"})
        self.assertEqual(again[0], 422)
        self.assertEqual(again[1]["error"]["code"], "invalidResetLink")
        self.assertEqual(call(self.base, "POST", "/api/v1/auth/signin",
                              {"email": "ann@example.com", "password": "long enough"})[0], 401)
        self.assertEqual(call(self.base, "POST", "/api/v1/auth/signin",
                              {"email": "ann@example.com", "password": "a new secret"})[0], 200)

    def test_sign_up_with_a_taken_email_tells_its_owner(self):
        body = {"email": "zed@example.com", "password": "long enough", "displayName": "Zed"}
        self.assertEqual(call(self.base, "POST", "/api/v1/auth/signup", body)[0], 201)
        status, answer = call(self.base, "POST", "/api/v1/auth/signup", dict(body, displayName="Someone Else"))
        self.assertEqual((status, answer["error"]["code"]), (409, "emailTaken"))
        mails = self.wait_for_mail("Someone tried to make a Dogear account with your email")
        self.assertEqual([mail["to"] for mail in mails], [["zed@example.com"]], self.server_log())
        self.assertIn("Hello Zed", mails[0]["message"].get_payload(decode=True).decode("utf-8"))


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]], verbosity=2)
