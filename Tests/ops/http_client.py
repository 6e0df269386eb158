"""A reader's browser or app for the ops scripts: cookies kept by hand, no redirect followed, the
page's CSRF token remembered, and how long the last answer took (`elapsed`). Python's standard
library only. A request that gets no answer within `timeout` seconds ends the script, saying so.
"""

import http.client
import json
import re
import time
import urllib.parse


class Client:
    def __init__(self, base, token=None, source=None, timeout=60):
        parsed = urllib.parse.urlparse(base)
        self.host, self.port = parsed.hostname, parsed.port
        self.token = token
        self.source = source  # a local address to send from (127.0.0.2: another client on loopback)
        self.timeout = timeout
        self.cookies = {}
        self.csrf = ""
        self.elapsed = 0.0

    def send(self, method, path, body=None, content_type=None, headers=None):
        """(status, headers with lower-case names, text)."""
        connection = http.client.HTTPConnection(
            self.host, self.port, timeout=self.timeout, source_address=(self.source, 0) if self.source else None)
        sent = dict(headers or {})
        if self.token:
            sent["authorization"] = "Bearer " + self.token
        if self.cookies:
            sent["cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            sent["content-type"] = content_type or "application/json"
        started = time.monotonic()
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            text = response.read().decode(errors="replace")
        except (TimeoutError, OSError) as error:
            raise SystemExit(f"{method} {path} never answered ({error}): the server stopped")
        finally:
            connection.close()
        self.elapsed = time.monotonic() - started
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, val = value.split(";", 1)[0].partition("=")
                if "max-age=0" in value.lower():
                    self.cookies.pop(key, None)
                else:
                    self.cookies[key] = val
        found = re.search(r'name="csrf-token" content="([^"]+)"', text)
        if found:
            self.csrf = found.group(1)
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text

    def json(self, method, path, body=None):
        """(status, the answer parsed when it is JSON)."""
        status, _, text = self.send(method, path, json.dumps(body) if body is not None else None)
        return status, json.loads(text) if text.startswith(("{", "[")) else text

    def form(self, path, fields):
        fields = dict(fields, _csrf=self.csrf)
        return self.send("POST", path, urllib.parse.urlencode(fields), "application/x-www-form-urlencoded")
