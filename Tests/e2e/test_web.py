"""Dogear in a real browser (Debian's Chromium, headless, through Selenium), as a new reader would use it.

Run by scripts/test-e2e.sh, which starts `dogear serve` and sets DOGEAR_URL, E2E_OUTPUT and FIXTURES.
Each test signs up a reader of its own. A failing test leaves a screenshot in E2E_OUTPUT.
"""
import hashlib
import json
import os
import time
import unittest
import urllib.error
import urllib.request
import uuid

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

BASE = os.environ.get("DOGEAR_URL", "http://127.0.0.1:8080")
OUTPUT = os.environ.get("E2E_OUTPUT", "/tmp/e2e-output")
FIXTURES = os.environ.get("FIXTURES", "../shared/fixtures")


def new_driver(width=1280, height=900):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", f"--window-size={width},{height}"):
        options.add_argument(flag)
    # The driver is named explicitly, or Selenium's manager would try the network.
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def skip_welcome(driver, wait):
    """After sign-up the first-run page comes; a reader in a hurry skips it and lands on Home."""
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "form[action='/welcome'] input[name=skip]")))
    skip = driver.find_element(By.XPATH, "//button[normalize-space()='Skip for now']")
    # As a person would: scrolled clear of the phone's tab bar along the bottom.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", skip)
    skip.click()
    wait.until(EC.presence_of_element_located((By.ID, "currently-reading")))


def api_sign_up(name):
    """Another reader, made through the API: (status, the answer with its token and user)."""
    request = urllib.request.Request(BASE + "/api/v1/auth/signup", method="POST", data=json.dumps(
        {"email": f"{name.lower()}-{uuid.uuid4().hex[:10]}@example.com", "password": "long enough password",
         "displayName": name}).encode())
    request.add_header("content-type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read().decode())


def api(method, path, token, body=None):
    """What a script with an app token does: a JSON request, its status and its answer."""
    request = urllib.request.Request(BASE + path, method=method, data=json.dumps(body).encode() if body is not None else None)
    request.add_header("authorization", "Bearer " + token)
    request.add_header("content-type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read().decode()
            return response.status, json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read().decode() or "null")


class ReaderTestCase(unittest.TestCase):
    width = 1280

    def setUp(self):
        self.driver = new_driver(self.width)
        # Scripts replace parts of pages while a test looks at them: a stale element is looked up again.
        # A live page (the club feed) may swap a node out while a condition reads it; chromedriver
        # reports that as a bare WebDriverException ("does not belong to the document"), so the wait
        # reads again rather than failing. A condition that never holds still times out.
        self.wait = WebDriverWait(
            self.driver, 10, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException, WebDriverException))
        self.email = f"reader-{uuid.uuid4().hex[:10]}@example.com"

    def tearDown(self):
        outcome = getattr(self, "_outcome", None)
        failed = outcome is not None and any(
            error for _, error in getattr(getattr(outcome, "result", None), "errors", []) + getattr(getattr(outcome, "result", None), "failures", [])
            if _ is self
        )
        if failed or (outcome is not None and not getattr(outcome, "success", True)):
            self.driver.save_screenshot(os.path.join(OUTPUT, f"failed-{self._testMethodName}.png"))
        self.driver.quit()

    # what a reader does

    def go(self, path):
        self.driver.get(BASE + path)
        self.assert_accessible()

    def assert_accessible(self, dark=False, driver=None):
        """axe-core over the page as it is now (every rule axe runs by default: contrast, labels,
        landmarks, …); any violation fails the test and names the rule, the element and the page.
        `driver`: another reader's browser (the test's own by default)."""
        driver = driver or self.driver
        if dark:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        try:
            axe = Axe(driver)
            axe.inject()
            # restoreScroll: axe scrolls to each element it checks for contrast; put the page back.
            violations = axe.run(options='{"restoreScroll": true}')["violations"]
        finally:
            if dark:
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        where = f"{driver.current_url} ({'dark' if dark else 'light'})"
        details = "\n".join(f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in violations)
        self.assertEqual(len(violations), 0, f"axe on {where}:\n{details}")

    def fill(self, name, value):
        field = self.driver.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)

    def submit(self, form_selector="main form"):
        """Clicks the form's main button (the primary one where there are several)."""
        buttons = self.driver.find_elements(By.CSS_SELECTOR, f"{form_selector} button.primary")
        button = buttons[0] if buttons else self.driver.find_element(By.CSS_SELECTOR, f"{form_selector} button[type=submit]")
        # As a person would: scrolled to the middle, clear of the phone's tab bar along the bottom.
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()

    def sign_up_to_welcome(self, name="Ann"):
        """Signs up through the form and stops on the first-run page."""
        self.go("/signup")
        self.fill("email", self.email)
        self.fill("displayName", name)
        self.fill("password", "long enough password")
        self.submit()
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "form[action='/welcome']")))

    def sign_up(self, name="Ann"):
        self.sign_up_to_welcome(name)
        skip_welcome(self.driver, self.wait)
        self.assert_accessible()

    def go_add_by_hand(self):
        """/add leads with its search; the long form is folded under "Not found? Add it by hand"."""
        self.go("/add")
        summary = self.driver.find_element(By.CSS_SELECTOR, "details.hand-form > summary")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
        summary.click()

    def add_book(self, title, authors, tags="", pages="", status="wantToRead", note=""):
        self.go_add_by_hand()
        self.fill("title", title)
        self.fill("authors", authors)
        if pages:
            self.fill("pageCount", pages)
        if tags or note:
            self.open_fold("3. Tags and a first note")
        if tags:
            self.fill("tags", tags)
        if note:
            self.fill("note", note)
        Select(self.driver.find_element(By.NAME, "status")).select_by_value(status)
        self.submit("form.book-form")
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "article.book")))
        self.assert_accessible()
        return self.driver.current_url.rsplit("/", 1)[-1]

    def open_fold(self, summary_text):
        """Opens one of the hand form's folded steps (a <details>) by its summary, as a press would."""
        for summary in self.driver.find_elements(By.CSS_SELECTOR, "details.step-fold > summary"):
            if summary.text == summary_text:
                if summary.find_element(By.XPATH, "..").get_attribute("open") is None:
                    self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
                    summary.click()
                return
        self.fail(f"no fold named {summary_text!r}")

    def text(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector).text

    def choose_club_book(self, title):
        """The club's book, found by typing its title and chosen with one press."""
        summary = self.driver.find_element(By.CSS_SELECTOR, ".club-set-book summary")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
        summary.click()
        self.fill("book", title + "\n")
        button = self.wait.until(EC.presence_of_element_located(
            (By.CSS_SELECTOR, f"button[aria-label='Make “{title}” the current book']")))
        self.assert_accessible()
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        # The results sit inside the book card too: wait for the page they were on to go first.
        self.wait.until(EC.staleness_of(button))
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".club-book .row-main .title")))


