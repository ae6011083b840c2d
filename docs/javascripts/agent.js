// "交给 Agent": copy a short prompt that points an agent at this page's raw Markdown (whose front
// matter carries the provenance of every number) and its verification JSON. The URLs come from the
// build (sitegen/agent.py writes them into the button's data-agent): absolute under SITE_URL, else relative to this page.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button.agent-copy");
  if (!button) return;
  const source = document.getElementById("__agent");
  const info = button.dataset.agent ? JSON.parse(button.dataset.agent) : source ? JSON.parse(source.textContent) : {};
  const absolute = (url) => new URL(url, location.href).href;
  const title = info.title || document.title;
  const markdownUrl = absolute(info.markdown || "index.md");
  const lines = [
    `请先读取这一页的 Markdown 原文：${markdownUrl}`,
    info.json ? `核算结果（每条 claim 的印出值、重算值和所在小节）：${absolute(info.json)}` : "",
    info.description ? `本页摘要：${info.description}` : "",
    "Markdown 的 front matter 记录了每个数字的来历（claims 由代码重算，cited 注明出处）。" +
      `请只根据该页回答我关于「${title}」的问题；区分教学构造、论文结果、本站运行与历史记录。`,
  ];
  const prompt = lines.filter(Boolean).join("\n");
  const done = () => { button.textContent = "已复制"; setTimeout(() => (button.textContent = "交给 Agent"), 2000); };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(prompt).then(done, () => window.prompt("复制这段提示词：", prompt));
  } else {
    window.prompt("复制这段提示词：", prompt);
  }
});
