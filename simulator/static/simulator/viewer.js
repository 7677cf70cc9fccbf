// The game viewer (docs/pages.md "The game viewer"): the left and right arrow keys step back and
// forward, unless the focus is in a field.
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target;
  if (target instanceof Element && target.closest("input, select, textarea, [contenteditable]")) return;
  const key = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
  if (!key) return;
  const link = document.querySelector(`#viewer a[data-key="${key}"]`);
  if (link) {
    event.preventDefault();
    link.click();
  }
});