class WebAppTests(ReaderTestCase):
    def test_sign_up_lands_on_home_with_a_greeting(self):
        self.sign_up("Ann")
        self.assertIn("Ann", self.text("h1"))
        self.assertRegex(self.text("h1"), r"^Good (morning|afternoon|evening), Ann$")
        self.assertIn("Nothing on the go", self.text("#currently-reading"))

    def test_add_by_hand_start_and_step_to_the_end(self):
        self.sign_up()
        entry = self.add_book("Good Omens", "Terry Pratchett, Neil Gaiman", tags="Funny, Fantasy", pages="3", status="reading")
        self.assertIn("Terry Pratchett, Neil Gaiman", self.text(".authors"))
        chips = [chip.text for chip in self.driver.find_elements(By.CSS_SELECTOR, ".chip")]
        self.assertEqual(sorted(chips), ["Fantasy", "Funny"])
        self.go("/")
        card = f'li[data-entry="{entry.upper()}"]'
        self.assertIn("Page 0 of 3", self.text(card))
        for page in (1, 2, 3):
            self.driver.find_element(By.CSS_SELECTOR, f'{card} button[aria-label="One page on"]').click()
            if page < 3:
                self.wait.until(lambda d: f"Page {page} of 3" in d.find_element(By.CSS_SELECTOR, card).text)
        # At the last page the book is finished: it leaves Currently reading for Recently finished.
        self.wait.until(lambda d: "Good Omens" in d.find_element(By.ID, "recently-finished").text)
        self.assertNotIn("Good Omens", self.text("#currently-reading"))

    def test_search_by_a_note_word_shows_why_and_filter_by_tag(self):
        self.sign_up()
        self.add_book("Piranesi", "Susanna Clarke", tags="Fantasy", note="The statues and the tides of the House")
        self.add_book("Middlemarch", "George Eliot", tags="Classics")
        self.go("/library")
        box = self.driver.find_element(By.ID, "q")
        box.send_keys("tides")
        # Results update as you type (no submit).
        self.wait.until(lambda d: "Middlemarch" not in d.find_element(By.ID, "results").text)
        results = self.text("#results")
        self.assertIn("Piranesi", results, self.driver.current_url)
        self.assertIn("Matched in note", results)
        self.go("/library")
        self.driver.find_element(By.CSS_SELECTOR, "form.search details summary").click()
        Select(self.driver.find_element(By.ID, "tag")).select_by_visible_text("Classics")
        self.driver.find_element(By.CSS_SELECTOR, "form.search details button[type=submit]").click()
        self.wait.until(EC.url_contains("tag=Classics"))
        results = self.text("#results")
        self.assertIn("Middlemarch", results)
        self.assertNotIn("Piranesi", results)

    def test_enter_in_a_field_adds_the_book(self):
        self.sign_up()
        self.go_add_by_hand()
        self.fill("authors", "Octavia E. Butler")
        self.fill("title", "Kindred\n")
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "article.book")))
        self.assertEqual(self.text("h1"), "Kindred")

    def test_delete_after_confirming(self):
        self.sign_up()
        self.add_book("Kindred", "Octavia E. Butler")
        self.go("/library")
        # Deleting lives on the book page, behind its confirmation; a library row has no Delete.
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#results a.danger"), [])
        self.driver.find_element(By.LINK_TEXT, "Kindred").click()
        self.driver.find_element(By.CSS_SELECTOR, "a.danger[href$='/delete']").click()
        self.assertIn("Delete “Kindred”?", self.text("h1"))
        self.submit()
        self.wait.until(EC.url_to_be(BASE + "/library"))
        self.assertIn("Your library is empty", self.text("#results"))

    def test_a_refused_form_keeps_what_was_typed(self):
        self.sign_up()
        self.go_add_by_hand()
        # No title: the form comes back with everything else as typed and the message beside Title.
        self.fill("authors", "Ursula K. Le Guin")
        self.open_fold("3. Tags and a first note")
        self.fill("tags", "SciFi, Classics")
        self.fill("pageCount", "387")
        self.fill("note", "Anarres first")
        Select(self.driver.find_element(By.NAME, "status")).select_by_value("reading")
        self.submit("form.book-form")
        self.wait.until(EC.presence_of_element_located((By.ID, "field-title-error")))
        self.assertTrue(self.text("#field-title-error"))
        self.assertEqual(self.driver.find_element(By.NAME, "authors").get_attribute("value"), "Ursula K. Le Guin")
        self.assertEqual(self.driver.find_element(By.NAME, "tags").get_attribute("value"), "SciFi, Classics")
        self.assertEqual(self.driver.find_element(By.NAME, "pageCount").get_attribute("value"), "387")
        self.assertEqual(self.driver.find_element(By.NAME, "note").get_attribute("value"), "Anarres first")
        self.assertEqual(Select(self.driver.find_element(By.NAME, "status")).first_selected_option.get_attribute("value"), "reading")

    def test_another_readers_book_is_not_found(self):
        self.sign_up()
        entry = self.add_book("Piranesi", "Susanna Clarke")
        self.driver.delete_all_cookies()
        self.email = f"other-{uuid.uuid4().hex[:10]}@example.com"
        self.sign_up("Bob")
        self.go(f"/books/{entry}")
        self.assertEqual(self.text("h1"), "Not found")
        self.assertNotIn("Piranesi", self.driver.page_source)


    @unittest.skipUnless(os.path.exists(os.path.join(FIXTURES, "goodreads", "romneyda-619rows-31col.csv")),
                         "../shared/fixtures is not here")
    def test_import_a_goodreads_file_and_watch_it_finish(self):
        self.sign_up()
        self.go("/import")
        path = os.path.abspath(os.path.join(FIXTURES, "goodreads", "romneyda-619rows-31col.csv"))
        self.driver.find_element(By.NAME, "file").send_keys(path)
        self.submit()
        # The preview: how the file's shelves map, nothing saved yet.
        self.wait.until(lambda d: "Import preview" in d.find_element(By.TAG_NAME, "h1").text
                        and d.find_elements(By.CSS_SELECTOR, "button.primary"))
        self.assertIn("How your shelves map", self.text("#import-job"))
        self.driver.find_element(By.CSS_SELECTOR, "#import-job button.primary").click()
        # The run: the bar fills while the page stays (the script refreshes it in place).
        seen = set()
        def finished(driver):
            bar = driver.find_element(By.CSS_SELECTOR, "progress.import-progress")
            seen.add(bar.get_attribute("value"))
            return "Import finished" in driver.find_element(By.TAG_NAME, "h1").text
        WebDriverWait(self.driver, 60, poll_frequency=0.05,
                      ignored_exceptions=(StaleElementReferenceException, NoSuchElementException)).until(finished)
        bar = self.driver.find_element(By.CSS_SELECTOR, "progress.import-progress")
        self.assertEqual(bar.get_attribute("value"), bar.get_attribute("max"))
        self.assertEqual(bar.get_attribute("max"), "619")
        self.assertIn("619 of 619 rows", self.text("#import-count"))
        self.go("/library")
        self.assertGreater(len(self.driver.find_elements(By.CSS_SELECTOR, ".book-row")), 10)

        # One count of books read: Home, the statistics of all time, and (for 2010, a year of this
        # export, its busiest) the statistics and the year page agree, on books and on pages.
        def stat(label):
            for box in self.driver.find_elements(By.CSS_SELECTOR, ".stats .stat"):
                if box.find_element(By.TAG_NAME, "span").text == label:
                    return box.find_element(By.TAG_NAME, "strong").text
            self.fail(f"no '{label}' on {self.driver.current_url}")
        self.go("/")
        home_books = stat("books read")
        self.go("/stats?year=all")
        self.assertEqual(stat("books read"), home_books)
        self.assertGreater(int(home_books.replace(",", "")), 500)
        self.go("/stats?year=2010")
        year_books, year_pages = stat("books read"), stat("pages")
        self.go("/year/2010")
        self.assertEqual((stat("books read"), stat("pages")), (year_books, year_pages))
        self.assertIn(",", year_pages)  # thousands grouped


class ListsInABrowser(ReaderTestCase):
    @staticmethod
    def titles(driver):
        return [row.find_element(By.CSS_SELECTOR, ".title").text
                for row in driver.find_elements(By.CSS_SELECTOR, "li.list-item")]

    def test_make_reorder_share_save_rename_and_hide_a_list(self):
        self.sign_up("Ann")
        entries = [self.add_book(title, "Someone") for title in ("Piranesi", "Kindred", "Middlemarch")]
        self.go("/lists/new")
        self.fill("name", "Books that made me cry")
        self.driver.find_element(By.NAME, "isPublic").click()
        self.submit("form.list-form")
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".share-code")))
        list_path = self.driver.current_url[len(BASE):]
        code = self.text(".share-code")
        for entry in entries:
            self.go(f"/books/{entry}")
            self.driver.execute_script("document.querySelector('form.add-to-list button').click()")
            self.wait.until(EC.url_contains(list_path + "?added="))
            self.assertIn("Added “", self.text("p.saved"))
        self.assertEqual(self.titles(self.driver), ["Piranesi", "Kindred", "Middlemarch"])

        # Drag Middlemarch by its handle above Piranesi; after a reload the server has the new order.
        rows = self.driver.find_elements(By.CSS_SELECTOR, "li.list-item")
        handle = rows[2].find_element(By.CSS_SELECTOR, ".drag-handle")
        first = rows[0]
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", first)
        ActionChains(self.driver).click_and_hold(handle).pause(0.2) \
            .move_to_element_with_offset(first, 0, -first.size["height"] // 2 + 3).pause(0.2).release().perform()
        self.wait.until(lambda d: self.titles(d)[0] == "Middlemarch")
        def saved_order(driver):
            driver.refresh()
            return self.titles(driver) == ["Middlemarch", "Piranesi", "Kindred"]
        WebDriverWait(self.driver, 10, poll_frequency=0.5).until(saved_order)

        # Bob, in a browser of his own, types the code in lower case, opens the list and saves it.
        bob = new_driver(self.width)
        try:
            bob_wait = WebDriverWait(bob, 10, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException))
            bob.get(BASE + "/signup")
            for name, value in (("email", f"bob-{uuid.uuid4().hex[:10]}@example.com"), ("displayName", "Bob"),
                                ("password", "long enough password")):
                bob.find_element(By.NAME, name).send_keys(value)
            bob.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
            skip_welcome(bob, bob_wait)
            bob.get(BASE + "/lists")
            bob.find_element(By.NAME, "code").send_keys(code.lower())
            bob.find_element(By.CSS_SELECTOR, "form[action='/lists/open'] button").click()
            bob_wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".shared-actions")))
            self.assertEqual(self.titles(bob), ["Middlemarch", "Piranesi", "Kindred"])
            bob.find_element(By.CSS_SELECTOR, ".shared-actions button.primary").click()
            bob_wait.until(EC.url_to_be(BASE + list_path))

            # Ann renames it: Bob's lists show the new name.
            self.go(list_path + "/edit")
            self.fill("name", "Tearjerkers")
            self.submit("form.list-form")
            self.wait.until(EC.url_to_be(BASE + list_path))
            bob.get(BASE + "/lists")
            self.assertIn("Tearjerkers", bob.find_element(By.ID, "saved-lists").text)

            # Ann makes it private: it is gone from Bob's lists and its page is not found.
            self.go(list_path + "/edit")
            self.driver.find_element(By.NAME, "isPublic").click()  # untick
            self.submit("form.list-form")
            self.wait.until(EC.url_to_be(BASE + list_path))
            bob.get(BASE + "/lists")
            self.assertNotIn("Tearjerkers", bob.find_element(By.ID, "saved-lists").text)
            bob.get(BASE + list_path)
            self.assertEqual(bob.find_element(By.TAG_NAME, "h1").text, "Not found")
        finally:
            bob.quit()


