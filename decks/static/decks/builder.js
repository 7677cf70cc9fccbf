// The deck builder keeps the deck being edited in its form until Save; htmx re-renders the editor
// after each change, keeping the fields as they are in the page (hx-preserve). This script only
// (1) warns before leaving the page with unsaved changes, (2) keeps the keyboard focus and the
// fields' error state right across those re-renders in browsers that move preserved fields
// without keeping their focus, (3) says the new verdict in the live region outside the editor
// (a region that is itself replaced is not announced by screen readers), (4) the keyboard
// shortcuts: "+" and "-" on a card's row of the deck (its name, count or buttons) add or take
// away a copy, "+" on a card of the list adds it (the buttons they press work without them).
(function () {
  "use strict";
  let saving = false;
  let focusedId = "";

  document.addEventListener("submit", function (event) {
    if (event.target instanceof HTMLFormElement && event.target.id === "deck-form") {
      saving = true;
    }
  });
  window.addEventListener("pageshow", function () {
    saving = false;
  });
  window.addEventListener("beforeunload", function (event) {
    const editor = document.getElementById("deck-editor");
    if (!saving && editor && editor.dataset.dirty === "true") {
      event.preventDefault();
      event.returnValue = "";
    }
  });

  document.addEventListener("htmx:beforeSwap", function () {
    const active = document.activeElement;
    focusedId = active && active.id ? active.id : "";
  });
  document.addEventListener("htmx:afterSettle", function () {
    const editor = document.getElementById("deck-editor");
    if (!editor) {
      return;
    }
    // A preserved field keeps the attributes of the render it came from: match its message.
    editor.querySelectorAll("input[data-live]").forEach(function (input) {
      const error = document.getElementById(input.id + "-error");
      if (error) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", error.id);
      } else {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      }
    });
    const verdict = document.getElementById("deck-verdict");
    const source = document.getElementById("deck-verdict-text");
    if (verdict && source && verdict.textContent !== source.textContent) {
      verdict.textContent = source.textContent;
    }
    const active = document.activeElement;
    if (focusedId && (!active || active === document.body)) {
      const again = document.getElementById(focusedId);
      if (again) {
        again.focus();
      }
    }
    focusedId = "";
  });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || !(event.target instanceof Element)) {
      return;
    }
    const key = event.key;
    if (key !== "+" && key !== "-" && key !== "=") {
      return;
    }
    const row = event.target.closest("#deck-editor tr[data-card], .picker-list li[data-card]");
    if (!row) {
      return;
    }
    const slug = row.dataset.card;
    let button = null;
    if (key === "-") {
      button = document.getElementById("less-" + slug);
    } else {
      button = document.getElementById("more-" + slug) || row.querySelector('button[value="add:' + slug + '"]');
    }
    if (button) {
      event.preventDefault();
      button.click();
    }
  });
})();
