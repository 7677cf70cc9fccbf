// "Copy link" beside a deck's share link: copies the link (the field stays selectable without
// JavaScript or where the clipboard is refused) and says so in its status.
(function () {
  "use strict";
  document.querySelectorAll("button.copy-link[data-copy]").forEach(function (button) {
    const field = document.querySelector(button.dataset.copy);
    const state = button.parentElement.querySelector(".copy-state");
    if (!field) {
      return;
    }
    button.hidden = false;
    button.addEventListener("click", function () {
      field.focus();
      field.select();
      const done = function (ok) {
        if (state) {
          state.textContent = ok ? "Link copied." : "Press Ctrl+C (⌘C) to copy the selected link.";
        }
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(function () { done(true); }, function () { done(false); });
      } else {
        let ok = false;
        try {
          ok = document.execCommand("copy");
        } catch (e) {
          ok = false;
        }
        done(ok);
      }
    });
  });
})();
