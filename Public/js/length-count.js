// Length counters: "120 of 5,000 characters" as the reader types, and over the limit by how much.
// Nothing is cut off (no maxlength): the server refuses a text that is too long and gives it back.
const format = new Intl.NumberFormat("en-US");
for (const hint of document.querySelectorAll("[data-count-for]")) {
  const field = document.getElementById(hint.dataset.countFor);
  if (!field) continue;
  const max = Number(hint.dataset.max);
  const update = () => {
    const length = [...field.value].length;
    hint.textContent = length > max
      ? `${format.format(length)} characters: ${format.format(length - max)} over the ${format.format(max)} limit`
      : `${format.format(length)} of ${format.format(max)} characters`;
    hint.classList.toggle("over", length > max);
  };
  field.addEventListener("input", update);
  update();
}
