// The first-run page's time zone: the browser's own, while the list still says the default (UTC)
// and the server knows the browser's zone. Without a script the reader picks it from the list.
const field = document.querySelector("[data-browser-time-zone]");
if (field && field.value === field.dataset.browserTimeZone) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const known = field.options ? [...field.options].some((option) => option.value === zone) : true;
  if (zone && known) field.value = zone;
}
