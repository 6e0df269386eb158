import { csrf } from "./csrf.js";

// Dogear offline. The service worker (/sw.js) keeps the pages and files already seen, Home's
// current books among them, so they open without a network. A form marked data-offline (Home's
// page forms, a book's new note) sent while offline is kept on this device instead, with a fresh
// Idempotency-Key, and the page says so; once the network is back the kept changes go to the
// server in one /api/v1/batch, each with its own key, so a change sent twice (a lost answer, two
// tabs) is applied once. Without a script the forms post as they always did.

const PAGES = "dogear-pages-v1";
const batchPath = document.querySelector('meta[name="dogear-batch"]')?.content;
const worker = document.querySelector('meta[name="dogear-service-worker"]')?.content;
const reader = document.querySelector('meta[name="dogear-reader"]')?.content;
const signedIn = Boolean(reader);
// Only the sign-in page says so: a page drawn without a session (an unsubscribe link, a password
// reset) may be open in a browser that is still signed in.
const signedOut = document.querySelector('meta[name="dogear-signed-out"]') !== null;
// Each reader's own: on a shared device what one kept waits for them, and is never sent as another.
const OUTBOX = `dogear-outbox:${reader ?? ""}`;
// How many kept changes one batch carries (a hundred long notes could pass the body's limit).
const PER_BATCH = 20;
// The form fields that are numbers in the API's JSON.
const NUMBERS = new Set(["page", "minutes"]);

function read() {
  try { return JSON.parse(localStorage.getItem(OUTBOX) ?? "[]"); } catch { return []; }
}

function write(waiting) {
  localStorage.setItem(OUTBOX, JSON.stringify(waiting));
}

function say(form, text) {
  const box = form.closest(".page-log, .reading-card, section, main") ?? form.parentElement;
  let status = box.querySelector(".offline-status");
  if (!status) {
    status = document.createElement("p");
    status.className = "saved offline-status";
    status.setAttribute("role", "status");
    form.after(status);
  }
  status.textContent = text;
}

function body(form) {
  const json = {};
  for (const field of form.elements) {
    if (!field.name || field.name === "_csrf" || field.name === "back" || field.disabled) continue;
    if (field.type === "checkbox") { if (field.checked) json[field.name] = true; continue; }
    const value = field.value.trim();
    json[field.name] = NUMBERS.has(field.name) && /^\d+$/.test(value) ? Number(value) : value;
  }
  return json;
}

// Keeps what the form says on this device, to be sent later.
export function keep(form) {
  const change = body(form);
  const waiting = read();
  waiting.push({ key: crypto.randomUUID(), method: "POST", path: form.dataset.offline, body: change });
  write(waiting);
  const what = change.page !== undefined ? `: page ${change.page}` : change.minutes !== undefined ? `: minute ${change.minutes}` : "";
  say(form, `Saved on this phone, will sync${what}.`);
  if (change.page !== undefined) {
    // The card follows: the field shows the page, the − and + step from it.
    const card = form.closest(".page-log")?.parentElement ?? document;
    const input = card.querySelector(".page-input");
    if (input) input.value = change.page;
    card.querySelectorAll("form.step:not(.page-form) input[name=page]").forEach((step, index) => {
      step.value = Math.max(0, change.page + (index === 0 ? -1 : 1));
    });
  }
  if (form.classList.contains("add-note")) form.reset();
}

let sending = false;

async function send(operations) {
  return fetch(batchPath, {
    method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
    body: JSON.stringify({
      atomic: false,
      operations: operations.map(({ key, method, path, body }) => ({ method, path, body, headers: { "Idempotency-Key": key } })),
    }),
  });
}

// Sends what was kept. An answer that will not change by trying again (done, or refused for what
// it says) takes a change off the device; the others (the server busy or restarting, a key still
// running, signed out) wait for the next time. A batch refused whole (one change the API cannot
// read, or too big) is sent again one change at a time, so one bad change never holds the rest.
export async function sync() {
  if (sending || !navigator.onLine || !batchPath || !signedIn) return;
  const waiting = read().slice(0, PER_BATCH);
  if (waiting.length === 0) return;
  sending = true;
  const settled = new Set();
  const refused = [];
  try {
    const response = await send(waiting);
    if ([400, 413, 415, 422].includes(response.status)) {
      for (const change of waiting) {
        const alone = await send([change]);
        if ([400, 413, 415, 422].includes(alone.status)) {
          settled.add(change.key);
          refused.push(`a change could not be sent (${alone.status})`);
        } else if (alone.ok) {
          await settle([change], alone, settled, refused);
        }
      }
    } else if (response.ok) {
      await settle(waiting, response, settled, refused);
    }
    write(read().filter(({ key }) => !settled.has(key)));
    if (settled.size > 0) {
      const text = refused.length ? `Synced, but not everything: ${refused.join("; ")}.` : "Synced.";
      document.querySelectorAll(".offline-status").forEach((status) => { status.textContent = text; });
    }
  } catch {
    // Still no network after all: the next "online" tries again.
  } finally {
    sending = false;
  }
  if (settled.size === waiting.length && read().length > 0) await sync();
}

async function settle(changes, response, settled, refused) {
  const { results } = await response.json();
  results.forEach((result, index) => {
    if (result.status >= 500 || result.status === 409 || result.status === 429 || result.status === 401) return;
    settled.add(changes[index].key);
    if (result.status >= 400) refused.push(result.body?.error?.message ?? `refused (${result.status})`);
  });
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.dataset?.offline || navigator.onLine) return;
  // Before the stepper's handler (this one listens while the event comes down, that one as it goes up).
  event.preventDefault();
  event.stopImmediatePropagation();
  keep(form);
}, true);

window.addEventListener("online", sync);

if (worker && "serviceWorker" in navigator) {
  if (signedIn) {
    navigator.serviceWorker.register(worker, { scope: "/" }).then(async () => {
      // Home's current books kept for offline, besides every page seen.
      const books = [...document.querySelectorAll("#currently-reading a[href^='/books/']")]
        .map((link) => link.getAttribute("href")).filter((href) => !href.includes("/", 7));
      const ready = await navigator.serviceWorker.ready;
      if (books.length) ready.active?.postMessage({ keep: [...new Set(books)] });
    }).catch(() => {});
  } else if (signedOut) {
    // Signed out: the pages kept for offline were someone's, and so were this browser's pushes
    // (the server stopped them with the session; the browser's own subscription goes too).
    if ("caches" in window) caches.delete(PAGES);
    navigator.serviceWorker.getRegistration().then((registration) => registration?.pushManager?.getSubscription())
      .then((subscription) => subscription?.unsubscribe()).catch(() => {});
  }
}

sync();
