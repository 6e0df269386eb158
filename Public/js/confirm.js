// Destructive buttons ask first; without a script, deleting a book goes through its confirmation page.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-confirm]");
  if (button && !window.confirm(button.dataset.confirm)) event.preventDefault();
});
