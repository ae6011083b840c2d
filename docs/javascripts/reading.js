// Wide tables and formulas scroll inside their own box on a narrow screen instead of pushing the page
// sideways. Mark such boxes so the stylesheet can fade their right edge, and put a short hint above
// them; recheck on every page (instant navigation), after typesetting, and when the window resizes.
(() => {
  const BOXES = ".md-typeset__scrollwrap, .md-typeset div.arithmatex, .md-typeset span.arithmatex.kb-inline-wide";

  // An inline formula has no box of its own; one wider than its line becomes a scrolling inline-block.
  function fitInline(span) {
    const block = span.closest("p, li, td, th, dd, .admonition, article");
    if (!block || span.classList.contains("kb-inline-wide")) return;
    if (span.getBoundingClientRect().width > block.clientWidth) span.classList.add("kb-inline-wide");
  }

  function mark(box) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    box.classList.toggle("kb-scrolls", scrolls);
    box.classList.toggle("kb-at-end", scrolls && box.scrollLeft + box.clientWidth >= box.scrollWidth - 2);
    if (box.matches("span")) return;  // no hint line inside a sentence
    let hint = box.previousElementSibling;
    if (!hint || !hint.classList.contains("kb-scroll-hint")) {
      if (!scrolls) return;
      hint = document.createElement("div");
      hint.className = "kb-scroll-hint";
      hint.setAttribute("aria-hidden", "true");
      hint.textContent = box.matches(".arithmatex") ? "公式较宽，可左右滑动 →" : "表格较宽，可左右滑动 →";
      box.before(hint);
    }
    hint.classList.toggle("kb-visible", scrolls);
  }

  function markAll() {
    document.querySelectorAll(".md-typeset span.arithmatex").forEach(fitInline);
    document.querySelectorAll(BOXES).forEach(mark);
  }

  document.addEventListener("scroll", (event) => {
    if (event.target instanceof Element && event.target.matches(BOXES)) mark(event.target);
  }, true);
  let pending = null;
  window.addEventListener("resize", () => {
    clearTimeout(pending);
    pending = setTimeout(markAll, 150);
  });
  // formulas change width once typeset; math.js raises this event when it is done
  document.addEventListener("kb:typeset", markAll);
  if (window.document$) window.document$.subscribe(markAll);
  else document.addEventListener("DOMContentLoaded", markAll);
})();