class ClubsInABrowser(ReaderTestCase):
    """Two readers in two browsers: a club, a code typed in lower case, a book, progress, the feed
    moving on an open page without a reload, and a spoiler hidden until revealed."""

    def second_reader(self, name):
        other = new_driver(self.width)
        wait = WebDriverWait(other, 10, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException))
        other.get(BASE + "/signup")
        for field, value in (("email", f"{name.lower()}-{uuid.uuid4().hex[:10]}@example.com"), ("displayName", name),
                             ("password", "long enough password")):
            other.find_element(By.NAME, field).send_keys(value)
        other.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        skip_welcome(other, wait)
        return other, wait

    @staticmethod
    def log_pages(driver, wait, book_path, to_page):
        """A reading session on the book's page that ends at `to_page`."""
        driver.get(BASE + book_path)
        form = driver.find_element(By.CSS_SELECTOR, "form[action$='/sessions']")
        form.find_element(By.NAME, "minutes").send_keys("30")
        form.find_element(By.NAME, "endPage").send_keys(str(to_page))
        button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        driver.execute_script("window.beforeTheForm = true")
        button.click()
        # The form is sent and answered when a new page has replaced the one it was sent from.
        wait.until(lambda d: d.execute_script("return window.beforeTheForm !== true"))
        wait.until(EC.url_contains(book_path))

    def test_the_bell_follows_a_reply_without_a_reload(self):
        # Ann's page stays open while Bob, in another session (the API), replies to her comment:
        # the bell's number goes up without a reload, and the list says Bob replied.
        self.sign_up("Ann")
        self.go("/clubs/new")
        self.fill("name", "Bell Club")
        self.submit("form.club-form")
        self.wait.until(EC.presence_of_element_located((By.ID, "club-members")))
        club_id = self.driver.current_url.rsplit("/", 1)[-1]
        code = self.driver.execute_script("return document.querySelector('.share-code').textContent")
        status, bob = api_sign_up("Bob")
        self.assertEqual(status, 201, bob)
        self.assertEqual(api("POST", "/api/v1/clubs/join", bob["token"], {"code": code})[0], 200)
        self.fill("body", "Who is the Other?")
        self.submit("form.comment-form")
        self.wait.until(EC.text_to_be_present_in_element((By.ID, "comment-list"), "Who is the Other?"))
        # Bob joined: one unread (drawn with the page, or brought by the bell's script).
        WebDriverWait(self.driver, 40).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "[data-bell-count]").text == "1")
        status, comments = api("GET", f"/api/v1/clubs/{club_id}/comments", bob["token"])
        self.assertEqual(status, 200, comments)
        status, reply = api("POST", f"/api/v1/clubs/{club_id}/comments", bob["token"],
                            {"body": "A man in the Halls", "replyTo": comments["items"][0]["id"]})
        self.assertEqual(status, 201, reply)
        marker = self.driver.find_element(By.ID, "comment-list")  # the same page: no reload
        WebDriverWait(self.driver, 40).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "[data-bell-count]").text == "2")
        self.assertTrue(marker.is_displayed())
        self.driver.find_element(By.CSS_SELECTOR, "a.bell").click()
        self.wait.until(EC.text_to_be_present_in_element((By.TAG_NAME, "main"), "Bob replied to you in Bell Club"))
        self.assert_accessible()
        self.assert_accessible(dark=True)
        self.driver.get(BASE + "/notifications/settings")
        self.assert_accessible()
        self.assert_accessible(dark=True)

    def test_two_readers_one_club(self):
        self.sign_up("Ann")
        ann_book = "/books/" + self.add_book("The Long Book", "Ada Writer", pages="400", status="reading")
        self.go("/clubs")
        self.go("/clubs/new")
        self.fill("name", "Family Book Club")
        self.submit("form.club-form")
        self.wait.until(EC.presence_of_element_located((By.ID, "club-members")))
        club_path = self.driver.current_url[len(BASE):]
        # The club page's Invite opens from the keyboard with the code and a link at the server's
        # real address.
        summary = self.driver.find_element(By.CSS_SELECTOR, "details.invite > summary")
        summary.send_keys(Keys.ENTER)
        self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, ".invite .share-code").is_displayed())
        code = self.text(".invite .share-code")
        link = self.text(".invite .share-link")
        self.assertTrue(link.startswith(BASE + "/") and link.endswith(code), link)
        self.assert_accessible()

        bob, bob_wait = self.second_reader("Bob")
        try:
            bob.get(BASE + "/clubs")
            bob.find_element(By.NAME, "code").send_keys(code.lower())
            bob.find_element(By.CSS_SELECTOR, "form[action='/clubs/join'] button").click()
            bob_wait.until(EC.url_to_be(BASE + club_path))
            self.assert_accessible(driver=bob)

            # Ann chooses the club's book from her library.
            self.go(club_path)
            self.choose_club_book("The Long Book")
            self.assert_accessible()

            # Bob takes the offer (one click) and reads to page 50.
            bob.get(BASE + club_path)
            bob.find_element(By.XPATH, "//button[normalize-space()='Add to my library as Reading']").click()
            bob_wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "article.book")))
            bob_book = bob.current_url[len(BASE):]
            self.log_pages(bob, bob_wait, bob_book, 50)

            # Bob keeps the club page open; a marker tells whether it was ever reloaded.
            bob.get(BASE + club_path)
            bob_wait.until(EC.text_to_be_present_in_element((By.ID, "club-members"), "Page 50 of 400"))
            bob.execute_script("window.stillTheSamePage = true")

            # Ann reads on to page 220: Bob's open page shows it without a reload.
            self.log_pages(self.driver, self.wait, ann_book, 220)
            WebDriverWait(bob, 10).until(
                EC.text_to_be_present_in_element((By.ID, "club-feed"), "Ann is 50% through The Long Book"))
            self.assertTrue(bob.execute_script("return window.stillTheSamePage === true"))

            # Ann comments about page 200: Bob (page 50) sees it arrive, hidden, still without a reload.
            self.go(club_path)
            self.fill("body", "The lighthouse twist!")
            self.fill("page", "200")
            self.submit("form.comment-form")
            self.wait.until(EC.text_to_be_present_in_element((By.ID, "comment-list"), "The lighthouse twist!"))
            self.assert_accessible()
            WebDriverWait(bob, 10).until(
                EC.text_to_be_present_in_element((By.ID, "comment-list"), "Hidden until page 200"))
            self.assertTrue(bob.execute_script("return window.stillTheSamePage === true"))
            self.assertNotIn("The lighthouse twist!", bob.find_element(By.ID, "comment-list").text)
            self.assert_accessible(driver=bob)

            # Bob chooses to see it anyway.
            bob.find_element(By.LINK_TEXT, "Reveal").click()
            bob_wait.until(EC.text_to_be_present_in_element((By.ID, "comment-list"), "The lighthouse twist!"))
            self.assert_accessible(driver=bob)
            self.assert_accessible(dark=True, driver=bob)
        finally:
            bob.quit()


