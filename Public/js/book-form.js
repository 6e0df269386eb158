// "Look up": fills the add form from the ISBN in place (the button submits the form without a script).
const setField = (name, value) => {
  const field = document.querySelector(`[name="${name}"]`);
  if (field && value !== undefined && value !== null && value !== "") field.value = value;
};
const lookUp = async (button) => {
  const isbn = document.querySelector(button.dataset.lookup)?.value ?? "";
  const response = await fetch(`${button.dataset.lookupUrl}?isbn=${encodeURIComponent(isbn)}`, { credentials: "same-origin" });
  const answer = await response.json().catch(() => ({}));
  const hint = document.querySelector(button.dataset.lookup)?.parentElement.querySelector(".hint");
  if (!response.ok) {
    if (hint) hint.textContent = answer?.error?.message ?? "Not found.";
    return;
  }
  setField("title", answer.title);
  setField("authors", (answer.authors ?? []).join(", "));
  setField("pageCount", answer.pageCount);
  // A book only readers described says so (the server's words for it are in the no-script page too).
  if (hint) {
    hint.textContent = answer.verified === false
      ? "Unverified: a reader typed these details, and Open Library and Google Books do not confirm them. Check them before adding."
      : "Found: check the details and add it.";
  }
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
