// A running import: the progress bar and counts refresh in place until the job ends.
const job = document.querySelector("[data-import-job]");
if (job) {
  const holder = document.getElementById("import-job");
  const poll = async () => {
    const response = await fetch(job.dataset.importJob, { credentials: "same-origin" });
    if (!response.ok) return;
    holder.innerHTML = await response.text();
    if (holder.querySelector("[data-import-job]")) setTimeout(poll, 400);
  };
  setTimeout(poll, 400);
}