class InstallableAppInABrowser(ReaderTestCase):
    """Dogear as an installed app: Chromium finds nothing missing to install it, and with the network
    off a page logged on Home and a note written on a book stay on the device until the network is
    back, then reach the server once, however often they are sent."""

    # The reader's own kept changes on this device (offline.js keys them by the page's reader).
    OUTBOX = "`dogear-outbox:${document.querySelector('meta[name=dogear-reader]').content}`"

    def api_token(self):
        request = urllib.request.Request(BASE + "/api/v1/auth/signin", method="POST", data=json.dumps(
            {"email": self.email, "password": "long enough password"}).encode())
        request.add_header("content-type", "application/json")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read().decode())["token"]

    @staticmethod
    def entry_version(entry, token):
        request = urllib.request.Request(BASE + f"/api/v1/library/{entry}")
        request.add_header("authorization", "Bearer " + token)
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.headers["ETag"]

    def network(self, online):
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": not online, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        self.wait.until(lambda d: d.execute_script("return navigator.onLine") == online)

    def test_installable_and_a_page_logged_offline_reaches_the_server_once(self):
        self.sign_up("Ann")
        entry = self.add_book("The Offline Book", "Ada Writer", pages="300", status="reading")
        token = self.api_token()
        self.go("/")
        # The service worker takes the page (it claims open pages when it starts).
        WebDriverWait(self.driver, 20).until(
            lambda d: d.execute_script("return navigator.serviceWorker && navigator.serviceWorker.controller !== null"))
        errors = None
        for _ in range(20):
            errors = self.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors")
            if errors == []:
                break
            time.sleep(0.5)
        self.assertEqual(errors, [], f"Chromium says the app cannot be installed: {errors}")
        manifest = self.driver.execute_cdp_cmd("Page.getAppManifest", {})
        self.assertEqual(manifest.get("errors"), [], manifest)
        self.assertTrue(manifest.get("url", "").endswith("/manifest.webmanifest"), manifest)
        # Home's current book is kept on the device for offline, with Home itself.
        def kept_pages(driver):
            return driver.execute_async_script(
                "const done = arguments[0]; caches.open('dogear-pages-v1').then((cache) => cache.keys())"
                ".then((keys) => done(keys.map((request) => new URL(request.url).pathname)))")
        WebDriverWait(self.driver, 20).until(lambda d: {"/", f"/books/{entry.upper()}"} <= set(kept_pages(d)))
        # Only pages and the app's own files are kept, never an answer of the API.
        kept = self.driver.execute_async_script("""
            const done = arguments[0];
            caches.keys().then((names) => Promise.all(names.map((name) => caches.open(name).then((cache) => cache.keys()))))
              .then((lists) => done(lists.flat().map((request) => new URL(request.url).pathname)));""")
        self.assertIn("/js/offline.js", kept)
        self.assertFalse([path for path in kept if path.startswith(("/api/", "/notifications/unread"))], kept)

        self.network(online=False)
        card = f'li[data-entry="{entry.upper()}"]'
        field = self.driver.find_element(By.CSS_SELECTOR, f"{card} input.page-input")
        field.clear()
        field.send_keys("42")
        save = self.driver.find_element(By.CSS_SELECTOR, f"{card} form.page-form button[type=submit]")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", save)
        save.click()
        self.wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, card), "Saved on this phone, will sync: page 42."))
        self.assert_accessible()
        # Nothing reached the server yet.
        status, before = api("GET", f"/api/v1/library/{entry}", token)
        self.assertEqual(status, 200)
        self.assertIn(before["currentPage"], (None, 0))
        kept = self.driver.execute_script(f"return localStorage.getItem({self.OUTBOX})")
        self.assertEqual(len(json.loads(kept)), 1)

        self.network(online=True)
        self.wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, card), "Synced."))
        status, after = api("GET", f"/api/v1/library/{entry}", token)
        self.assertEqual((status, after["currentPage"]), (200, 42))
        self.assertEqual(self.driver.execute_script(f"return localStorage.getItem({self.OUTBOX})"), "[]")

        # A note written offline on the book's page (kept by the service worker from Home).
        self.network(online=False)
        self.driver.get(BASE + f"/books/{entry}")
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "form.add-note")))
        self.driver.find_element(By.ID, "field-note").send_keys("Written on the train")
        button = self.driver.find_element(By.CSS_SELECTOR, "form.add-note button[type=submit]")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        self.wait.until(EC.text_to_be_present_in_element((By.TAG_NAME, "main"), "Saved on this phone, will sync."))
        kept = json.loads(kept) + json.loads(self.driver.execute_script(f"return localStorage.getItem({self.OUTBOX})"))
        self.network(online=True)
        self.wait.until(EC.text_to_be_present_in_element((By.TAG_NAME, "main"), "Synced."))
        version = self.entry_version(entry, token)
        # Both changes sent again (as after an answer lost on the way): each one's key makes it once.
        self.driver.execute_script(f"localStorage.setItem({self.OUTBOX}, arguments[0])", json.dumps(kept))
        self.driver.refresh()
        WebDriverWait(self.driver, 20).until(
            lambda d: d.execute_script(f"return localStorage.getItem({self.OUTBOX})") == "[]")
        status, notes = api("GET", f"/api/v1/library/{entry}/notes", token)
        self.assertEqual(status, 200)
        self.assertEqual([note["content"] for note in notes], ["Written on the train"])
        status, after = api("GET", f"/api/v1/library/{entry}", token)
        self.assertEqual(after["currentPage"], 42)
        self.assertEqual(self.entry_version(entry, token), version, "the progress was applied again")
        self.assert_accessible()


class EveryPageIsAccessible(ReaderTestCase):
    """Every page a reader can reach, as a new reader first sees it and with a book in it, passes
    axe-core in light and in dark mode."""

    def check(self, path=None):
        if path is not None:
            self.driver.get(BASE + path)
        self.assert_accessible()
        self.assert_accessible(dark=True)

    def test_every_page_light_and_dark(self):
        for path in ("/signin", "/signup", "/forgot-password", "/reset-password/not-a-real-link", "/signin?deleted=1",
                     "/auth/link/not-a-real-link"):
            self.check(path)
        self.driver.find_element(By.LINK_TEXT, "Forgot your password?").click()
        self.fill("email", "nobody@example.com")
        self.submit()
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "p.saved")))
        self.check()
        # The first-run page, as a new reader sees it, before skipping it.
        self.sign_up_to_welcome("Ann")
        self.check()
        skip_welcome(self.driver, self.wait)
        for path in ("/", "/library", "/add", "/import", "/export", "/profile", "/profile/security", "/profile/tokens",
                     "/profile/delete", "/books/00000000-0000-0000-0000-000000000001", "/discover"):
            self.check(path)
        entry = self.add_book("Piranesi", "Susanna Clarke", tags="Fantasy", pages="272", status="reading",
                              note="The statues and the tides")
        for path in ("/", "/library", "/library?q=tides", f"/books/{entry}", f"/books/{entry}/edit",
                     f"/books/{entry}/delete"):
            self.check(path)
        # Lists: the index, a new list, a list with a book on it and its share sheet, its edit form.
        self.check("/lists")
        self.check("/lists/new")
        self.fill("name", "Summer 2027")
        self.driver.find_element(By.NAME, "isPublic").click()
        self.submit("form.list-form")
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".share-code")))
        list_path = self.driver.current_url[len(BASE):]
        self.driver.get(BASE + f"/books/{entry}")
        self.driver.find_element(By.CSS_SELECTOR, "form.add-to-list button").click()
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "li.list-item")))
        self.check()
        self.check(list_path + "/edit")
        self.check("/lists/favorites")
        self.check("/library")  # now with "Add to list" on the row
        # Clubs: the index, a new club, its page with its book and a comment, its settings.
        self.check("/clubs")
        self.check("/clubs/new")
        self.fill("name", "Tide Readers")
        self.submit("form.club-form")
        self.wait.until(EC.presence_of_element_located((By.ID, "club-members")))
        club_path = self.driver.current_url[len(BASE):]
        self.check()
        self.choose_club_book("Piranesi")
        self.fill("body", "The statues!")
        self.fill("page", "100")
        self.submit("form.comment-form")
        self.wait.until(EC.text_to_be_present_in_element((By.ID, "comment-list"), "The statues!"))
        self.check()
        # Meetings: a date poll planned from the page, a meeting with its date, answered "Coming".
        self.driver.find_element(By.CSS_SELECTOR, "#meetings details summary").click()
        form = "#meetings form[action$='/meetings']"
        set_value = "document.querySelector(arguments[0]).value = arguments[1]"
        self.driver.execute_script(set_value, form + " [name=title]", "December")
        self.driver.execute_script(set_value, form + " [name=option1]", "2030-12-03T19:00")
        self.driver.execute_script(set_value, form + " [name=option2]", "2030-12-04T19:00")
        self.submit(form)
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "li.meeting-poll")))
        self.driver.find_element(By.CSS_SELECTOR, "#meetings details summary").click()
        self.driver.execute_script(set_value, form + " [name=title]", "Piranesi, part one")
        self.driver.execute_script(set_value, form + " [name=startsAt]", "2030-11-28T18:30")
        self.driver.execute_script(set_value, form + " [name=place]", "Café Lotte")
        self.submit(form)
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "li.meeting-scheduled form.answer")))
        coming = self.driver.find_element(By.CSS_SELECTOR, "li.meeting-scheduled form.answer button[value=yes]")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", coming)
        coming.click()
        self.wait.until(EC.text_to_be_present_in_element((By.ID, "meetings"), "Coming ✓"))
        self.check()
        self.check(club_path + "/settings")
        # The settings with a removed reader and a reader asking to join (the club approves joins),
        # and the invitation page as a reader waiting sees it.
        code = self.text(".share-code")
        club_id = club_path.rsplit("/", 1)[-1]
        readers = []
        for name in ("Rex", "Ida"):
            status, made = api_sign_up(name)
            self.assertEqual(status, 201, made)
            readers.append((made["token"], made["user"]["id"]))
        self.assertEqual(api("POST", "/api/v1/clubs/join", readers[0][0], {"code": code})[0], 200)
        self.driver.get(BASE + club_path + "/settings")
        self.driver.find_element(By.NAME, "approvesJoins").click()
        self.submit("form.club-form")
        self.wait.until(EC.presence_of_element_located((By.ID, "club-members")))
        self.driver.get(BASE + club_path + "/settings")
        remove = self.driver.find_element(By.CSS_SELECTOR, f"form[action$='/members/{readers[0][1]}/remove'] button")
        self.driver.execute_script("arguments[0].removeAttribute('data-confirm')", remove)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", remove)
        remove.click()
        self.wait.until(EC.presence_of_element_located((By.ID, "removals-title")))
        self.assertEqual(api("POST", "/api/v1/clubs/join", readers[1][0], {"code": code})[0], 202)
        self.driver.get(BASE + club_path + "/settings")
        self.wait.until(EC.presence_of_element_located((By.ID, "requests-title")))
        self.check()
        # Still outside the private club: its requests do not exist for her.
        self.assertEqual(api("GET", f"/api/v1/clubs/{club_id}/join-requests", readers[1][0])[0], 404)
        # A note over the limit comes back in its form, with why.
        self.driver.get(BASE + f"/books/{entry}")
        note = self.driver.find_element(By.ID, "field-note")
        self.driver.execute_script("arguments[0].value = 'é'.repeat(5001)", note)
        self.submit("form.add-note")
        self.wait.until(EC.presence_of_element_located((By.ID, "field-note-error")))
        self.assertEqual(len(self.driver.find_element(By.ID, "field-note").get_attribute("value")), 5001)
        self.check()
        # A token just made, its secret on show.
        self.driver.get(BASE + "/profile/tokens")
        self.fill("name", "Kobo sync")
        self.submit()
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".token-secret")))
        self.check()
        # An e-reader's login just made, then a book file its KOReader reported, waiting to be linked.
        self.driver.get(BASE + "/profile/devices")
        self.fill("username", "ann-kobo")
        self.submit()
        secret = self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".token-secret"))).text
        self.check()
        push = urllib.request.Request(
            BASE + "/kosync/syncs/progress", method="PUT",
            data=json.dumps({"document": "0b2c5f7a9d1e", "progress": "27", "percentage": 0.1, "device": "Kobo",
                             "device_id": "K1"}).encode(),
            headers={"Content-Type": "application/json", "Accept": "application/vnd.koreader.v1+json",
                     "x-auth-user": "ann-kobo", "x-auth-key": hashlib.md5(secret.encode()).hexdigest()})
        with urllib.request.urlopen(push) as answer:
            self.assertEqual(answer.status, 200)
        self.check("/profile/devices")
        self.assertTrue(self.driver.find_elements(By.CSS_SELECTOR, "#documents select[name=entryId]"))
        # The feeds page, before and after its addresses are made, and the clubs' calendar address.
        self.check("/profile/feeds")
        self.submit()
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".token-secret")))
        self.check()
        self.submit("form[action='/profile/feeds/calendar']")
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "a[href^='webcal:']")))
        self.check()
        # A refused form, with its messages beside the fields.
        self.go_add_by_hand()
        self.submit("form.book-form")
        self.wait.until(EC.presence_of_element_located((By.ID, "field-title-error")))
        self.check()
        # An import preview and a finished import.
        csv = os.path.join(OUTPUT, "tiny-goodreads.csv")
        with open(csv, "w", encoding="utf-8") as file:
            file.write("Book Id,Title,Author,ISBN13,My Rating,Exclusive Shelf,Bookshelves,Date Read,Date Added\n"
                       "1,Kindred,Octavia E. Butler,,4,read,,2024/01/02,2024/01/01\n"
                       ",,,,,to-read,,,\n")
        self.driver.get(BASE + "/import")
        self.driver.find_element(By.NAME, "file").send_keys(csv)
        self.submit()
        # The preview is ready when its button to run the import is there.
        self.wait.until(lambda d: "Import preview" in d.find_element(By.TAG_NAME, "h1").text
                        and d.find_elements(By.CSS_SELECTOR, "#import-job button.primary"))
        self.check()
        self.driver.find_element(By.CSS_SELECTOR, "#import-job button.primary").click()
        self.wait.until(lambda d: "Import finished" in d.find_element(By.TAG_NAME, "h1").text)
        self.check()
        # Kindle highlights: one book found (Kindred, just imported), one waiting with its link form.
        clippings = os.path.join(OUTPUT, "My Clippings.txt")
        with open(clippings, "w", encoding="utf-8") as file:
            file.write("\ufeffKindred (Butler, Octavia E.)\n"
                       "- Your Highlight on page 9 | Location 120-121 | Added on Monday, 1 May 2023 11:00:00\n\n"
                       "I lost an arm on my last trip home.\n==========\n"
                       "Ficciones (Borges, Jorge Luis)\n"
                       "- Your Highlight on page 5 | Location 80-84 | Added on Monday, 1 May 2023 10:05:00\n\n"
                       "The universe (which others call the Library).\n==========\n")
        self.driver.get(BASE + "/import")
        self.driver.find_element(By.NAME, "file").send_keys(clippings)
        self.submit()
        self.wait.until(lambda d: "Import preview" in d.find_element(By.TAG_NAME, "h1").text
                        and d.find_elements(By.CSS_SELECTOR, "#import-job button.primary"))
        self.check()
        self.driver.find_element(By.CSS_SELECTOR, "#import-job button.primary").click()
        self.wait.until(lambda d: "Import finished" in d.find_element(By.TAG_NAME, "h1").text)
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#unmatched select[name=entryId]")))
        self.check()


