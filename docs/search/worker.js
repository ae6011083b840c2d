// Site search worker for Chinese course terms; hooks/site.py points the theme at it.
//
// It speaks mkdocs-material's worker protocol (SETUP -> READY, QUERY -> RESULT with items grouped
// per page: [article, ...sections]) so the theme's search box and result list stay as they are.
// What differs from the theme's lunr worker:
//  - the index (search/index.json, built by sitegen/search.py) is fetched on the first non-empty
//    query, not on every page load;
//  - a query term matches as a whole substring first ("词向量" is not "词" OR "向量"); a Han run
//    that never occurs whole falls back to its dictionary words, all of them required;
//  - every query term is required; synonyms (掩码/遮罩, 键值缓存/KV cache) count as the same term;
//  - source-code pages (scope "code") come after every teaching page.
"use strict";

const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;
const MAX_PAGES = 60;
const HUB = 0.6;      // chapter front pages, glossary, references: they name every term in passing
const PARTS = 0.4;    // a page with all words of a term but not the term itself

let loading = null;

function loadIndex() {
  if (!loading) {
    loading = fetch(new URL("index.json", self.location.href))
      .then(response => {
        if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
        return response.json();
      })
      .then(prepare);
  }
  return loading;
}

// "KV cache", "kv-cache" and "KVcache" are one synonym key; "_" stays, layer_norm is an identifier
const compact = s => s.normalize("NFKC").toLowerCase().replace(/[\s\-/·]+/g, "");
const isHan = s => /^\p{sc=Han}+$/u.test(s);

function prepare(data) {
  const pages = data.pages.map(p => ({
    url: p.u, title: p.t, code: p.k === 1, hub: p.h === 1,
    titleL: p.t.toLowerCase(), descL: (p.d || "").toLowerCase(), boldL: (p.b || []).map(b => b.toLowerCase()),
    sections: [], length: 0,
  }));
  const sections = data.sections.map(([page, anchor, title, text]) => {
    const section = { page: pages[page], anchor, title, text, titleL: title.toLowerCase(), textL: text.toLowerCase() };
    section.page.sections.push(section);
    section.page.length += text.length;
    return section;
  });
  const teaching = pages.filter(p => !p.code);
  const averageLength = teaching.reduce((sum, p) => sum + p.length, 0) / Math.max(1, teaching.length);
  // synonym lookup by compact form ("KV cache", "kv-cache" and "kvcache" are one key)
  const synonyms = new Map();
  for (const group of data.synonyms)
    for (const name of group) {
      const key = compact(name);
      synonyms.set(key, [...new Set([...(synonyms.get(key) || []), ...group.map(n => n.toLowerCase())])]);
    }
  return { pages, sections, averageLength, vocab: new Set(data.vocab), synonyms, groups: data.synonyms };
}

// ----------------------------------------------------------------------------- query

