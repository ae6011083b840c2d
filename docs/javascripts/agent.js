// "交给 Agent": copy a short prompt that points an agent at this page's raw Markdown,
// which carries the numbers and their provenance front matter.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button.agent-copy");
  if (!button) return;
  const markdownUrl = new URL("index.md", location.href).href;
  const title = document.querySelector("h1") ? document.querySelector("h1").textContent.trim() : document.title;
  const prompt = `请先读取这一页的 Markdown 原文：${markdownUrl}\n` +
    `它的 front matter 记录了每个数字的来历（claims 由代码重算，cited 注明出处）。` +
    `请只根据该页回答我关于「${title}」的问题；区分教学构造、论文结果、本站运行与历史记录。`;
  const done = () => { button.textContent = "已复制"; setTimeout(() => (button.textContent = "交给 Agent"), 2000); };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(prompt).then(done, () => window.prompt("复制这段提示词：", prompt));
  } else {
    window.prompt("复制这段提示词：", prompt);
  }
});
