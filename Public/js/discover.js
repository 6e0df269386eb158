// The discover deck: drag a card with a mouse or a finger (pointer events) and it follows, tilting,
// green toward "add" and red toward "not interested"; ← → b u do the same from the keyboard. The
// page already holds the whole deck, so the next card shows at once; the swipe is sent behind it
// and the cards are topped up before they run out. Without this script every button is a form.
import { csrf } from "./csrf.js";

const deck = document.querySelector("[data-deck]");
if (deck) {
  const THRESHOLD = 110;
  const swiped = new Set();
  const learned = () => document.getElementById("learned");
  const dry = document.querySelector(".deck-dry");
  const cards = () => [...deck.querySelectorAll(".deck-card")];
  const top = () => cards()[0];
  let refilling = false;

  const reveal = () => {
    const next = top();
    if (next) {
      next.hidden = false;
      next.querySelector("img")?.setAttribute("loading", "eager");
      // The card after it loads its cover now, so it is there when its turn comes.
      cards()[1]?.querySelector("img")?.setAttribute("loading", "eager");
    } else if (dry) {
      dry.hidden = false;
    }
    if (cards().length < 6) refill();
  };

  const refill = async () => {
    if (refilling) return;
    refilling = true;
    try {
      const response = await fetch(deck.dataset.deck, { credentials: "same-origin" });
      if (!response.ok) return;
      const holder = document.createElement("div");
      holder.innerHTML = await response.text();
      const present = new Set(cards().map((card) => card.dataset.work));
      const choice = top()?.querySelector("select[name=listId]")?.value;
      for (const card of holder.querySelectorAll(".deck-card")) {
        if (present.has(card.dataset.work) || swiped.has(card.dataset.work)) continue;
        card.hidden = true;
        const select = card.querySelector("select[name=listId]");
        if (select && choice) select.value = choice;
        deck.append(card);
      }
      const fresh = holder.querySelector(".deck-dry");
      if (fresh && dry) dry.textContent = fresh.textContent;
      if (top() && top().hidden) reveal();
      else if (!top() && dry) dry.hidden = false;
    } finally {
      refilling = false;
    }
  };

  const send = async (card, action) => {
    const form = card.querySelector("form.swipe-form");
    const body = new URLSearchParams(new FormData(form));
    body.set("action", action);
    swiped.add(card.dataset.work);
    card.classList.add(action === "left" ? "gone-left" : "gone-right");
    card.remove();
    reveal();
    // The buttons are named "action", so `form.action` is them; the address is the attribute.
    const response = await fetch(form.getAttribute("action"), {
      method: "POST", credentials: "same-origin", body,
      headers: { "X-CSRF-Token": csrf, "X-Requested-With": "fetch", "Content-Type": "application/x-www-form-urlencoded" },
    });
    if (!response.ok) {
      // The page is the truth: on a refusal show the deck as the server has it, with its message.
      window.location.reload();
      return;
    }
    const holder = document.createElement("div");
    holder.innerHTML = await response.text();
    const fresh = holder.querySelector("#learned");
    if (fresh && learned()) learned().replaceWith(fresh);
  };

  // Buttons: the same swipe, without leaving the page.
  deck.addEventListener("submit", (event) => {
    const card = event.target.closest(".deck-card");
    if (!card) return;
    event.preventDefault();
    send(card, event.submitter?.value ?? "right");
  });

  // The list chosen on one card is the choice for the next ones.
  deck.addEventListener("change", (event) => {
    if (event.target.name !== "listId") return;
    for (const select of deck.querySelectorAll("select[name=listId]")) select.value = event.target.value;
  });

  let drag = null;
  deck.addEventListener("pointerdown", (event) => {
    const card = event.target.closest(".deck-card");
    // A press on a button or the list picker is theirs, not a drag.
    if (!card || card !== top() || event.target.closest("button, select, label, a")) return;
    drag = { card, x: event.clientX, y: event.clientY, dx: 0 };
    card.setPointerCapture(event.pointerId);
    card.classList.add("dragging");
  });

  deck.addEventListener("pointermove", (event) => {
    if (!drag) return;
    drag.dx = event.clientX - drag.x;
    const dy = (event.clientY - drag.y) / 4;
    drag.card.style.transform = `translate(${drag.dx}px, ${dy}px) rotate(${drag.dx / 18}deg)`;
    drag.card.classList.toggle("toward-right", drag.dx > THRESHOLD / 3);
    drag.card.classList.toggle("toward-left", drag.dx < -THRESHOLD / 3);
  });

  const release = () => {
    if (!drag) return;
    const { card, dx } = drag;
    drag = null;
    card.classList.remove("dragging", "toward-right", "toward-left");
    if (Math.abs(dx) >= THRESHOLD) {
      send(card, dx > 0 ? "right" : "left");
    } else {
      card.style.transform = "";
    }
  };
  deck.addEventListener("pointerup", release);
  deck.addEventListener("pointercancel", release);

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.("input, select, textarea, [contenteditable]")) return;
    const card = top();
    if (event.key === "u") {
      event.preventDefault();
      document.querySelector("form.undo-form")?.requestSubmit();
      return;
    }
    if (!card) return;
    const action = { ArrowLeft: "left", ArrowRight: "right", b: "bookmark" }[event.key];
    if (!action) return;
    event.preventDefault();
    send(card, action);
  });
}
