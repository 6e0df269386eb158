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

// Destructive buttons ask first; without a script, deleting a book goes through its confirmation page.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-confirm]");
  if (button && !window.confirm(button.dataset.confirm)) event.preventDefault();
});

// "Look up": fills the add form from the ISBN in place (the button submits the form without a script).
const setField = (name, value) => {
  const field = document.querySelector(`[name="${name}"]`);
  if (field && value !== undefined && value !== null && value !== "") field.value = value;
};
const lookUp = async (button) => {
  const isbn = document.querySelector(button.dataset.lookup)?.value ?? "";
  const response = await fetch(`/lookup?isbn=${encodeURIComponent(isbn)}`, { credentials: "same-origin" });
  const answer = await response.json().catch(() => ({}));
  const hint = document.querySelector(button.dataset.lookup)?.parentElement.querySelector(".hint");
  if (!response.ok) {
    if (hint) hint.textContent = answer?.error?.message ?? "Not found.";
    return;
  }
  setField("title", answer.title);
  setField("authors", (answer.authors ?? []).join(", "));
  setField("pageCount", answer.pageCount);
  if (hint) hint.textContent = "Found: check the details and add it.";
};
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-lookup]");
  if (!button) return;
  event.preventDefault();
  lookUp(button);
});

// The camera, where the browser can read barcodes (BarcodeDetector); typing the ISBN works everywhere.
const scan = document.querySelector("[data-scan]");
if (scan && "BarcodeDetector" in window) {
  scan.hidden = false;
  scan.addEventListener("click", async () => {
    const detector = new BarcodeDetector({ formats: ["ean_13"] });
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
    const video = document.createElement("video");
    video.srcObject = stream;
    video.setAttribute("playsinline", "");
    video.className = "scanner";
    scan.after(video);
    await video.play();
    const stop = () => { stream.getTracks().forEach((track) => track.stop()); video.remove(); };
    const look = async () => {
      const codes = await detector.detect(video).catch(() => []);
      const book = codes.find((code) => /^97[89]/.test(code.rawValue));
      if (!book) { requestAnimationFrame(look); return; }
      stop();
      document.querySelector(scan.dataset.scan).value = book.rawValue;
      lookUp(document.querySelector("[data-lookup]"));
    };
    look();
  });
}