class AccountInABrowser(ReaderTestCase):
    """A reader's account from start to end: sign up, the first-run page (the browser's time zone
    filled in by the page), a password change that signs the other device out, a token made on the
    page and used by a script, and the account deleted."""

    def test_sign_up_onboard_change_password_token_and_delete(self):
        # The browser says it is in Paris; the first-run page takes that over.
        self.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Europe/Paris"})
        self.sign_up_to_welcome("Ann")
        self.assert_accessible()
        self.assertEqual(self.driver.find_element(By.NAME, "timeZone").get_attribute("value"), "Europe/Paris")
        self.fill("displayName", "Ann Reader")
        self.driver.find_element(By.CSS_SELECTOR, "input[name='genres[]'][value='Fantasy']").click()
        self.fill("otherGenres", "Cosy crime")
        self.submit("form[action='/welcome']")
        self.wait.until(EC.presence_of_element_located((By.ID, "currently-reading")))
        self.assertRegex(self.text("h1"), r", Ann Reader$")

        # A second device: another browser signed in to the same account.
        phone = new_driver(self.width)
        try:
            phone_wait = WebDriverWait(phone, 10, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException))
            phone.get(BASE + "/signin")
            phone.find_element(By.NAME, "email").send_keys(self.email)
            phone.find_element(By.NAME, "password").send_keys("long enough password")
            phone.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
            phone_wait.until(EC.presence_of_element_located((By.ID, "currently-reading")))

            # The password changes here; the phone is signed out at its next page.
            self.go("/profile/security")
            self.fill("currentPassword", "long enough password")
            self.fill("newPassword", "a brand new password")
            self.submit("form[action='/profile/password']")
            self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "p.saved")))
            self.assert_accessible()
            phone.get(BASE + "/library")
            phone_wait.until(EC.url_contains("/signin"))
        finally:
            phone.quit()

        # A read-only token, made on the page and used by a script.
        self.go("/profile/tokens")
        self.fill("name", "Reading stats script")
        self.submit()
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".token-secret")))
        secret = self.text(".token-secret")
        status, me = api("GET", "/api/v1/me", secret)
        self.assertEqual(status, 200)
        self.assertEqual(me["displayName"], "Ann Reader")
        self.assertEqual(me["genrePreferences"], ["Fantasy", "Cosy crime"])
        self.assertEqual(me["timeZone"], "Europe/Paris")
        status, refused = api("POST", "/api/v1/library", secret, {"book": {"title": "Piranesi", "authors": ["Susanna Clarke"]}})
        self.assertEqual((status, refused["error"]["code"]), (403, "insufficientScope"))

        # The account goes: the export is offered first, the password asked, the question asked.
        self.go("/profile/delete")
        self.assertTrue(self.driver.find_element(By.LINK_TEXT, "Export your library").is_displayed())
        self.fill("currentPassword", "a brand new password")
        self.driver.find_element(By.XPATH, "//button[normalize-space()='Delete my account for good']").click()
        self.wait.until(EC.alert_is_present()).accept()
        self.wait.until(EC.url_contains("/signin?deleted=1"))
        self.assertIn("Your account and everything in it were deleted.", self.text("main"))
        self.assert_accessible()
        self.assertEqual(api("GET", "/api/v1/me", secret)[0], 401)
        self.driver.get(BASE + "/library")
        self.wait.until(EC.url_contains("/signin"))


