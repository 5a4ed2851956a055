// The table page: draws what the server sends (a board description, the options, the log) and
// sends back one option id with the sequence number it answers. It computes no game state.
(function () {
  "use strict";
  const root = document.getElementById("table-page");
  const gid = root.dataset.gid, lang = root.dataset.lang;
  const seat = root.dataset.seat === "" ? null : Number(root.dataset.seat);
  const W = window.TCG_WORDS;
  const $ = (id) => document.getElementById(id);
  let ws = null, state = null, prefix = [], focus = null, retry = 0, offline = false, offlineSince = 0;
  const baseTitle = document.title;
  const LOG_KEEP = 80;  // steps of the log the page keeps

  const el = TCGBoard.el;

  // --- the board: drawn by static/board.js ---------------------------------------------------
  function drawBoard(view) { TCGBoard.boardEl(view, seat, lang, W, $("board")); fit(); }

  // --- the table on a desk fits the window: a row of cards too long for its place becomes a
  // stack (its cards overlap so the row keeps one line; it opens on hover or a tap) ------------
  const desk = window.matchMedia("(min-width: 901px)");
  function fit() {
    const board = $("board");
    board.querySelectorAll(".row").forEach(row => {
      row.classList.remove("stacked", "open", "spread");
      row.parentElement.style.minHeight = "";
      for (const c of row.children) c.style.marginLeft = "";
      const area = row.parentElement, cards = row.querySelectorAll(":scope > .card");
      if (!desk.matches) { area.style.flex = ""; return; }
      // a row asks for the room of its cards (two of a longer one, which shares what is left)
      let want = 0;
      const hand = /\.hand$/.test(area.dataset.area || "");  // a hand asks for all its cards
      const chips = cards.length && cards[0].offsetHeight < 30;  // short lines (static/tcg.css)
      Array.from(cards).slice(0, hand ? cards.length : cards.length > 4 ? 2 : 4)
        .forEach(c => { want += c.offsetWidth + 4; });
      const head = area.querySelector(".area-head");  // an empty row: its label and "empty" on one line
      if (!cards.length && head) want = head.scrollWidth + 90;
      want = Math.max(want, 80) + 14;
      area.style.flex = chips ? `${cards.length} 1 ${Math.min(want, 200)}px` : `${Math.max(0, cards.length - 4)} 1 ${want}px`;
    });
    if (!desk.matches) return;
    // the piles of a side: one column of short lines (label, count, top card)
    board.querySelectorAll(".side-block").forEach(side => {
      if (side.querySelector(":scope > .layout-counters") && !side.querySelector(":scope > .line-break"))
        side.appendChild(el("div", "line-break"));
      const piles = side.querySelectorAll(":scope > .area.layout-pile");
      if (piles.length < 2) return;
      const box = el("div", "piles");
      side.insertBefore(box, piles[0]);
      piles.forEach(p => box.appendChild(p));
    });
    board.querySelectorAll(".row").forEach(row => {
      const cards = Array.from(row.children).filter(c => c.classList.contains("card"));
      if (cards.length < 2 || row.scrollWidth <= row.clientWidth + 1) return;
      const w = cards[0].offsetWidth, room = row.clientWidth - 2;
      const step = Math.max(14, (room - w) / (cards.length - 1));
      cards.forEach((c, i) => { if (i) c.style.marginLeft = (step - w - 4) + "px"; });  // 4: the row's gap
      row.classList.add("stacked");
      const area = row.parentElement;
      area.style.minHeight = area.offsetHeight + "px";  // the area keeps its place while the stack is open
      area.classList.toggle("opens-left", area.offsetLeft > board.clientWidth / 2);
    });
    // where the window has room to spare, a stack spreads over two lines or more instead (the
    // hand first)
    const stacks = Array.from(board.querySelectorAll(".row.stacked"));
    stacks.sort((a, b) => (/\.hand$/.test(b.parentElement.dataset.area) ? 1 : 0) - (/\.hand$/.test(a.parentElement.dataset.area) ? 1 : 0));
    for (const row of stacks) {
      if (board.scrollHeight > board.clientHeight) break;
      const area = row.parentElement, cards = Array.from(row.children);
      row.classList.remove("stacked"); row.classList.add("spread"); area.style.minHeight = "";
      cards.forEach(c => { c.dataset.margin = c.style.marginLeft; c.style.marginLeft = ""; });
      if (board.scrollHeight > board.clientHeight) {  // it does not fit: a stack again
        row.classList.add("stacked"); row.classList.remove("spread");
        cards.forEach(c => { c.style.marginLeft = c.dataset.margin; });
        area.style.minHeight = area.offsetHeight + "px";
      }
      cards.forEach(c => { delete c.dataset.margin; });
    }
  }
  window.addEventListener("resize", () => { if (state) fit(); });

  // --- options -----------------------------------------------------------------------------
  function level(options, pre) {
    // the options under the path prefix `pre`: a label leads to one option or to a deeper step
    const groups = new Map();
    for (const o of options) {
      if (o.path.length <= pre.length || pre.some((x, i) => o.path[i] !== x)) continue;
      const key = o.path[pre.length];
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(o);
    }
    const out = [];
    for (const [label, list] of groups) {
      const distinct = new Set(list.map(o => JSON.stringify(o.path)));
      if (distinct.size === 1) out.push({label: list[0].path.slice(pre.length).join(" › "), option: list[0]});
      else out.push({label: label + " …", step: pre.concat([label]), options: list});
    }
    return out;
  }

  function mode() {
    if (!state) return null;
    if (state.decision && state.decision.yours) return "act";
    return state.prepare && state.prepare.options.length ? "prepare" : null;
  }

  function allOptions() {
    const m = mode();
    return m === "act" ? state.options : m === "prepare" ? state.prepare.options : [];
  }

  function sendChoice(option) {
    if (mode() === "prepare") send({type: "prepare", seq: state.seq, step: state.prepare.step, option: option.id});
    else send({type: "act", seq: state.seq, option: option.id});
  }

  function visibleOptions() {
    if (!state) return [];
    let opts = allOptions();
    if (focus) opts = opts.filter(o => o.refs.includes(focus));
    return opts;
  }

  function drawOptions() {
    const ol = $("options");
    ol.innerHTML = "";
    const opts = visibleOptions();
    const items = level(opts, prefix);
    items.forEach((it, i) => {
      const li = el("li", "option");
      const b = el("button", "option-button", it.label);
      b.type = "button";
      b.dataset.index = String(i + 1);
      b.disabled = offline;  // no click is lost while the connection is down
      if (it.option) b.dataset.option = String(it.option.id);
      b.addEventListener("click", () => choose(it));
      b.addEventListener("mouseenter", () => mark(it.option ? it.option.refs : [].concat(...it.options.map(o => o.refs)), "hover"));
      b.addEventListener("mouseleave", () => mark([], "hover"));
      li.appendChild(b);
      ol.appendChild(li);
    });
    $("back").hidden = !(prefix.length || focus);
    const crumbs = $("crumbs");
    crumbs.textContent = prefix.join(" › ");
    // clickable elements: those the remaining options point at
    const refs = new Set();
    for (const o of opts) for (const r of o.refs) refs.add(r);
    document.querySelectorAll("[data-ref]").forEach(e => {
      const on = refs.has(e.dataset.ref) && e.dataset.ref !== focus;
      e.classList.toggle("clickable", on);
      e.classList.toggle("focused", e.dataset.ref === focus);
      // reachable by the keyboard, and named (board.js) for a screen reader
      if (e.classList.contains("card") || e.classList.contains("cell") || on) e.tabIndex = 0;
      if (e.classList.contains("card")) e.setAttribute("role", on ? "button" : "img");
      if (on && !e.classList.contains("card")) e.setAttribute("aria-roledescription", "button");
      else e.removeAttribute("aria-roledescription");
    });
    const fold = $("fold");
    fold.textContent = root.classList.contains("folded") ? W.unfold_options.replace("{n}", String(items.length)) : W.fold_options;
    fold.setAttribute("aria-expanded", String(!root.classList.contains("folded")));
    fold.hidden = !items.length;
    // a row that scrolls sideways (a phone) shows its first clickable card, not only its start
    document.querySelectorAll("#board .clickable").forEach(e => {
      const row = e.parentElement;
      if (!row || row.scrollWidth <= row.clientWidth || row.dataset.shown === String(state && state.seq)) return;
      row.dataset.shown = String(state && state.seq);
      row.scrollLeft = Math.max(0, e.offsetLeft - row.offsetLeft - 16);
    });
  }

  function mark(refs, cls) {
    document.querySelectorAll("." + cls).forEach(e => e.classList.remove(cls));
    for (const r of refs) document.querySelectorAll(`[data-ref="${CSS.escape(r)}"]`).forEach(e => e.classList.add(cls));
  }

  function choose(it) {
    if (it.step) { prefix = it.step; drawOptions(); return; }
    sendChoice(it.option);
  }

  function back() {
    if (prefix.length) prefix = prefix.slice(0, -1); else focus = null;
    drawOptions();
  }

  function clickRef(ref) {
    const all = allOptions();
    if (!all.length || offline) return;
    const base = focus ? all.filter(o => o.refs.includes(focus)) : all;
    const opts = base.filter(o => o.refs.includes(ref));
    if (!opts.length) return;
    if (opts.length === 1) { sendChoice(opts[0]); return; }
    focus = ref; prefix = [];
    root.classList.remove("folded");  // the choices the card leads to are shown
    // the options named by a click usually share their first step: open it
    const items = level(opts, []);
    if (items.length === 1 && items[0].step) prefix = items[0].step;
    drawOptions();
  }

  // --- the state ---------------------------------------------------------------------------
  // the log: the first message (and one after a gap or an undo) carries the recent steps whole
  // ("log_full"); later ones only the steps not sent yet, each numbered "n"
  let steps = [];
  function drawLog(msg) {
    const ol = $("log");
    const known = steps.length ? steps[steps.length - 1].n : 0;
    if (msg.log_full) { ol.innerHTML = ""; steps = []; }
    const fresh = msg.log.filter(st => msg.log_full || st.n > known);
    for (const st of fresh) {
      steps.push(st);
      ol.appendChild(TCGBoard.stepEl(st, seat));
    }
    if (!msg.log_full) for (const st of fresh.slice(-6)) announce((st.who ? st.who + ": " : "") + st.text);
    while (steps.length > LOG_KEEP) { steps.shift(); if (ol.firstElementChild) ol.firstElementChild.remove(); }
    ol.scrollTop = ol.scrollHeight;
    if (fresh.length && known && !msg.log_full) {
      const last = ol.lastElementChild; if (last) { last.classList.add("fresh"); }
    }
  }

  // --- the clock and absent players (games between two people) --------------------------------
  let clockAt = 0;
  function mmss(s) { s = Math.max(0, Math.ceil(s)); return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0"); }
  function drawClock() {
    const box = $("clock"), c = state && state.clock;
    box.hidden = !c || !!state.result;
    if (box.hidden) return;
    const spent = (performance.now() - clockAt) / 1000;
    box.innerHTML = "";
    box.appendChild(el("b", "", W.clock + " "));
    for (const [p, reserve] of Object.entries(c.reserves)) {
      const runs = c.running !== null && String(c.running) === p;
      let move = "", left = reserve;
      if (runs) {
        const m = c.move_left - spent;
        move = mmss(Math.max(0, m)) + " + ";
        left = reserve + Math.min(0, m);
      }
      const who = state.players[p] || ("P" + p);
      const span = el("span", "clock-seat" + (runs ? " running" : "") + (runs && left < 10 ? " low" : ""),
                      `${who}: ${move}${mmss(left)} ${W.reserve}`);
      box.appendChild(span);
    }
  }
  setInterval(() => { if (state && state.clock && state.clock.running !== null) drawClock(); }, 250);

  function drawAway(msg) {
    const box = $("away"), away = Object.entries(msg.away || {});
    const standins = (msg.standins || []).map(String);
    const lines = [];
    for (const [p, s] of away) {
      const who = msg.players[p] || ("P" + p);
      lines.push(standins.includes(p) ? W.standing_in.replace("{who}", who)
        : msg.can_claim ? W.away.replace("{who}", who).replace("{seconds}", s)
        : W.seat_reconnecting.replace("{who}", who));
    }
    box.hidden = !lines.length || !!msg.result;
    $("away-text").textContent = lines.join(" ");
    $("claim").hidden = !msg.can_claim;
    $("standin").hidden = !msg.can_claim;
  }

  function render(msg) {
    clockAt = performance.now();
    const fresh = !state || msg.seq !== state.seq;
    state = msg;
    if (fresh) { prefix = []; focus = null; }
    root.dataset.seq = String(msg.seq);
    const mine = !!(msg.decision && msg.decision.yours && !msg.result);
    document.title = (mine ? W.your_turn_title + " — " : "") + baseTitle;
    const v = msg.view;
    $("title").textContent = v.title;
    $("status").textContent = msg.result ? msg.result.text : (msg.thinking ? W.thinking : v.status);
    root.classList.toggle("thinking", !!msg.thinking);
    root.classList.toggle("over", !!msg.result);
    root.classList.toggle("my-turn", !!(msg.decision && msg.decision.yours));
    const banner = $("banner");
    banner.hidden = !v.banner || !!msg.result; banner.textContent = msg.result ? "" : v.banner || "";
    // the end: a panel with the result in words (its reason included) and where to go next;
    // nothing of the last battle stays on screen
    $("result-panel").hidden = !msg.result;
    $("result-text").textContent = msg.result ? msg.result.text : "";
    drawBoard(v);
    if (fresh) for (const r of msg.last || [])
      document.querySelectorAll(`#board [data-ref="${CSS.escape(r)}"]`).forEach(e => e.classList.add("just"));
    drawLog(msg);
    const d = msg.decision;
    $("decision-title").textContent = msg.result ? W.game_over
      : d && d.yours ? W.options : msg.thinking ? W.thinking : d ? W.waiting.replace("{who}", d.who) : "";
    const prep = !(d && d.yours) && msg.prepare;
    if (prep) $("decision-title").textContent = W.prepare;
    $("hint").hidden = !(d && d.yours) && !prep;
    const pd = $("prepared");
    pd.innerHTML = "";
    if (prep && msg.prepare.done.length) {
      pd.appendChild(el("div", "dim", W.prepared));
      for (const x of msg.prepare.done) pd.appendChild(el("div", "prepared-item", x));
    }
    $("clear-prepared").hidden = !(prep && msg.prepare.done.length);
    $("undo").hidden = !msg.can_undo;
    drawClock();
    drawAway(msg);
    const invite = $("invite");  // the invitation, until the friend has taken the seat
    if (invite) invite.hidden = !(msg.waiting || []).length;
    const c = $("concede"); if (c) c.hidden = !!msg.result;
    drawOptions();
    $("log").scrollTop = $("log").scrollHeight;  // again: the table's new layout may have moved it
    if (fresh) {
      if (msg.result) announce(msg.result.text);
      else if (mine) announce(`${W.options}: ${v.status}. ${W.options_count.replace("{n}", String(level(allOptions(), []).length))}`);
      else announce($("decision-title").textContent);
      // a keyboard player whose focus went with the old table finds the options
      const a = document.activeElement;
      if (mine && (!a || a === document.body || !document.contains(a))) {
        const first = $("options").querySelector("button");
        if (first && keyboardUsed) first.focus({preventScroll: true});
      }
    }
    root.dataset.ready = msg.result ? "over" : (msg.decision && msg.decision.yours && msg.options.length) ? "yours" : "wait";
  }

  // --- the connection --------------------------------------------------------------------
  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = new URLSearchParams({lang: lang, seat: seat === null ? "spectator" : String(seat)});
    ws = new WebSocket(`${proto}//${location.host}/ws/${gid}?${q}`);
    ws.onopen = () => { retry = 0; offlineSince = 0; setOffline(false); };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "state") render(msg);
      else if (msg.type === "presence") { if (state) { state = Object.assign({}, state, {away: msg.away}); drawAway(state); } }
      else if (msg.type === "error") flash(msg.message);
      else if (msg.type === "why") showWhy(msg.lines);
    };
    ws.onclose = (ev) => {
      setOffline(true);
      if (ev.code === 4403 || ev.code === 4404 || ev.code === 1008) { $("status").textContent = ev.reason; return; }
      $("status").textContent = W.reconnecting;
      announce(W.reconnecting);
      // back within 2 s of the server's return: the wait is at most 2 s for the first minute
      if (!offlineSince) offlineSince = performance.now();
      retry = Math.min(retry + 1, 6);
      const most = performance.now() - offlineSince < 60000 ? 2000 : 15000;
      setTimeout(connect, Math.min(most, 250 * 2 ** retry));
    };
  }

  function setOffline(on) {
    offline = on;
    root.classList.toggle("offline", on);
    $("offline-note").hidden = !on;
    $("options").querySelectorAll("button").forEach(b => { b.disabled = on; });
    if (on) root.dataset.ready = root.dataset.ready === "over" ? "over" : "wait";
  }

  // the live region a screen reader reads out: the decision, and each new step of the log
  function announce(text) {
    const box = $("announce");
    if (!text) return;
    box.appendChild(el("p", "", text));
    while (box.childElementCount > 8) box.firstElementChild.remove();
  }

  function flash(text) {
    const b = $("banner");
    b.hidden = false; b.textContent = text; b.classList.add("error");
    setTimeout(() => { b.classList.remove("error"); if (state) { b.hidden = !state.view.banner || !!state.result; b.textContent = state.result ? "" : state.view.banner || ""; } }, 3000);
  }

  // --- input ---------------------------------------------------------------------------------
  // "why is this not offered": a tap on one of your cards that offers nothing asks the server,
  // which answers with the game's own words (the terminal's "?"); the lines about that card show
  let whyTitle = null;
  function showWhy(lines) {
    const mine = (lines || []).filter(l => whyTitle && l.startsWith(whyTitle));
    if (whyTitle !== null) flash(mine.length ? mine.join(" · ") : W.why_none);
    whyTitle = null;
  }
  $("board").addEventListener("click", (ev) => {
    const t = ev.target.closest(".clickable");
    if (t) { ev.preventDefault(); clickRef(t.dataset.ref); return; }
    const card = ev.target.closest(".card.mine");
    if (card && card.dataset.title && seat !== null && state && !state.result) {
      whyTitle = card.dataset.title;
      send({type: "why"});
    }
    const stack = ev.target.closest(".row.stacked");  // a tap opens a stack (and closes it again)
    document.querySelectorAll("#board .row.open").forEach(r => { if (r !== stack) r.classList.remove("open"); });
    if (stack) stack.classList.toggle("open");
  });
  $("back").addEventListener("click", back);
  $("fold").addEventListener("click", () => { root.classList.toggle("folded"); drawOptions(); });
  $("undo").addEventListener("click", () => send({type: "undo", seq: state.seq}));
  $("claim").addEventListener("click", () => send({type: "claim", seq: state.seq}));
  $("standin").addEventListener("click", () => send({type: "standin", seq: state.seq}));
  $("clear-prepared").addEventListener("click", () =>
    send({type: "prepare", seq: state.seq, step: state.prepare.step, clear: true}));
  const concede = $("concede");
  if (concede) concede.addEventListener("click", () => {
    if (state && confirm(W.confirm_concede)) send({type: "concede", seq: state.seq});
  });
  let keyboardUsed = false;
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "TEXTAREA") return;
    if (ev.key === "Tab") keyboardUsed = true;
    const t = ev.target.closest && ev.target.closest("#board [data-ref]");
    if (t && (ev.key === "Enter" || ev.key === " ")) {
      if (t.classList.contains("clickable")) {
        ev.preventDefault(); keyboardUsed = true;
        clickRef(t.dataset.ref);
        const first = $("options").querySelector("button");
        if (first && focus) first.focus();
      }
      return;
    }
    if (ev.key === "Escape") { back(); return; }
    if (/^[1-9]$/.test(ev.key)) {
      const b = document.querySelector(`#options button[data-index="${ev.key}"]`);
      if (b) b.click();
    }
  });
  const invite = $("invite-link");
  if (invite) invite.addEventListener("focus", () => invite.select());
  connect();
})();
