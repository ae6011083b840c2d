// Math typesetting that survives instant navigation and is only downloaded where there is math.
//
// MathJax (SVG output, no web fonts) is served from this site (assets/mathjax, copied at build from the
// django-static-mathjax wheel); no request leaves the host. The theme's instant navigation swaps the
// page content without reloading scripts and announces every new page on `document$`, so on each
// emission: if the page has formulas, load MathJax once, then forget the previous page's formulas and
// typeset this one. A page without formulas never downloads MathJax.
(() => {
  const script = document.currentScript;
  const base = new URL("../assets/mathjax/", script ? script.src : location.href);
  window.MathJax = {
    tex: { inlineMath: [["\\(", "\\)"]], displayMath: [["\\[", "\\]"]], processEscapes: true, processEnvironments: true },
    options: { ignoreHtmlClass: ".*|", processHtmlClass: "arithmatex", enableMenu: false },
    // the glyph cache lives in <body>, which instant navigation keeps, so it stays valid across pages
    svg: { fontCache: "global" },
    loader: { paths: { mathjax: base.href.replace(/\/$/, "") } },
    startup: { typeset: false },
  };

  let loaded = null;
  function loadMathJax() {
    loaded = loaded || new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.src = new URL("tex-svg.js", base).href;
      tag.async = true;
      tag.onload = () => window.MathJax.startup.promise.then(resolve, reject);
      tag.onerror = () => reject(new Error(`could not load ${tag.src}`));
      document.head.appendChild(tag);
    });
    return loaded;
  }

  // typeset runs one after another: a quick second click must not interleave with the first page's run
  let queue = Promise.resolve();
  let latest = 0;
  function typesetPage() {
    if (!document.querySelector(".arithmatex")) {
      delete document.body.dataset.math;
      return;
    }
    const run = ++latest;
    document.body.dataset.math = "pending";
    queue = queue
      .then(loadMathJax)
      .then(() => {
        MathJax.typesetClear();  // drop the replaced page's formulas from MathJax's list
        MathJax.texReset();      // restart equation numbering and \label names
        return MathJax.typesetPromise();
      })
      .then(() => {
        if (run !== latest) return;
        document.body.dataset.math = "typeset";
        document.dispatchEvent(new Event("kb:typeset"));
      })
      .catch((error) => console.error("math typesetting failed:", error));
  }

  if (window.document$) {
    window.document$.subscribe(typesetPage);
  } else {
    document.addEventListener("DOMContentLoaded", typesetPage);
  }
})();
