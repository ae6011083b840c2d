// MathJax is served from this site (assets/mathjax, copied from the django-static-mathjax wheel):
// no request leaves the host. Instant navigation swaps page content, so typeset on every page change.
window.MathJax = {
  tex: { inlineMath: [["\\(", "\\)"]], displayMath: [["\\[", "\\]"]], processEscapes: true, processEnvironments: true },
  options: { ignoreHtmlClass: ".*|", processHtmlClass: "arithmatex", enableMenu: false },
  loader: { paths: { mathjax: new URL("../assets/mathjax", document.currentScript ? document.currentScript.src : location.href).href } },
};
document$.subscribe(() => {
  if (window.MathJax && MathJax.typesetPromise) {
    MathJax.startup.output.clearCache();
    MathJax.typesetClear();
    MathJax.texReset();
    MathJax.typesetPromise();
  }
});
