// Draws a board description (tcg/board.py) as HTML: cards, areas and the three sides of the
// table. Shared by the table page (table.js) and the replays (replay.js); it computes no game
// state. TCGBoard.boardEl(view, seat, lang, words) -> an element holding the sides;
// TCGBoard.stepEl(step, seat) -> one step of the log.
window.TCGBoard = (function () {
  "use strict";

  const el = TCGDom.el;

  function cardEl(c, seat, lang) {
    const e = el("div", "card" + (c.face_down ? " face-down" : "") + (c.color ? " color-" + c.color : ""));
    if (c.ref) e.dataset.ref = c.ref;
    if (c.owner !== null && c.owner !== undefined) e.classList.add(c.owner === seat ? "mine" : "theirs");
    if (c.face_down) { e.appendChild(el("div", "name", c.title)); e.setAttribute("aria-label", c.title); return e; }
    const head = el("div", "head");
    if (c.cost !== null && c.cost !== undefined) head.appendChild(el("span", "cost", String(c.cost)));
    if (c.color_label) head.appendChild(el("span", "colour", c.color_label));
    if (c.kind) head.appendChild(el("span", "kind", c.kind));
    e.appendChild(head);
    e.appendChild(el("div", "name", lang === "ja" ? c.name : (c.name_en || c.name)));
    if (lang !== "ja" && c.name_en && c.name) e.appendChild(el("div", "name-ja", c.name));
    if (c.stats && c.stats.length) {
      const s = el("div", "stats");
      for (const [k, v] of c.stats) s.appendChild(el("span", "stat", (k ? k + " " : "") + v));
      e.appendChild(s);
    }
    if (c.states && c.states.length) {
      const s = el("div", "states");
      for (const x of c.states) s.appendChild(el("span", "state", x));
      e.appendChild(s);
    }
    e.title = [c.title, c.kind, c.text].filter(Boolean).join("\n");
    e.dataset.title = c.title || "";
    // its name for a screen reader: the words shown on it
    e.setAttribute("aria-label", [c.cost !== null && c.cost !== undefined ? String(c.cost) : "", c.color_label, c.kind,
      c.title, ...(c.stats || []).map(([k, v]) => (k ? k + " " : "") + v), ...(c.states || [])].filter(Boolean).join(", "));
    if (c.text) {  // shown on hover, or across the top of a phone's screen when tapped: named
      const t = el("div", "text");
      t.appendChild(el("b", "text-title", c.title + " "));
      t.appendChild(document.createTextNode(c.text));
      e.appendChild(t);
    }
    return e;
  }

  function countersEl(list) {
    const box = el("div", "counters");
    for (const k of list || []) {
      const c = el("span", "counter" + (k.tone ? " tone-" + k.tone : ""));
      c.dataset.counter = k.id;
      c.setAttribute("role", "group");
      c.setAttribute("aria-label", k.label + " " + (k.max !== null && k.max !== undefined ? k.value + "/" + k.max : String(k.value)));
      c.appendChild(el("span", "label", k.label));
      c.appendChild(el("span", "value", k.max !== null && k.max !== undefined ? k.value + "/" + k.max : String(k.value)));
      box.appendChild(c);
    }
    return box;
  }

  function areaEl(a, seat, lang, W) {
    const card = (c) => cardEl(c, seat, lang);
    const e = el("section", "area layout-" + a.layout + " side-" + a.side);
    e.dataset.area = a.id; e.dataset.ref = a.id;
    e.setAttribute("aria-label", a.label + (a.layout !== "counters" && a.count !== null && a.count !== undefined ? " ×" + a.count : ""));
    const head = el("div", "area-head");
    head.appendChild(el("span", "area-label", a.label));
    if (a.layout !== "counters" && a.count !== null && a.count !== undefined) head.appendChild(el("span", "count", String(a.count)));
    if (a.counters && a.counters.length) head.appendChild(countersEl(a.counters));
    e.appendChild(head);
    if (a.layout === "grid" || a.layout === "track") {
      const g = el("div", "cells");
      g.style.setProperty("--cols", a.layout === "grid" ? (a.columns || 3) : (a.cells || []).length);
      for (const ce of a.cells || []) {
        const c = el("div", "cell" + (ce.tone ? " tone-" + ce.tone : ""));
        c.dataset.ref = ce.id;
        c.setAttribute("role", "group");
        c.setAttribute("aria-label", [ce.label, ...(ce.marks || [])].join(", "));
        c.appendChild(el("div", "cell-label", ce.label));
        for (const m of ce.marks || []) c.appendChild(el("div", "mark", m));
        for (const x of ce.cards || []) c.appendChild(card(x));
        g.appendChild(c);
      }
      e.appendChild(g);
    } else if (a.layout === "pile") {
      const cards = a.cards || [];
      const p = el("div", "pile");
      if (cards.length) p.appendChild(card(cards[cards.length - 1]));
      else if (a.count) p.appendChild(card({face_down: true, title: W.face_down}));
      else p.appendChild(el("div", "empty", W.empty));
      e.appendChild(p);
    } else if (a.layout === "row") {
      const r = el("div", "row");
      const cards = a.cards || [];
      const hidden = (a.count || 0) - cards.length;
      for (const x of cards) r.appendChild(card(x));
      for (let i = 0; i < Math.min(hidden, 12); i++) r.appendChild(card({face_down: true, title: W.face_down}));
      if (!cards.length && hidden <= 0) r.appendChild(el("div", "empty", W.empty));
      e.appendChild(r);
    }
    return e;
  }

  // the sides of the table, top to bottom, into `into` (a new <div class="board"> if none). Shared
  // areas that are only rows of cards (Kemuri's event and help, Shironeko's search) go at the end
  // of the top side, where its row leaves room, rather than taking a band of the table of their
  // own; a shared board (Z/X's squares, Turu-turu's timeline) keeps its band in the middle.
  function boardEl(view, seat, lang, W, into) {
    const board = into || el("div", "board");
    board.innerHTML = "";
    const middle = view.areas.filter(a => a.side === "middle");
    const rows = middle.length > 0 && middle.every(a => (a.layout || "row") === "row");
    for (const side of ["top", "middle", "bottom"]) {
      let areas = view.areas.filter(a => a.side === side);
      if (rows && side === "middle") continue;
      if (rows && side === "top") areas = areas.concat(middle);
      if (!areas.length) continue;
      const s = el("div", "side-block side-" + side);
      for (const a of areas) {
        const e = areaEl(a, seat, lang, W);
        if (a.side === "middle") e.classList.add("shared");
        s.appendChild(e);
      }
      board.appendChild(s);
    }
    return board;
  }

  // one step of the log as a list item (who, what, then its lines)
  function stepEl(st, seat) {
    const li = el("li", "step" + (st.player === seat && seat !== null ? " mine" : st.player === null ? "" : " theirs"));
    const h = el("div", "step-head");
    if (st.who) h.appendChild(el("b", "who", st.who + ": "));
    h.appendChild(el("span", "what", st.text));
    li.appendChild(h);
    for (const line of st.lines) li.appendChild(el("div", line.startsWith("──") ? "heading" : "line", line));
    return li;
  }

  return {el, cardEl, boardEl, stepEl};
})();
