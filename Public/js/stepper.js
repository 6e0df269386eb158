import { csrf } from "./csrf.js";
import { keep } from "./offline.js";

// The page stepper: sends the form in place and refreshes the reading sections.
document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!form.classList.contains("step")) return;
  event.preventDefault();
  let response;
  try {
    response = await fetch(form.action, {
      method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin",
      headers: { "X-CSRF-Token": csrf },
    });
  } catch {
    // The network went as it was sent: kept on this device, sent when it is back.
    if (form.dataset.offline) keep(form);
    return;
  }
  if (!response.ok) { form.submit(); return; }
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  for (const id of ["currently-reading", "recently-finished"]) {
    const fresh = page.getElementById(id);
    const current = document.getElementById(id);
    if (fresh && current) current.replaceWith(fresh);
  }
});
