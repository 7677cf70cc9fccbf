// The shell's few lines of JavaScript (every page works without them):
// (1) on a phone, the navigation folds behind a "Menu" button;
// (2) a card name that links to its page (a.card-link[data-face]) previews the card's face on
//     hover or keyboard focus; on a touch screen the first tap previews it (with a link to the
//     page inside) and a second tap opens the page. Escape or a tap elsewhere closes it.
(function () {
  "use strict";

  // --- (1) the navigation on small screens -------------------------------------------------
  const nav = document.querySelector(".site-nav");
  const menu = nav && nav.querySelector("#site-menu");
  if (nav && menu) {
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "menu-toggle";
    toggle.setAttribute("aria-controls", "site-menu");
    toggle.setAttribute("aria-expanded", "false");
    toggle.textContent = "Menu";
    nav.insertBefore(toggle, menu);
    nav.classList.add("has-toggle");
    toggle.addEventListener("click", function () {
      const open = toggle.getAttribute("aria-expanded") !== "true";
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
      nav.classList.toggle("menu-open", open);
    });
  }

  // --- (2) card previews ---------------------------------------------------------------------
  let preview = null;
  let owner = null;
  let touched = false;

  function box() {
    if (!preview) {
      preview = document.createElement("div");
      preview.className = "card-preview";
      preview.hidden = true;
      preview.innerHTML = '<img alt="" width="250" height="350"><a class="card-preview-open"></a>';
      document.body.appendChild(preview);
    }
    return preview;
  }

  function place(link) {
    const p = box();
    const r = link.getBoundingClientRect();
    const width = Math.min(250, window.innerWidth - 16);
    const height = width * 1.4;
    let left = r.right + 12;
    if (left + width > window.innerWidth - 8) {
      left = Math.max(8, r.left - width - 12);
    }
    if (left < 8 || window.innerWidth < 560) {
      left = Math.max(8, (window.innerWidth - width) / 2);
    }
    let top = r.top + r.height / 2 - height / 2;
    top = Math.max(8, Math.min(top, window.innerHeight - height - 48));
    p.style.left = left + window.scrollX + "px";
    p.style.top = top + window.scrollY + "px";
    p.style.width = width + "px";
  }

  function show(link, withOpenLink) {
    const p = box();
    const img = p.querySelector("img");
    if (img.getAttribute("src") !== link.dataset.face) {
      img.setAttribute("src", link.dataset.face);
    }
    img.setAttribute("alt", "");
    const open = p.querySelector(".card-preview-open");
    open.hidden = !withOpenLink;
    open.href = link.href;
    open.textContent = "Open " + link.textContent.trim() + "’s page";
    owner = link;
    place(link);
    p.hidden = false;
  }

  function hide() {
    if (preview) {
      preview.hidden = true;
    }
    owner = null;
  }

  function cardLink(target) {
    return target instanceof Element ? target.closest("a.card-link[data-face]") : null;
  }

  document.addEventListener("pointerdown", function (event) {
    touched = event.pointerType === "touch";
    if (touched && preview && !preview.hidden && !preview.contains(event.target) && !cardLink(event.target)) {
      hide();
    }
  });
  document.addEventListener("mouseover", function (event) {
    const link = cardLink(event.target);
    if (link && !touched) {
      show(link, false);
    }
  });
  document.addEventListener("mouseout", function (event) {
    const link = cardLink(event.target);
    if (link && link === owner && !touched && !link.contains(event.relatedTarget)) {
      hide();
    }
  });
  document.addEventListener("focusin", function (event) {
    const link = cardLink(event.target);
    if (link && !touched) {
      show(link, false);
    } else if (!link && preview && !preview.contains(event.target)) {
      hide();
    }
  });
  document.addEventListener("click", function (event) {
    const link = cardLink(event.target);
    if (link && touched && owner !== link) {
      event.preventDefault(); // the first tap previews; a second tap opens the page
      show(link, true);
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && preview && !preview.hidden) {
      hide();
    }
  });
  window.addEventListener("scroll", function () {
    if (owner && !touched) {
      hide();
    }
  }, { passive: true });
  document.addEventListener("htmx:beforeSwap", hide);
})();
