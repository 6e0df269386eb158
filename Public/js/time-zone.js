// The first-run page's time zone: the browser's own, while the field still holds the default (UTC).
// Without a script the reader types it; either way it can be changed before saving.
const field = document.querySelector("[data-browser-time-zone]");
if (field && field.value === field.dataset.browserTimeZone) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) field.value = zone;
}