class StatisticsTests(ReaderTestCase):
    def log_session(self, book_path, day, minutes, to_page):
        """A session on the book's page, dated `day` (set as a date picker would)."""
        self.driver.get(BASE + book_path)
        form = self.driver.find_element(By.CSS_SELECTOR, "form[action$='/sessions']")
        self.driver.execute_script("arguments[0].value = arguments[1]", form.find_element(By.NAME, "date"), day)
        form.find_element(By.NAME, "minutes").send_keys(str(minutes))
        form.find_element(By.NAME, "endPage").send_keys(str(to_page))
        button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        self.driver.execute_script("window.beforeTheForm = true")
        button.click()
        self.wait.until(lambda d: d.execute_script("return window.beforeTheForm !== true"))
        self.wait.until(EC.url_contains(book_path))

    def chart_titles(self, chart_id):
        """What each bar of a chart says (its SVG <title>, the tooltip a reader sees)."""
        return [t.get_attribute("textContent") for t in self.driver.find_elements(By.CSS_SELECTOR, f"#chart-{chart_id} rect > title")]

    def test_sessions_move_the_streak_and_the_month_bar(self):
        import datetime
        self.sign_up("Ann")
        book = "/books/" + self.add_book("A Short Book", "Ada Writer", pages="30", status="reading")
        # The reader's today, as the session form fills it in.
        today = datetime.date.fromisoformat(
            self.driver.find_element(By.CSS_SELECTOR, "form[action$='/sessions'] input[name=date]").get_attribute("value"))
        month = today.strftime("%b")
        self.log_session(book, (today - datetime.timedelta(days=3)).isoformat(), 20, 5)
        self.log_session(book, (today - datetime.timedelta(days=2)).isoformat(), 25, 10)
        self.log_session(book, (today - datetime.timedelta(days=1)).isoformat(), 30, 20)
        self.go("/stats")
        reading = self.text("#stats-reading")
        self.assertIn("Current streak\n3 days", reading)
        self.assertIn(f"{month}: 0 books", self.chart_titles("books-by"))
        self.assert_accessible(dark=True)

        # Today's session reaches the last page: the book is finished, the streak and this month's bar move.
        self.log_session(book, today.isoformat(), 15, 30)
        self.go("/stats")
        self.assertIn("Current streak\n4 days", self.text("#stats-reading"))
        self.assertIn(f"{month}: 1 book", self.chart_titles("books-by"))
        self.assertIn("1\nbook read", self.text("section.stats"))
        calendar = " ".join(self.chart_titles("calendar"))
        self.assertIn(f"{today.isoformat()}: 15 minutes", calendar)
        # Every chart has its numbers as a table a keyboard can open.
        summary = self.driver.find_element(By.CSS_SELECTOR, "#chart-books-by details summary")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
        summary.send_keys(Keys.ENTER)
        self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#chart-books-by table").is_displayed())
        self.assertIn(month, self.text("#chart-books-by table"))
        self.assert_accessible()

        # Another year by the picker, without a script.
        Select(self.driver.find_element(By.ID, "stats-year")).select_by_visible_text("All time")
        self.submit("form.stats-picker")
        self.wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "main h1"), "all time"))
        self.assert_accessible()

        # At phone width: nothing spills sideways; the screenshot is kept on every run.
        self.driver.set_window_size(375, 812)
        self.go("/stats")
        self.driver.save_screenshot(os.path.join(OUTPUT, "stats-375.png"))
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 375)

    def test_set_a_goal_with_a_condition(self):
        import datetime
        self.sign_up("Ann")
        entry = self.add_book("Kindred", "Octavia E. Butler", pages="264", status="read")
        year = str(datetime.date.today().year)
        self.go("/goals")
        self.assertIn(f"No goals for {year} yet.", self.text("#goals"))
        # A mistake is said beside its field and what was typed stays.
        # (The browser itself refuses a target under 1; the server's upper bound is said back.)
        self.fill("target", "20000")
        Select(self.driver.find_element(By.ID, "field-authorGender")).select_by_visible_text("Female")
        self.submit("form.goal-form")
        self.wait.until(EC.presence_of_element_located((By.ID, "field-target-error")))
        self.assertIn("must be between 1 and 10000 books", self.text("#field-target-error"))
        self.assertEqual("Female", Select(self.driver.find_element(By.ID, "field-authorGender")).first_selected_option.text)
        self.assert_accessible()
        # Twelve books by women: the book's author has no gender on record, so none count yet.
        self.fill("target", "12")
        self.submit("form.goal-form")
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#goals .goal")))
        goal = self.text("#goals .goal")
        self.assertIn("12 books · by female authors", goal)
        self.assertIn("0 of 12", goal)
        self.assert_accessible(dark=True)
        # Home shows it, and links to the goals.
        self.go("/")
        self.assertIn("12 books · by female authors", self.text("#home-goals"))
        # Who wrote it, filled in from the book page: now the book counts.
        self.go("/books/" + entry)
        self.driver.find_element(By.LINK_TEXT, "Fill in or correct these facts").click()
        self.wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "main h1"), "About Kindred"))
        self.assert_accessible()
        author_form = "section[id^=facts-author-]"
        Select(self.driver.find_element(By.CSS_SELECTOR, f"{author_form} select[name=gender]")).select_by_visible_text("Female")
        Select(self.driver.find_element(By.CSS_SELECTOR, f"{author_form} select[name=culturalRegion]")).select_by_visible_text("North America")
        self.submit(f"{author_form} form")
        self.wait.until(EC.presence_of_element_located((By.ID, "about-book")))
        self.assertIn("Female · North America", self.text("#about-book"))
        self.go("/goals")
        self.assertIn("1 of 12", self.text("#goals .goal"))
        # Edit: a second condition the book does not meet (translated) takes it out again.
        self.driver.find_element(By.CSS_SELECTOR, "#goals .goal .actions a").click()
        self.wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "main h1"), "Edit goal"))
        Select(self.driver.find_element(By.ID, "field-translated")).select_by_visible_text("Translated works only")
        self.submit("form.goal-form")
        self.wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "#goals .goal"), "0 of 12"))
        self.assertIn("translated", self.text("#goals .goal"))
        self.driver.set_window_size(375, 812)
        self.go("/goals")
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 375)

    def test_year_page_and_its_share_link(self):
        import datetime
        self.sign_up("Ann")
        self.add_book("Kindred", "Octavia E. Butler", pages="264", status="read")
        self.add_book("A Short One", "Someone Else", pages="100", status="read")
        year = datetime.date.today().year
        self.go("/stats")
        self.driver.find_element(By.LINK_TEXT, f"Your {year} in books").click()
        self.wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "main h1"), f"Your {year} in books"))
        self.assertIn("2\nbooks read", self.text("section.stats"))
        self.assertIn("Longest book", self.text("#year-standouts"))
        self.assert_accessible()
        self.assert_accessible(dark=True)
        self.submit("#share form")
        self.wait.until(EC.presence_of_element_located((By.ID, "share-link")))
        link = self.driver.find_element(By.ID, "share-link").get_attribute("value")
        self.assertIn("/y/", link)
        path = link[link.index("/y/"):]
        # Someone with the link, signed out, in a browser of their own.
        other = new_driver()
        try:
            other.get(BASE + path)
            self.assertIn(f"Ann's {year} in books", other.find_element(By.CSS_SELECTOR, "main h1").text)
            self.assertIn("Kindred", other.find_element(By.ID, "year-standouts").text)
            self.assertEqual([], other.find_elements(By.ID, "share"))
            self.assert_accessible(driver=other)
            # Revoked: the same address is not found.
            self.go(f"/year/{year}")
            self.submit("#share form")
            self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#share button.primary")))
            other.get(BASE + path)
            self.assertEqual("Not found", other.find_element(By.CSS_SELECTOR, "main h1").text)
            self.assertNotIn("Kindred", other.find_element(By.TAG_NAME, "body").text)
        finally:
            other.quit()


class DiscoverInABrowser(ReaderTestCase):
    """The discover deck as a reader uses it: drag a card right (pointer events), send one away
    with the keyboard, bookmark one into a list with b, undo with u, and watch what Discover has
    learned change; a book sent away never comes back."""

    def curate(self):
        """Another reader adds books in three genres through the API: the shared catalog."""
        request = urllib.request.Request(
            BASE + "/api/v1/auth/signup", method="POST",
            data=json.dumps({"email": f"curator-{uuid.uuid4().hex[:10]}@example.com", "password": "long enough password",
                             "displayName": "Curator"}).encode())
        request.add_header("content-type", "application/json")
        with urllib.request.urlopen(request, timeout=10) as response:
            token = json.loads(response.read().decode())["token"]
        tag = uuid.uuid4().hex[:6]
        for genre in ("Fantasy", "Romance", "History"):
            for number in range(1, 5):
                status, _ = api("POST", "/api/v1/library", token, {"book": {
                    "title": f"{genre} {number} {tag}", "authors": [f"{genre} Writer {tag}"], "pageCount": 300,
                    "genres": [genre], "firstPublishedYear": 2020, "description": f"A {genre.lower()} book. " * 40}})
                self.assertEqual(status, 201)

    def top(self):
        return self.driver.find_element(By.CSS_SELECTOR, ".deck-card:not([hidden])")

    def top_changes_from(self, work):
        self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, ".deck-card:not([hidden])").get_attribute("data-work") != work)

    def learned_says(self, text):
        self.wait.until(EC.text_to_be_present_in_element((By.ID, "learned"), text))

    def test_drag_keys_bookmark_undo_and_preferences(self):
        self.curate()
        self.sign_up("Dee")
        # A list of her own to bookmark into.
        self.go("/lists/new")
        self.fill("name", "Maybe later")
        self.submit("form.list-form")
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".share-code")))

        self.go("/discover")
        self.assert_accessible(dark=True)
        # No counts and no Undo before the first swipe; they come with it, without a reload.
        self.learned_says("No swipes yet")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "form.undo-form"), [])
        # Right by dragging: the card follows the pointer, tilts and turns green, then goes.
        first = self.top()
        liked = first.get_attribute("data-work")
        title = first.find_element(By.CSS_SELECTOR, ".deck-title")
        actions = ActionChains(self.driver)
        actions.move_to_element(title).click_and_hold()
        for _ in range(6):
            actions.move_by_offset(30, 0)
        actions.perform()
        self.assertIn("toward-right", first.get_attribute("class"))
        self.assertIn("rotate", first.get_attribute("style"))
        ActionChains(self.driver).release().perform()
        self.top_changes_from(liked)
        self.learned_says("1 interaction ·")

        # Left with the keyboard: not interested.
        dismissed = self.top().get_attribute("data-work")
        ActionChains(self.driver).send_keys(Keys.ARROW_LEFT).perform()
        self.top_changes_from(dismissed)
        self.learned_says("2 interactions")
        self.learned_says("1 not for you")

        # A bookmark into her list, chosen on the card, with b.
        bookmarked = self.top().get_attribute("data-work")
        Select(self.top().find_element(By.CSS_SELECTOR, "select[name=listId]")).select_by_visible_text("Maybe later")
        self.driver.find_element(By.TAG_NAME, "h1").click()  # the keys are the page's, not the picker's
        ActionChains(self.driver).send_keys("b").perform()
        self.top_changes_from(bookmarked)
        self.learned_says("3 interactions")
        self.assertIn("Genres", self.text("#learned"))

        # Undo with u: the bookmark is taken back and its book is on top again.
        ActionChains(self.driver).send_keys("u").perform()
        self.wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "main"), "Your last swipe is undone."))
        self.assertEqual(self.top().get_attribute("data-work"), bookmarked)
        self.learned_says("2 interactions")
        self.assert_accessible()

        # The book sent away is in no card of the deck, however often it is dealt again.
        for _ in range(2):
            self.driver.get(BASE + "/discover")
            works = [card.get_attribute("data-work") for card in self.driver.find_elements(By.CSS_SELECTOR, ".deck-card")]
            self.assertNotIn(dismissed, works)
            self.assertNotIn(liked, works)
        # The right swipe put the book on Want to Read.
        self.go("/lists/want-to-read")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "li.list-item")), 1)

        # A phone: the deck fits, and the buttons are there without scrolling sideways.
        self.driver.set_window_size(375, 812)
        self.go("/discover")
        self.driver.save_screenshot(os.path.join(OUTPUT, "discover-375.png"))
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 375)


