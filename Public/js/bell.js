// The bell's number kept current without a reload: the page asks for it every 15 seconds while
// it is on screen, and at once when it comes back. Without a script the number is the one the page
// was drawn with.
const count = document.querySelector("[data-bell-count]");

async function refresh() {
  if (!count || document.visibilityState !== "visible") return;
  try {
    const answer = await fetch(count.dataset.bellCount, { credentials: "same-origin", cache: "no-store" });
    if (!answer.ok) return;
    const { unreadCount } = await answer.json();
    const text = unreadCount > 0 ? String(unreadCount) : "";
    if (count.textContent !== text) count.textContent = text;
  } catch {
    // Offline or the server restarting: the next tick tries again.
  }
}

if (count) {
  setInterval(refresh, 15000);
  document.addEventListener("visibilitychange", refresh);
}
