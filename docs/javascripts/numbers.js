// Whose number is it: each checked number (sitegen/marks.py) carries a note in data-tip. It opens on hover and
// when the number takes focus (a tap on a phone, Tab on a keyboard), in one floating box kept inside the window.
(() => {
  let box = null;

  function show(mark) {
    if (!box) {
      box = document.createElement("div");
      box.className = "kb-num-note";
      box.setAttribute("role", "tooltip");
      document.body.appendChild(box);
    }
    box.textContent = mark.dataset.tip;
    box.dataset.kind = mark.dataset.kind;
    box.style.setProperty("--kb-kind", getComputedStyle(mark).getPropertyValue("--kb-kind"));
    box.hidden = false;
    const r = mark.getBoundingClientRect();
    const w = box.offsetWidth, h = box.offsetHeight;
    const left = Math.max(8, Math.min(r.left, window.innerWidth - w - 8));
    const below = r.bottom + 6 + h <= window.innerHeight;
    box.style.left = `${left}px`;
    box.style.top = `${below ? r.bottom + 6 : Math.max(8, r.top - h - 6)}px`;
  }

  function hide() { if (box) box.hidden = true; }

  const target = (event) => event.target instanceof Element ? event.target.closest(".kb-num") : null;
  document.addEventListener("mouseover", (event) => { const m = target(event); if (m) show(m); });
  document.addEventListener("mouseout", (event) => { if (target(event) && !target(event).matches(":focus")) hide(); });
  document.addEventListener("focusin", (event) => { const m = target(event); if (m) show(m); else hide(); });
  document.addEventListener("focusout", hide);
  window.addEventListener("scroll", hide, { passive: true });
  if (window.document$) window.document$.subscribe(hide);   // instant navigation: a new page, no stale note
})();
