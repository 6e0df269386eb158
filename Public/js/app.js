// Dogear's scripts: small additions to pages that work without them. Loaded as a module from our
// own origin only (the Content-Security-Policy allows nothing else).
const csrf = document.querySelector('meta[name="csrf-token"]')?.content ?? "";

// Live search: the library's results update as you type (the form still submits without this).
const search = document.querySelector("form[data-live-search]");
if (search) {
  const target = document.querySelector(search.dataset.liveSearch);
  let timer;
  let latest = 0;
  search.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const params = new URLSearchParams(new FormData(search));
      history.replaceState(null, "", `${search.action}?${params}`);
      params.set("partial", "1");
      const ticket = ++latest;
      const response = await fetch(`${search.action}?${params}`, { credentials: "same-origin" });
      if (response.ok && ticket === latest) target.innerHTML = await response.text();
    }, 150);
  });
}

// The page stepper: sends the form in place and refreshes the reading sections.
document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!form.classList.contains("step")) return;
  event.preventDefault();
  const response = await fetch(form.action, {
    method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin",
    headers: { "X-CSRF-Token": csrf },
  });
  if (!response.ok) { form.submit(); return; }
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  for (const id of ["currently-reading", "recently-finished"]) {
    const fresh = page.getElementById(id);
    const current = document.getElementById(id);
    if (fresh && current) current.replaceWith(fresh);
  }
});

// A running import: the progress bar and counts refresh in place until the job ends.
const job = document.querySelector("[data-import-job]");
if (job) {
  const holder = document.getElementById("import-job");
  const poll = async () => {
    const response = await fetch(`/import/${job.dataset.importJob}?partial=1`, { credentials: "same-origin" });
    if (!response.ok) return;
    holder.innerHTML = await response.text();
    if (holder.querySelector("[data-import-job]")) setTimeout(poll, 400);
  };
  setTimeout(poll, 400);
}
