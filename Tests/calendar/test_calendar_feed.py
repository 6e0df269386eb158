"""The calendar feed read back by a real iCalendar parser (Python's icalendar, from PyPI) from a
real `dogear serve` on SQLite.

Checked: every dated meeting of the reader's club is an event with its UTC start and end, its
place, its SEQUENCE and a UID that stays the same across readings; a cancelled meeting is
STATUS:CANCELLED; an open date poll is not in the calendar; the schedule's milestone is an all-day
event ("Page 120 of Piranesi"); a change raises the SEQUENCE under the same UID; leaving the club
drops its events; the address made again retires the old one. The Swift tests (ClubCalendarTests)
check the same text line by line.

Usage: python3 Tests/calendar/test_calendar_feed.py [path to the dogear binary]
"""

import datetime
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

import icalendar

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/dogear"
UTC = datetime.timezone.utc


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


class CalendarFeed(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="dogear-calendar-")
        port = free_port()
        cls.base = "http://127.0.0.1:%d" % port
        env = dict(os.environ)
        env.update(
            DOGEAR_DATA_DIR=os.path.join(cls.work, "data"), DOGEAR_PORT=str(port), DOGEAR_ENRICH="false",
            DOGEAR_OFFLINE="true", DOGEAR_BASE_URL=cls.base)
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

    def read_calendar(self, url):
        with urllib.request.urlopen(url, timeout=10) as response:
            self.assertTrue(response.headers["content-type"].startswith("text/calendar"))
            return icalendar.Calendar.from_ical(response.read())

    def events(self, calendar):
        return {str(event["UID"]): event for event in calendar.walk("VEVENT")}

    def test_calendar_feed(self):
        ann = self.sign_up("ann@example.com", "Ann")
        bob = self.sign_up("bob@example.com", "Bob")
        _, club = self.call("POST", "/api/v1/clubs", {"name": "Thursday Club"}, ann, expect=201)
        self.call("POST", "/api/v1/clubs/join", {"code": club["joinCode"]}, bob, expect=200)
        _, entry = self.call("POST", "/api/v1/library",
                             {"book": {"title": "Piranesi", "authors": ["Susanna Clarke"], "pageCount": 272}}, ann, expect=201)
        self.call("PUT", "/api/v1/clubs/%s/current-book" % club["id"], {"workId": entry["work"]["id"]}, ann, expect=200)
        _, schedule = self.call("PUT", "/api/v1/clubs/%s/schedule" % club["id"],
                                {"milestones": [{"page": 120, "dueOn": "2030-01-11"}]}, ann, expect=200)

        start = datetime.datetime(2030, 1, 10, 18, 0, tzinfo=UTC)
        _, meeting = self.call("POST", "/api/v1/clubs/%s/meetings" % club["id"], {
            "title": "Piranesi, part one; the Halls", "startsAt": iso(start),
            "endsAt": iso(start + datetime.timedelta(minutes=90)), "place": "Café Lotte, upstairs",
            "timeZone": "Europe/Berlin"}, ann, expect=201)
        _, dropped = self.call("POST", "/api/v1/clubs/%s/meetings" % club["id"],
                               {"title": "Dropped", "startsAt": iso(start + datetime.timedelta(days=7))}, ann, expect=201)
        self.call("DELETE", "/api/v1/meetings/%s" % dropped["id"], token=ann, expect=204)
        self.call("POST", "/api/v1/clubs/%s/meetings" % club["id"], {
            "title": "Undecided", "options": [iso(start), iso(start + datetime.timedelta(days=1))]}, ann, expect=201)

        _, made = self.call("POST", "/api/v1/calendar", token=bob, expect=201)
        url = made["url"]
        self.assertTrue(url.startswith(self.base + "/cal/") and url.endswith(".ics"), url)
        calendar = self.read_calendar(url)
        self.assertEqual(str(calendar["VERSION"]), "2.0")
        events = self.events(calendar)
        self.assertEqual(len(events), 3, sorted(events))  # two dated meetings and the milestone; not the poll

        event = events["meeting-%s@dogear" % meeting["id"].lower()]
        self.assertEqual(str(event["SUMMARY"]), "Piranesi, part one; the Halls")
        self.assertEqual(event.decoded("DTSTART"), start)
        self.assertEqual(event.decoded("DTEND"), start + datetime.timedelta(minutes=90))
        self.assertEqual(str(event["LOCATION"]), "Café Lotte, upstairs")
        self.assertEqual(str(event["STATUS"]), "CONFIRMED")
        self.assertEqual(int(event["SEQUENCE"]), 0)
        self.assertIn("Thursday 10 January 2030, 19:00 (Europe/Berlin)", str(event["DESCRIPTION"]))

        cancelled = events["meeting-%s@dogear" % dropped["id"].lower()]
        self.assertEqual(str(cancelled["STATUS"]), "CANCELLED")
        self.assertEqual(int(cancelled["SEQUENCE"]), 1)

        milestone = events["milestone-%s@dogear" % schedule["milestones"][0]["id"].lower()]
        self.assertEqual(str(milestone["SUMMARY"]), "Page 120 of Piranesi")
        self.assertEqual(milestone.decoded("DTSTART"), datetime.date(2030, 1, 11))
        self.assertEqual(milestone.decoded("DTEND"), datetime.date(2030, 1, 12))

        # Changed: the same UID, a higher SEQUENCE, the new place.
        self.call("PATCH", "/api/v1/meetings/%s" % meeting["id"], {"place": "The park"}, ann, expect=200)
        changed = self.events(self.read_calendar(url))
        self.assertEqual(sorted(changed), sorted(events))
        self.assertEqual(int(changed["meeting-%s@dogear" % meeting["id"].lower()]["SEQUENCE"]), 1)
        self.assertEqual(str(changed["meeting-%s@dogear" % meeting["id"].lower()]["LOCATION"]), "The park")

        # Made again: the old address is gone, the new one reads the same events.
        _, again = self.call("POST", "/api/v1/calendar", token=bob, expect=201)
        self.assertNotEqual(again["url"], url)
        with self.assertRaises(urllib.error.HTTPError) as gone:
            urllib.request.urlopen(url, timeout=10)
        self.assertEqual(gone.exception.code, 404)
        self.assertEqual(sorted(self.events(self.read_calendar(again["url"]))), sorted(events))

        # Bob leaves the club: its events leave his calendar.
        self.call("POST", "/api/v1/clubs/%s/leave" % club["id"], token=bob, expect=204)
        self.assertEqual(self.events(self.read_calendar(again["url"])), {})


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]], verbosity=2)