class ShelfScanInABrowser(ReaderTestCase):
    """A photo of a shelf (drawn by scripts/scan-photos, committed in Tests/Fixtures/scan) read on
    the server: the boxes and proposals, confirm all from barcodes, correct a spine by its ISBN,
    reject one; the library then has the confirmed books as owned. At phone width too."""

    PHOTOS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "scan")

    def seed_catalog(self, books):
        """Other readers have these books already, so the catalog knows their titles and ISBNs
        (the server runs offline: a spine is matched against the catalog)."""
        token = None
        for book in books:
            for _ in range(3):
                if token is None:
                    status, answer = self.signup_api()
                    token = answer["token"]
                status, _ = api("POST", "/api/v1/library", token,
                                {"book": {"title": book["title"], "authors": [book["author"]], "isbn": book["isbn"]}})
                if status == 201:
                    break
                token = None  # this reader has the work already (two ISBNs of one title): the next reader adds it

    @staticmethod
    def signup_api():
        request = urllib.request.Request(BASE + "/api/v1/auth/signup", method="POST", data=json.dumps({
            "email": f"seed-{uuid.uuid4().hex[:10]}@example.com", "password": "long enough password",
            "displayName": "Seed"}).encode())
        request.add_header("content-type", "application/json")
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read().decode())

    def proposal(self, number):
        return self.driver.find_element(By.ID, f"proposal-{number}")

    def test_scan_confirm_all_correct_one_reject_one(self):
        with open(os.path.join(self.PHOTOS, "mixed.json")) as manifest:
            books = json.load(manifest)["books"]
        self.seed_catalog(books)
        self.sign_up("Ann")
        self.go("/scan")
        self.assert_accessible(dark=True)
        camera = self.driver.find_element(By.NAME, "photo")
        self.assertEqual(camera.get_attribute("accept"), "image/*")
        self.assertEqual(camera.get_attribute("capture"), "environment")
        camera.send_keys(os.path.abspath(os.path.join(self.PHOTOS, "mixed.jpg")))
        self.submit()
        # The page says it is reading, and reloads itself until the proposals are there.
        WebDriverWait(self.driver, 90, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException)).until(
            EC.presence_of_element_located((By.CSS_SELECTOR, "ol.proposals")))
        self.assert_accessible()
        self.assert_accessible(dark=True)
        scan_url = self.driver.current_url.split("#")[0]
        barcodes = [b for b in books if b["kind"] == "barcode"]
        spines = [b for b in books if b["kind"] == "spine"]
        # A numbered box on the photo for each book, and each book's crop beside its proposal.
        boxes = self.driver.find_elements(By.CSS_SELECTOR, ".scan-photo g.scan-box")
        numbers = [g.find_element(By.TAG_NAME, "text").get_attribute("textContent") for g in boxes]
        self.assertEqual(numbers, [str(n) for n in range(1, len(boxes) + 1)])
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "ol.proposals > li svg.scan-crop")), len(boxes))
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, ".scan-photo g.scan-box-sure")), len(barcodes))
        self.assertGreaterEqual(len(boxes), len(barcodes) + len(spines) - 1)

        # Confirm all read from barcodes.
        self.submit(f"form[action$='/confirm-all']")
        self.wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, f"form[action$='/confirm-all']"))
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "li.proposal-confirmed")), len(barcodes))

        # Correct the first spine proposal by typing the ISBN of the book it is.
        pending = self.driver.find_elements(By.CSS_SELECTOR, "li.proposal-pending")
        first = pending[0]
        number = first.get_attribute("id").split("-")[1]
        spine = next(b for b in spines if b["title"] in first.text) if any(b["title"] in first.text for b in spines) else spines[0]
        field = first.find_element(By.NAME, "isbn")
        field.send_keys(spine["isbn"])
        field.send_keys(Keys.ENTER)
        self.wait.until(lambda d: "proposal-confirmed" in self.proposal(number).get_attribute("class"))
        self.assertIn("Added", self.proposal(number).text)

        # Reject the next.
        second = self.driver.find_elements(By.CSS_SELECTOR, "li.proposal-pending")[0]
        rejected = second.get_attribute("id").split("-")[1]
        button = second.find_element(By.XPATH, ".//button[normalize-space()='Reject']")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        self.wait.until(lambda d: "proposal-rejected" in self.proposal(rejected).get_attribute("class"))
        self.assert_accessible()

        # The library has every confirmed book, owned.
        self.go("/library?owned=true")
        library = self.driver.find_element(By.TAG_NAME, "main").text
        for title in {b["title"] for b in barcodes} | {spine["title"]}:
            self.assertIn(title, library)

        # At phone width the review queue fits, nothing spilling sideways.
        self.driver.set_window_size(375, 812)
        self.driver.get(scan_url)
        self.driver.save_screenshot(os.path.join(OUTPUT, "scan-375.png"))
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 375)
        self.assert_accessible()


