"""Replays recorded Open Library and Google Books answers for the browser tests, so a search on the
Add page reaches a real HTTP source without the network. Usage: source-replay.py PORT FIXTURES.

- Google Books `/books/v1/volumes?q=…children…` answers the recorded search for Children of Time;
  any other volumes query answers the recorded zero-results answer.
- Open Library `/search.json?q=…time war…` answers the recorded search (BookWyrm's test data);
  any other search answers no documents. Anything else is 404, as for an unknown book.
"""
import http.server
import json
import os
import sys
import urllib.parse

PORT = int(sys.argv[1])
FIXTURES = sys.argv[2]


def recorded(name):
    with open(os.path.join(FIXTURES, name), "rb") as file:
        return file.read()


class Replay(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = urllib.parse.parse_qs(url.query).get("q", [""])[0].lower()
        if url.path == "/books/v1/volumes":
            body = recorded("googlebooks/search-children-of-time-2015.json" if "children" in query
                            else "googlebooks/volumes-zero-results.json")
        elif url.path == "/search.json":
            body = (recorded("openlibrary/search-json-time-war-bookwyrm.json") if "time war" in query
                    else json.dumps({"numFound": 0, "docs": []}).encode())
        else:
            self.send_response(404)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Replay).serve_forever()
