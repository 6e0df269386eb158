// Live search: the library's results update as you type (the form still submits without this).
const search = document.querySelector("form[data-live-search]");
if (search) {
  const target = document.querySelector(search.dataset.liveSearch);
  let timer;
  let latest = 0;
  search.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const params = new URLSearchParams(new FormData(search));
      history.replaceState(null, "", `${search.action}?${params}`);
      params.set("partial", "1");
      const ticket = ++latest;
      const response = await fetch(`${search.action}?${params}`, { credentials: "same-origin" });
      if (response.ok && ticket === latest) target.innerHTML = await response.text();
    }, 150);
  });
}
