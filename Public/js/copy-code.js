// The share sheet's "Copy" button: puts the list's link on the clipboard. Hidden without a script
// (the code and the link are there to read and select).
for (const button of document.querySelectorAll("[data-copy]")) {
  if (!navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(button.dataset.copy);
      button.textContent = "Copied";
    } catch {
      button.textContent = "Select the link to copy it";
    }
  });
}
