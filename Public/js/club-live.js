// A club's page stays current: the club's event stream (Server-Sent Events) says when something
// happened, and the script fetches the page again and swaps in the parts that change — the feed,
// who is where, and the discussion — so what it shows is exactly what a reload would show
// (spoilers hidden by the server, for this reader). Without a script, reloading does the same.
const page = document.querySelector("[data-club-events]");
if (page && "EventSource" in window) {
  const parts = ["club-feed", "club-members", "comment-list"];
  let pending = null;

  // A reply or an edit being typed is never thrown away: the discussion waits for the next event.
  const busy = (element) =>
    element.contains(document.activeElement) ||
    [...element.querySelectorAll("textarea")].some((area) => area.value.trim() !== "") ||
    [...element.querySelectorAll("details")].some((details) => details.open);

  const refresh = async () => {
    pending = null;
    const response = await fetch(window.location.pathname, { credentials: "same-origin" });
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const id of parts) {
      const current = document.getElementById(id);
      const next = fresh.getElementById(id);
      if (!current || !next || (id === "comment-list" && busy(current))) continue;
      current.replaceWith(document.importNode(next, true));
    }
  };

  const events = new EventSource(page.dataset.clubEvents);
  events.addEventListener("activity", () => {
    // A burst of events becomes one refresh.
    if (pending === null) pending = setTimeout(refresh, 150);
  });
  events.addEventListener("closed", () => events.close());
}