function escapeRegExp(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

// ASCII names match at a word start ("lm" must not match "palm"), and a short one (an acronym such as
// "vit", "moe") at a word end too ("vit" must not match "viterbi"); Han names anywhere.
function matcher(alt) {
  const ascii = /^[\x00-\x7f]+$/.test(alt);
  const source = ascii ? `(?<![a-z0-9])${escapeRegExp(alt)}${alt.length <= 4 ? "(?![a-z])" : ""}` : escapeRegExp(alt);
  return new RegExp(source.replace(/ +/g, "[\\s\\-]*"), "g");
}

function alternatives(index, name) {
  const own = name.toLowerCase();
  const alts = new Set([own, ...(index.synonyms.get(compact(name)) || [])]);
  // a synonym inside a longer Han term: 因果遮罩 -> 因果掩码
  if (isHan(name))
    for (const group of index.groups)
      for (const member of group)
        if (member.length >= 2 && isHan(member) && name.includes(member) && name !== member)
          for (const other of group) if (isHan(other)) alts.add(name.replace(member, other).toLowerCase());
  return [...alts].map(alt => ({ alt, re: matcher(alt), weight: alt === own ? 1 : 0.7 }));
}

// forward maximum matching against the corpus vocabulary (jieba with the course terms, at build)
function segment(index, run) {
  const words = [];
  for (let i = 0; i < run.length;) {
    let length = Math.min(8, run.length - i);
    while (length > 1 && !index.vocab.has(run.slice(i, i + length))) length--;
    words.push(run.slice(i, i + length));
    i += length;
  }
  return words;
}

function parseQuery(index, raw) {
  let query = raw.normalize("NFKC").toLowerCase().replace(/[“”"'`，。、；：！？,.;:!?()（）[\]{}<>《》]+/g, " ").trim();
  const names = [];
  // whole-query and multi-word synonyms first ("kv cache", "beam search")
  const whole = compact(query);
  if (index.synonyms.has(whole)) return [term(index, query, false)];
  for (const key of index.synonyms.keys())
    for (const name of index.synonyms.get(key))
      if (/\s/.test(name) && query.includes(name)) { names.push(name); query = query.replace(name, " "); }
  for (const token of query.split(/\s+/).filter(Boolean)) {
    if (index.synonyms.has(compact(token))) { names.push(token); continue; }
    names.push(...(token.match(/\p{sc=Han}+|[^\p{sc=Han}]+/gu) || []));
  }
  return names.map(name => term(index, name, true));
}

function term(index, name, mayFallBack) {
  const t = { name, alts: alternatives(index, name), parts: null };
  if (mayFallBack && isHan(name) && name.length > 2) {
    const words = segment(index, name);
    if (words.length > 1) t.parts = words.map(w => term(index, w, false));
  }
  return t;
}

// ----------------------------------------------------------------------------- scoring

function count(re, text) {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text)) n++;
  return n;
}

// How strongly a page discusses one name: its title, bold terms and description say what the
// page is about; headings and body frequency (saturating, length-normalised) say how much.
function nameScore(index, page, { re, weight }) {
  let tf = 0, headings = 0;
  const perSection = page.sections.map(s => {
    const inTitle = count(re, s.titleL), inText = count(re, s.textL);
    tf += inText + inTitle;
    if (inTitle && s.anchor) headings++;
    return inTitle * 3 + inText;
  });
  if (!tf && !count(re, page.titleL) && !count(re, page.descL)) return { score: 0, perSection };
  let score = 0;
  if (count(re, page.titleL)) score += 8;
  if (page.boldL.some(b => count(re, b))) score += 4;
  if (count(re, page.descL)) score += 3;
  score += 2 * Math.min(headings, 2);
  const norm = page.length / index.averageLength;
  score += 5 * tf / (tf + 2 * (0.5 + 0.5 * norm));
  return { score: score * weight * (page.hub ? HUB : 1), perSection };
}

function termScore(index, page, t) {
  let best = { score: 0, perSection: page.sections.map(() => 0) };
  for (const alt of t.alts) {
    const s = nameScore(index, page, alt);
    if (s.score > best.score) best = s;
  }
  if (best.score > 0 || !t.parts) return best;
  // the page lacks the whole term: all of its words must occur, and it ranks below whole matches
  const parts = t.parts.map(p => termScore(index, page, p));
  if (parts.some(p => p.score === 0)) return best;
  return {
    byParts: true,
    score: PARTS * parts.reduce((sum, p) => sum + p.score, 0) / parts.length,
    perSection: page.sections.map((_, i) => parts.reduce((sum, p) => sum + p.perSection[i], 0)),
  };
}

function search(index, raw) {
  const terms = parseQuery(index, raw);
  if (!terms.length) return { items: [] };
  const all = index.pages.map(page => ({ page, scores: terms.map(t => termScore(index, page, t)) }));
  // inverse page frequency, so a rare term outweighs a common one in a multi-term query
  const weights = terms.map((_, i) => terms.length === 1 ? 1
    : Math.log(1 + all.length / Math.max(1, all.filter(h => h.scores[i].score > 0).length)));
  const hits = all.filter(h => h.scores.every(s => s.score > 0))  // every term is required
    .map(h => ({ ...h, score: h.scores.reduce((sum, s, i) => sum + s.score * weights[i], 0),
                 byParts: h.scores.filter(s => s.byParts).length }));
  // teaching pages before code pages; pages with every whole term before pages matching only words
  hits.sort((a, b) => (a.page.code - b.page.code) || (a.byParts - b.byParts) || (b.score - a.score));
  const allNames = terms.flatMap(t => [...t.alts, ...(t.parts || []).flatMap(p => p.alts)]);
  const termFlags = Object.fromEntries(terms.map(t => [t.name, true]));
  return { items: hits.slice(0, MAX_PAGES).map(hit => render(hit, allNames, termFlags)) };
}

// ----------------------------------------------------------------------------- rendering

function escapeHTML(s) {
  return s.replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

function mark(text, names) {
  const source = names.map(n => n.re.source).sort((a, b) => b.length - a.length).join("|");
  const re = new RegExp(source, "gi");
  let out = "", last = 0, m;
  while ((m = re.exec(text)) && m[0].length) {
    out += escapeHTML(text.slice(last, m.index)) + "<mark>" + escapeHTML(m[0]) + "</mark>";
    last = m.index + m[0].length;
  }
  return out + escapeHTML(text.slice(last));
}

function snippet(text, names) {
  let first = -1;
  for (const n of names) {
    n.re.lastIndex = 0;
    const m = n.re.exec(text.toLowerCase());
    if (m && (first < 0 || m.index < first)) first = m.index;
  }
  const start = Math.max(0, first - 40), end = Math.min(text.length, start + 160);
  return "<p>" + (start > 0 ? "…" : "") + mark(text.slice(start, end), names) + (end < text.length ? "…" : "") + "</p>";
}

function render({ page, scores, score }, names, terms) {
  const sectionScore = page.sections.map((_, i) => scores.reduce((sum, s) => sum + s.perSection[i], 0));
  const article = page.sections.find(s => !s.anchor) || page.sections[0];
  const ranked = page.sections.filter((s, i) => s.anchor && sectionScore[i] > 0)
    .sort((a, b) => sectionScore[page.sections.indexOf(b)] - sectionScore[page.sections.indexOf(a)]);
  const bestText = ranked.length ? ranked[0].text : article.text;
  const items = [{ location: page.url, title: mark(page.title, names), text: snippet(bestText, names), score, terms }];
  ranked.forEach((s, i) => items.push({
    location: page.url + s.anchor, title: mark(s.title, names), text: snippet(s.text, names),
    score: i < 2 ? score : score / 2, terms,
  }));
  return items;
}

// ----------------------------------------------------------------------------- protocol

addEventListener("message", async ({ data: message }) => {
  switch (message.type) {
    case SETUP:
      postMessage({ type: READY });
      break;
    case QUERY:
      if (!message.data.trim()) {
        postMessage({ type: RESULT, data: { items: [] } });
        break;
      }
      try {
        postMessage({ type: RESULT, data: search(await loadIndex(), message.data) });
      } catch (error) {
        console.warn(`search: ${error.message}`);
        loading = null;  // a failed fetch is retried on the next query
        postMessage({ type: RESULT, data: { items: [] } });
      }
      break;
  }
});
