import { csrf } from "./csrf.js";

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
