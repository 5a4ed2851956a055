// The replay page: asks /api/replay/... for one step of a recorded game from one point of view
// and draws what it is sent (board descriptions and the log). It computes no game state: the
// server decides what each point of view may see.
//
// The board is drawn by static/board.js (as on the table), once per seat in the "everything
// revealed" view.
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

  const el = TCGBoard.el;
  const boardEl = (view, seat) => TCGBoard.boardEl(view, seat, lang, W);

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
      const li = TCGBoard.stepEl(st, seat);
      if (st.step === step) li.classList.add("current");
      li.dataset.step = String(st.step);
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
