import { csrf } from "./csrf.js";

// Drag a book to a new place on a list, with a mouse or a finger (pointer events); the Up and Down
// buttons do the same without a script. The move is one request: the item's new index.
const list = document.querySelector("[data-reorder]");
if (list) {
  let dragged = null;
  let startIndex = -1;
  const items = () => [...list.querySelectorAll("li.list-item")];

  list.addEventListener("pointerdown", (event) => {
    // A drag starts on the handle only, so a finger on a row still scrolls the page.
    const item = event.target.closest(".drag-handle")?.closest("li.list-item");
    if (!item) return;
    dragged = item;
    startIndex = items().indexOf(item);
    item.classList.add("dragging");
    item.setPointerCapture(event.pointerId);
    event.preventDefault();
  });

  list.addEventListener("pointermove", (event) => {
    if (!dragged) return;
    const over = document.elementFromPoint(event.clientX, event.clientY)?.closest("li.list-item");
    if (!over || over === dragged || over.parentElement !== list) return;
    const box = over.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    list.insertBefore(dragged, after ? over.nextSibling : over);
  });

  const drop = async () => {
    if (!dragged) return;
    const item = dragged;
    dragged = null;
    item.classList.remove("dragging");
    const index = items().indexOf(item);
    if (index === startIndex) return;
    const response = await fetch(item.dataset.move, {
      method: "POST", credentials: "same-origin",
      headers: { "X-CSRF-Token": csrf, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ to: String(index) }),
    });
    // The page is the truth: on any refusal, show the list as the server has it.
    if (!response.ok) window.location.reload();
  };
  list.addEventListener("pointerup", drop);
  list.addEventListener("pointercancel", drop);
}