class DailyLoop(ReaderTestCase):
    """What a reader does every day, each in few steps: today's page from Home in one field, a book
    added by typing its title, a refused note that keeps its text, the library's shelf tabs and
    their counts, a share link with the server's real port, and one count of books read."""

    def log_page_from_home(self, page):
        field = self.driver.find_element(By.CSS_SELECTOR, "#currently-reading form.page-form input[name=page]")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
        field.clear()
        field.send_keys(str(page))
        field.find_element(By.XPATH, "./ancestor::form//button[@type='submit']").click()
        self.wait.until(lambda d: f"Page {page} of 272" in d.find_element(By.ID, "currently-reading").text)

    def test_log_todays_page_from_home_on_a_desktop_and_a_phone(self):
        self.sign_up()
        self.add_book("Piranesi", "Susanna Clarke", pages="272", status="reading")
        self.go("/")
        self.log_page_from_home(120)
        self.assertIn("Saved: page 120.", self.text("#currently-reading"))
        self.assert_accessible()
        self.assert_accessible(dark=True)
        self.driver.set_window_size(375, 812)
        self.go("/")
        self.log_page_from_home(121)
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 375)
        self.assert_accessible()
        self.assert_accessible(dark=True)

    def search_and_press(self, typed, shelf, title):
        self.go("/add")
        self.fill("q", typed + "\n")
        button = self.wait.until(EC.presence_of_element_located(
            (By.CSS_SELECTOR, f"button[aria-label='{shelf}: {title}']")))
        self.assert_accessible()
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        self.wait.until(lambda d: f"Added “{title}” to {shelf}." in d.find_element(By.CSS_SELECTOR, ".book-search").text)
        self.assert_accessible()

    def test_add_books_by_typing_their_titles(self):
        # The Hobbit is in Dogear's catalog (another reader added it); Children of Time comes from
        # Google Books' recorded answer, replayed by the local source.
        _, bea = api_sign_up("Bea")
        status, _ = api("POST", "/api/v1/library", bea["token"],
                        {"book": {"title": "The Hobbit", "authors": ["J. R. R. Tolkien"], "pageCount": 310}})
        self.assertEqual(status, 201)
        self.sign_up()
        self.search_and_press("The Hobbit", "Want to read", "The Hobbit")
        self.driver.set_window_size(375, 812)
        self.search_and_press("children of time", "Reading", "Children of Time")
        self.assertIn("Google Books", self.text(".search-results"))
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 375)
        self.driver.save_screenshot(os.path.join(OUTPUT, "add-375.png"))
        self.go("/library")
        titles = [a.text for a in self.driver.find_elements(By.CSS_SELECTOR, "#results .title")]
        self.assertEqual(sorted(titles), ["Children of Time", "The Hobbit"])

    def test_add_by_hand_in_short_steps_on_a_phone(self):
        self.sign_up()
        self.driver.set_window_size(375, 812)
        self.go_add_by_hand()
        steps = self.driver.find_elements(
            By.CSS_SELECTOR, "form.book-form > fieldset.step, form.book-form > details.step-fold")
        names = [s.find_element(By.CSS_SELECTOR, "legend, summary").text for s in steps]
        self.assertEqual(names, ["1. The book", "2. Your shelf", "3. Tags and a first note"])
        # Each step fits the phone's screen, and nothing is wider than it.
        screen = self.driver.execute_script("return window.innerHeight")
        for step in steps:
            self.assertLessEqual(step.size["height"], screen)
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 375)
        # Six fields to see at first; the dates and the extras wait behind their folds.
        shown = [e.get_attribute("name") for e in self.driver.find_elements(
            By.CSS_SELECTOR, "form.book-form input, form.book-form select, form.book-form textarea") if e.is_displayed()]
        self.assertEqual(shown, ["isbn", "title", "authors", "pageCount", "status", "rating"])
        self.assert_accessible()
        self.assert_accessible(dark=True)
        self.driver.save_screenshot(os.path.join(OUTPUT, "add-by-hand-375.png"))
        # The dates open from the keyboard.
        summary = next(s for s in self.driver.find_elements(By.CSS_SELECTOR, "details.step-fold > summary")
                       if s.text == "Dates started and finished")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
        summary.send_keys(Keys.ENTER)
        self.wait.until(lambda d: d.find_element(By.NAME, "dateStarted").is_displayed())
        self.fill("title", "The Dispossessed")
        self.fill("authors", "Ursula K. Le Guin")
        self.fill("pageCount", "387")
        self.submit("form.book-form")
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "article.book")))
        self.assertIn("The Dispossessed", self.text("h1"))

    def test_correct_the_title_authors_and_pages_of_your_copy(self):
        self.sign_up()
        entry = self.add_book("Piranesy", "Susana Clarke", pages="27", status="reading")
        self.driver.set_window_size(375, 812)
        self.go(f"/books/{entry}/edit")
        self.assertEqual(self.text(".copy-facts legend"), "Your copy")
        self.assert_accessible()
        self.fill("title", "Piranesi")
        self.fill("authors", "Susanna Clarke")
        self.fill("pageCount", "272")
        self.submit("form.book-form")
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "article.book")))
        self.assertEqual(self.text("h1"), "Piranesi")
        self.assertIn("Susanna Clarke", self.text("article.book"))
        self.assertIn("272", self.text("article.book"))
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 375)
        self.assert_accessible(dark=True)

    def test_a_refused_note_keeps_its_13800_characters(self):
        self.sign_up()
        entry = self.add_book("Piranesi", "Susanna Clarke", pages="272", status="reading")
        self.go(f"/books/{entry}")
        text = "Ça " * 4600
        field = self.driver.find_element(By.ID, "field-note")
        # Pasted, as a reader would (typing 13,800 keys one by one is not what happens).
        self.driver.execute_script(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", field, text)
        self.assertEqual(self.text("#field-note-count"), "13,800 characters: 8,800 over the 5,000 limit")
        self.driver.execute_script("arguments[0].form.requestSubmit()", field)
        self.wait.until(EC.presence_of_element_located((By.ID, "field-note-error")))
        self.assertEqual(self.driver.find_element(By.ID, "field-note").get_attribute("value"), text)
        self.assertIn("5000", self.text("#field-note-error").replace(",", ""))
        self.assertEqual(self.driver.find_element(By.ID, "field-note").get_attribute("aria-invalid"), "true")
        self.assert_accessible()
        self.assert_accessible(dark=True)

    def test_shelf_tabs_count_what_the_api_counts(self):
        _, bea = api_sign_up("Bea")
        token = bea["token"]
        for title, shelf in [("Kindred", "read"), ("Dawn", "reading"), ("Parable of the Sower", "wantToRead"),
                             ("Wild Seed", "wantToRead"), ("Fledgling", "didNotFinish")]:
            status, _ = api("POST", "/api/v1/library", token,
                            {"book": {"title": title, "authors": ["Octavia E. Butler"]}, "status": shelf})
            self.assertEqual(status, 201)
        _, shelves = api("GET", "/api/v1/library/shelves", token)
        labels = {"reading": "Reading", "wantToRead": "Want to read", "read": "Read", "onHold": "On hold",
                  "didNotFinish": "Did not finish"}
        expected = [f"All{shelves['total']}"] + [f"{labels[s['status']]}{s['count']}" for s in shelves["shelves"]]
        self.assertEqual(expected, ["All5", "Reading1", "Want to read2", "Read1", "On hold0", "Did not finish1"])
        self.go("/signin")
        self.fill("email", bea["user"]["email"])
        self.fill("password", "long enough password")
        self.submit()
        self.wait.until(EC.presence_of_element_located((By.ID, "currently-reading")))
        for width in (1280, 375):
            self.driver.set_window_size(width, 900)
            self.go("/library")
            tabs = [a.get_attribute("textContent") for a in self.driver.find_elements(By.CSS_SELECTOR, ".shelf-tabs a")]
            self.assertEqual(tabs, expected)
            self.assert_accessible(dark=True)
        # A tab is a link: Want to read lists those two, and is the current tab.
        self.driver.find_element(By.PARTIAL_LINK_TEXT, "Want to read").click()
        self.wait.until(EC.url_contains("status=wantToRead"))
        titles = sorted(a.text for a in self.driver.find_elements(By.CSS_SELECTOR, "#results .title"))
        self.assertEqual(titles, ["Parable of the Sower", "Wild Seed"])
        current = self.driver.find_element(By.CSS_SELECTOR, ".shelf-tabs a[aria-current=page]")
        self.assertEqual(current.get_attribute("textContent"), "Want to read2")
        self.driver.save_screenshot(os.path.join(OUTPUT, "library-375.png"))
        # The row's actions are one menu; it opens with the keyboard.
        summary = self.driver.find_element(By.CSS_SELECTOR, "#results .row-menu summary")
        summary.send_keys(Keys.ENTER)
        self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#results .row-menu .quick-status").is_displayed())
        self.assert_accessible()
        # "tolkein" finds nothing here and offers nothing near; "kindrd" offers Kindred.
        self.go("/library?q=kindrd")
        self.driver.find_element(By.CSS_SELECTOR, ".suggestions a").click()
        self.wait.until(lambda d: "Kindred" in d.find_element(By.ID, "results").text)

    def test_share_link_names_the_real_port(self):
        self.sign_up()
        self.go("/lists/new")
        self.fill("name", "Comfort reads")
        self.driver.find_element(By.NAME, "isPublic").click()
        self.submit("form.list-form")
        link = self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".share-link"))).text
        self.assertTrue(link.startswith(BASE + "/l/"), link)
        self.driver.get(link)
        self.assertIn("Comfort reads", self.text("h1"))
        self.assert_accessible()


class PhoneScreenshots(ReaderTestCase):
    """Home and Library at 375 px wide, saved on every run for a person to look at."""
    width = 375

    def test_phone_width_home_and_library(self):
        self.driver.set_window_size(375, 812)
        self.sign_up("Ann")
        piranesi = self.add_book("Piranesi", "Susanna Clarke", tags="Fantasy, Comfort", pages="272", status="reading",
                                 note="The statues and the tides")
        self.add_book("A Very Long Title About Houses, Halls, Tides and Statues That Wraps on a Phone", "Someone Else",
                      tags="Long", status="read")
        # The book page and the statistics at phone width, for a person to look at.
        for path, name in ((f"/books/{piranesi}", "book-375.png"), ("/stats", "stats-375.png")):
            self.go(path)
            self.driver.save_screenshot(os.path.join(OUTPUT, name))
            self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 375)
        self.go("/")
        self.driver.save_screenshot(os.path.join(OUTPUT, "home-375.png"))
        # Nothing spills sideways at phone width.
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 375)
        # The main sections are a tab bar along the bottom; the header is one line.
        tabs = self.driver.find_element(By.CSS_SELECTOR, "nav.tabs")
        self.assertEqual([a.text for a in tabs.find_elements(By.TAG_NAME, "a")], ["Home", "Library", "Lists", "Clubs", "Add"])
        self.assertGreater(tabs.location["y"], 600)
        header = self.driver.find_element(By.CSS_SELECTOR, ".site-header")
        self.assertLess(header.size["height"], 70)
        # The rest is behind More, which opens with the keyboard (no script needed).
        summary = self.driver.find_element(By.CSS_SELECTOR, ".more-menu summary")
        summary.send_keys(Keys.ENTER)
        self.wait.until(lambda d: d.find_element(By.LINK_TEXT, "Profile").is_displayed())
        self.driver.save_screenshot(os.path.join(OUTPUT, "home-375-more.png"))
        self.assert_accessible()
        # A club's page at phone width: its book, who is where, the talk.
        self.go("/clubs/new")
        self.fill("name", "A Club With A Rather Long Name For A Phone")
        self.submit("form.club-form")
        self.wait.until(EC.presence_of_element_located((By.ID, "club-members")))
        self.choose_club_book("Piranesi")
        self.fill("body", "Who else loves the statues?")
        self.submit("form.comment-form")
        # The live feed may redraw the list while it is read; Chromium then says the node left the
        # document, which is a redraw, not a failure: read it again.
        self.wait.until(lambda d: "statues" in d.execute_script(
            "const list = document.getElementById('comment-list'); return list ? list.textContent : ''"))
        self.driver.save_screenshot(os.path.join(OUTPUT, "club-375.png"))
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 375)
        self.assert_accessible()
        self.go("/library")
        self.driver.save_screenshot(os.path.join(OUTPUT, "library-375.png"))
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 375)


if __name__ == "__main__":
    unittest.main()
