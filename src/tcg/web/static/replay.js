// The replay page: asks /api/replay/... for one step of a recorded game from one point of view
// and draws what it is sent (board descriptions and the log). It computes no game state: the
// server decides what each point of view may see.
//
// The board drawing (cards, areas, the three sides) is the table's (static/table.js), copied
// here with the seat as a parameter: the "everything revealed" view draws two tables, each
// from its own seat. (A shared board.js would need table.html to load it.)
(function () {
  "use strict";
  const root = document.getElementById("replay-page");
  const api = root.dataset.api, here = root.dataset.here, lang = root.dataset.lang;
  const W = window.TCG_WORDS;
  const $ = (id) => document.getElementById(id);
  const fill = (text, params) => text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  const LOG_TAIL = 200;  // steps of the log asked for (the last ones up to the step shown)

  let want = {step: Number(root.dataset.step) || 0, viewer: root.dataset.viewer || "spectator"};
  let steps = Number(root.dataset.steps) || 0;
  let shown = null, busy = false, again = false, turnsKey = "";

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  // --- cards and areas (as static/table.js draws them) --------------------------------------
  function cardEl(c, seat) {
    const e = el("div", "card" + (c.face_down ? " face-down" : "") + (c.color ? " color-" + c.color : ""));
    if (c.ref) e.dataset.ref = c.ref;
    if (c.owner !== null && c.owner !== undefined) e.classList.add(c.owner === seat ? "mine" : "theirs");
    if (c.face_down) { e.appendChild(el("div", "name", c.title)); return e; }
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
    if (c.text) e.appendChild(el("div", "text", c.text));
    return e;
  }

  function countersEl(list) {
    const box = el("div", "counters");
    for (const k of list || []) {
      const c = el("span", "counter" + (k.tone ? " tone-" + k.tone : ""));
      c.dataset.counter = k.id;
      c.appendChild(el("span", "label", k.label));
      c.appendChild(el("span", "value", k.max !== null && k.max !== undefined ? k.value + "/" + k.max : String(k.value)));
      box.appendChild(c);
    }
    return box;
  }

  function areaEl(a, seat) {
    const e = el("section", "area layout-" + a.layout + " side-" + a.side);
    e.dataset.area = a.id; e.dataset.ref = a.id;
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
        c.appendChild(el("div", "cell-label", ce.label));
        for (const m of ce.marks || []) c.appendChild(el("div", "mark", m));
        for (const card of ce.cards || []) c.appendChild(cardEl(card, seat));
        g.appendChild(c);
      }
      e.appendChild(g);
    } else if (a.layout === "pile") {
      const cards = a.cards || [];
      const p = el("div", "pile");
      if (cards.length) p.appendChild(cardEl(cards[cards.length - 1], seat));
      else if (a.count) p.appendChild(cardEl({face_down: true, title: W.face_down}, seat));
      else p.appendChild(el("div", "empty", W.empty));
      e.appendChild(p);
    } else if (a.layout === "row") {
      const r = el("div", "row");
      const cards = a.cards || [];
      const hidden = (a.count || 0) - cards.length;
      for (const c of cards) r.appendChild(cardEl(c, seat));
      for (let i = 0; i < Math.min(hidden, 12); i++) r.appendChild(cardEl({face_down: true, title: W.face_down}, seat));
      if (!cards.length && hidden <= 0) r.appendChild(el("div", "empty", W.empty));
      e.appendChild(r);
    }
    return e;
  }

  function boardEl(view, seat) {
    const board = el("div", "board");
    for (const side of ["top", "middle", "bottom"]) {
      const areas = view.areas.filter(a => a.side === side);
      if (!areas.length) continue;
      const s = el("div", "side-block side-" + side);
      for (const a of areas) s.appendChild(areaEl(a, seat));
      board.appendChild(s);
    }
    return board;
  }

  // one table: its heading (whose table, in the "everything revealed" view), title, status, board
  function tableEl(view, seat, heading, msg, last) {
    const box = el("section", "replay-table");
    box.dataset.seat = seat === null ? "spectator" : String(seat);
    const head = el("div", "status panel");
    if (heading) head.appendChild(el("div", "replay-whose", heading));
    head.appendChild(el("div", "title", view.title));
    head.appendChild(el("div", "status-line", msg.result ? msg.result.text : view.status));
    if (view.banner) head.appendChild(el("div", "banner", view.banner));
    box.appendChild(head);
    const board = boardEl(view, seat);
    for (const r of last || [])
      board.querySelectorAll(`[data-ref="${CSS.escape(r)}"]`).forEach(e => e.classList.add("last-move"));
    box.appendChild(board);
    return box;
  }

  function logEl(list, seat, heading, step) {
    const box = el("div", "replay-log");
    if (heading) box.appendChild(el("h3", "replay-whose", heading));
    const ol = el("ol", "log-list");
    for (const st of list) {
      const li = el("li", "step" + (st.player === seat && seat !== null ? " mine" : st.player === null ? "" : " theirs"));
      if (st.step === step) li.classList.add("current");
      li.dataset.step = String(st.step);
      const h = el("div", "step-head");
      if (st.who) h.appendChild(el("b", "who", st.who + ": "));
      h.appendChild(el("span", "what", st.text));
      li.appendChild(h);
      for (const line of st.lines) li.appendChild(el("div", line.startsWith("──") ? "heading" : "line", line));
      ol.appendChild(li);
    }
    box.appendChild(ol);
    return box;
  }

  // --- one step ------------------------------------------------------------------------------
  function render(msg) {
    shown = msg;
    steps = msg.steps;
    const boards = $("boards"), logs = $("logs");
    boards.innerHTML = ""; logs.innerHTML = "";
    root.classList.toggle("all-seats", msg.viewer === "all");
    root.classList.toggle("over", !!msg.result);
    if (msg.viewer === "all") {
      msg.view.forEach((v, seat) => boards.appendChild(tableEl(v, seat, fill(W.table_of, {seat}), msg, msg.last[seat])));
      msg.log.forEach((l, seat) => logs.appendChild(logEl(l, seat, fill(W.log_of, {seat}), msg.step)));
    } else {
      const seat = msg.viewer === "spectator" ? null : Number(msg.viewer);
      boards.appendChild(tableEl(msg.view, seat, "", msg, msg.last));
      logs.appendChild(logEl(msg.log, seat, "", msg.step));
    }
    document.querySelectorAll("#logs .log-list").forEach(ol => { ol.scrollTop = ol.scrollHeight; });
    drawTurns(msg);
    controls();
    root.dataset.shown = msg.step + ":" + msg.viewer;
  }

  function drawTurns(msg) {
    const sel = $("turn");
    const key = JSON.stringify(msg.turns);
    if (key !== turnsKey) {
      turnsKey = key;
      sel.innerHTML = "";
      for (const [turn, at] of msg.turns) {
        const o = el("option", "", turn ? fill(W.turn, {turn}) : W.turn_start);
        o.value = String(at);
        sel.appendChild(o);
      }
      sel.disabled = !msg.turns.length;
    }
    // the turn of the step shown: the last turn that starts at or before it
    let current = null;
    for (const [, at] of msg.turns) if (at <= want.step) current = String(at);
    if (current !== null) sel.value = current;
  }

  function controls() {
    const slider = $("slider");
    slider.max = String(steps);
    slider.value = String(want.step);
    $("position").textContent = want.step ? fill(W.position, {step: want.step, steps}) : fill(W.position_start, {steps});
    $("first").disabled = $("prev").disabled = want.step <= 0;
    $("next").disabled = $("last").disabled = want.step >= steps;
    $("viewer").value = want.viewer;
    const q = new URLSearchParams({step: String(want.step), viewer: want.viewer});
    const url = `${location.origin}${here}?${q}`;
    $("share").value = url;
    if (location.search !== "?" + q) history.replaceState(null, "", `${here}?${q}`);
  }

  function problem(text) {
    const b = $("replay-error");
    b.hidden = !text; b.textContent = text || "";
  }

  // one request at a time; while one is out, only the latest wish is kept and asked next
  async function load() {
    if (busy) { again = true; return; }
    busy = true;
    root.classList.add("loading");
    try {
      const q = new URLSearchParams({step: String(want.step), viewer: want.viewer, lang, tail: String(LOG_TAIL)});
      const r = await fetch(`${api}?${q}`, {headers: {accept: "application/json"}});
      const msg = await r.json();
      if (!r.ok) { problem(msg.error || String(r.status)); if (shown) { want = {step: shown.step, viewer: shown.viewer}; controls(); } }
      else { problem(""); if (!again) render(msg); else { steps = msg.steps; } }
    } catch (e) {
      problem(String(e));
    } finally {
      busy = false;
      root.classList.remove("loading");
      if (again) { again = false; load(); }
    }
  }

  function go(step, viewer) {
    want = {step: Math.max(0, Math.min(steps, step)), viewer: viewer || want.viewer};
    controls();
    load();
  }

  // --- input ---------------------------------------------------------------------------------
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(want.step - 1));
  $("next").addEventListener("click", () => go(want.step + 1));
  $("last").addEventListener("click", () => go(steps));
  $("slider").addEventListener("input", (ev) => go(Number(ev.target.value)));
  $("turn").addEventListener("change", (ev) => go(Number(ev.target.value)));
  $("viewer").addEventListener("change", (ev) => go(want.step, ev.target.value));
  $("share").addEventListener("focus", (ev) => ev.target.select());
  $("copy").addEventListener("click", async () => {
    const input = $("share");
    try { await navigator.clipboard.writeText(input.value); }
    catch (e) { input.select(); document.execCommand("copy"); }
    const b = $("copy");
    b.dataset.label = b.dataset.label || b.textContent;
    b.textContent = W.copied;
    setTimeout(() => { b.textContent = b.dataset.label; }, 2000);
  });
  document.addEventListener("keydown", (ev) => {
    const tag = ev.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.key === "ArrowRight") { ev.preventDefault(); go(want.step + 1); }
    else if (ev.key === "ArrowLeft") { ev.preventDefault(); go(want.step - 1); }
    else if (ev.key === "Home") { ev.preventDefault(); go(0); }
    else if (ev.key === "End") { ev.preventDefault(); go(steps); }
  });
  $("position").textContent = W.loading;
  go(want.step, want.viewer);
})();
