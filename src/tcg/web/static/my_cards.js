// Your own cards (/my-cards): card files uploaded or typed, one tab per file; every problem of
// the files shown as you type (POST /api/check-cards/<game>, a moment after the last key), each
// with its file, card, field and line (a click puts the cursor there); the cards the files
// hold; "Save this card set" (POST /api/card-sets/<game>) gives the set's hash and a link to
// start a game with it; the sets saved from this browser. The page never checks the format itself.
(function () {
  "use strict";
  const cfg = window.MY_CARDS;
  const W = cfg.words;
  const root = document.getElementById("my-cards");
  const $ = (id) => document.getElementById(id);
  const {el, fmt} = TCGDom;
  const CHECK_DELAY = 350;   // ms after the last change

  let game = cfg.start.game;
  let files = cfg.start.files.length ? cfg.start.files.map((f) => ({name: f.name, text: f.text}))
                                     : [{name: "my-cards.toml", text: ""}];
  let cur = 0;
  let seq = 0;               // the latest check asked
  let timer = null;
  let last = null;           // the answer of the latest check
  let sets = cfg.sets.slice();

  function setState(state, text) {
    root.dataset.state = state;
    const cls = "mc-state " + (state === "ok" ? "ok" : state === "problems" || state === "error" ? "bad" :
                               state === "checking" ? "checking" : "");
    for (const id of ["mc-state", "mc-state-mini"]) { $(id).textContent = text || ""; $(id).className = cls; }
    $("mc-state-link").hidden = state !== "problems";
    $("mc-save").disabled = state !== "ok";
  }

  function problemsText(n) { return n === 1 ? W.one_problem : fmt(W.n_problems, {n}); }

  // --- files --------------------------------------------------------------------------------------
  function showTabs() {
    const ul = $("mc-tabs");
    ul.innerHTML = "";
    const bad = new Set((last && last.problems || []).map((p) => p.file));
    files.forEach((f, i) => {
      const li = el("li", (i === cur ? "current" : "") + (bad.has(f.name) ? " has-problem" : ""));
      li.dataset.index = String(i);
      const tab = el("button", "mc-tab", f.name || W.untitled);
      tab.type = "button";
      tab.setAttribute("aria-pressed", i === cur ? "true" : "false");
      tab.addEventListener("click", () => select(i));
      const close = el("button", "mc-close", "×");
      close.type = "button";
      close.title = fmt(W.remove_file, {name: f.name});
      close.setAttribute("aria-label", close.title);
      close.addEventListener("click", () => removeFile(i));
      li.append(tab, close);
      ul.appendChild(li);
    });
  }

  function select(i) {
    cur = Math.max(0, Math.min(i, files.length - 1));
    $("mc-text").value = files[cur].text;
    $("mc-file-name").value = files[cur].name;
    showTabs();
  }

  function addFile(name, text) {
    const only = files.length === 1 && !files[0].text.trim();
    if (only) files[0] = {name, text};
    else files.push({name, text});
    select(only ? 0 : files.length - 1);
    changed(true);
  }

  function removeFile(i) {
    files.splice(i, 1);
    if (!files.length) files.push({name: "my-cards.toml", text: ""});
    select(Math.min(cur, files.length - 1));
    changed(true);
  }

  function freshName() {
    const names = new Set(files.map((f) => f.name));
    for (let n = files.length + 1; ; n++) {
      const name = fmt(W.new_file_name, {n});
      if (!names.has(name)) return name;
    }
  }

  // --- checking -----------------------------------------------------------------------------------
  function changed(now) {
    clearTimeout(timer);
    $("mc-save-message").textContent = "";
    if (!files.some((f) => f.text.trim())) {
      seq++;
      last = null;
      showProblems();
      setState("empty", W.empty_set);
      return;
    }
    setState("checking", W.checking);
    timer = setTimeout(check, now ? 0 : CHECK_DELAY);
  }

  async function check() {
    const mine = ++seq;
    let got;
    try {
      const r = await fetch(`/api/check-cards/${game}`, {method: "POST", headers: {"content-type": "application/json"},
                                                       body: JSON.stringify({files})});
      got = await r.json();
      if (!r.ok && !got.problems) throw new Error(got.error || r.status);
    } catch (e) {
      if (mine === seq) setState("error", fmt(W.check_failed, {error: e.message || e}));
      return;
    }
    if (mine !== seq) return;   // a later check is on its way
    last = got;
    showProblems();
    setState(got.ok ? "ok" : "problems",
             got.ok ? fmt(W.no_problems, {n: got.cards.length}) : problemsText(got.problems.length));
  }

  function showProblems() {
    const ul = $("mc-problems");
    ul.innerHTML = "";
    const several = files.length > 1;
    for (const p of (last && last.problems) || []) {
      const li = el("li", "mc-problem");
      li.tabIndex = 0;
      const where = el("div", "mc-where");
      if (several || !p.card) where.appendChild(el("span", "mc-file", `${W.the_file} ${p.file}`));
      if (p.card) { const s = el("span", "mc-card-ref", `${W.card} `); s.appendChild(el("b", "", p.card)); where.appendChild(s); }
      if (p.field) { const s = el("span", "mc-field", `${W.field} `); s.appendChild(el("b", "", p.field)); where.appendChild(s); }
      if (p.line) where.appendChild(el("span", "mc-line", fmt(W.line, {n: p.line})));
      li.append(where, el("div", "mc-message", p.message));
      li.dataset.card = p.card || "";
      li.dataset.field = p.field || "";
      const go = () => goTo(p.file, p.line);
      li.addEventListener("click", go);
      li.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
      ul.appendChild(li);
    }
    const cards = $("mc-cards");
    cards.innerHTML = "";
    const list = (last && last.cards) || [];
    if (!list.length) cards.appendChild(el("li", "dim", W.no_cards));
    for (const c of list) {
      const li = el("li", "mc-card" + (c.ok ? "" : " bad"));
      li.dataset.id = c.id;
      li.appendChild(el("div", "mc-card-name", c.title));
      li.appendChild(el("div", "mc-card-facts", [c.id, c.kind, several ? c.file : ""].filter(Boolean).join(" · ")
                                                + (c.ok ? "" : ` · ${W.has_problem}`)));
      cards.appendChild(li);
    }
    showTabs();
  }

  function goTo(file, line) {
    const i = files.findIndex((f) => f.name === file);
    if (i >= 0 && i !== cur) select(i);
    if (!line) return;
    const ta = $("mc-text");
    const lines = ta.value.split("\n");
    let start = 0;
    for (let k = 0; k < line - 1 && k < lines.length; k++) start += lines[k].length + 1;
    const end = start + (lines[line - 1] || "").length;
    ta.focus();
    ta.setSelectionRange(start, end);
    const lh = parseFloat(getComputedStyle(ta).lineHeight) || 20;
    ta.scrollTop = Math.max(0, (line - 4) * lh);
  }

  // --- saving ---------------------------------------------------------------------------------------
  async function save() {
    if (root.dataset.state !== "ok") { $("mc-save-message").textContent = W.fix_first; return; }
    const msg = $("mc-save-message");
    msg.className = "mc-save-message";
    msg.textContent = W.saving;
    $("mc-save").disabled = true;
    let got;
    try {
      const r = await fetch(`/api/card-sets/${game}`, {method: "POST", headers: {"content-type": "application/json"},
                                                      body: JSON.stringify({name: $("mc-set-name").value, files})});
      got = await r.json();
      if (!r.ok || !got.ok) {
        if (got.problems) { last = got; showProblems(); setState("problems", problemsText(got.problems.length)); }
        throw new Error(got.error || r.status);
      }
    } catch (e) {
      msg.className = "mc-save-message bad";
      msg.textContent = fmt(W.save_failed, {error: e.message || e});
      $("mc-save").disabled = root.dataset.state !== "ok";
      return;
    }
    $("mc-save").disabled = false;
    root.dataset.saved = got.hash;
    msg.className = "mc-save-message ok";
    msg.textContent = "";
    msg.appendChild(el("span", "", fmt(W.saved, {name: got.name}) + " "));
    msg.appendChild(el("span", "mc-hash", `SHA-256 ${got.hash}`));
    msg.appendChild(el("br"));
    const a = el("a", "mc-play", W.play + " →");
    a.href = got.play;
    a.id = "mc-play";
    msg.appendChild(a);
    sets = [{hash: got.hash, game, name: got.name}].concat(sets.filter((s) => s.hash !== got.hash));
    showSets();
  }

  function showSets() {
    const ul = $("mc-sets");
    ul.innerHTML = "";
    if (!sets.length) { ul.appendChild(el("li", "dim", W.no_sets)); return; }
    for (const s of sets) {
      const li = el("li");
      li.dataset.hash = s.hash;
      li.appendChild(el("b", "", s.name));
      li.appendChild(el("span", "dim", cfg.games[s.game] || s.game));
      const play = el("a", "", W.play);
      play.href = `/?game=${encodeURIComponent(s.game)}&cards=${s.hash}`;
      const edit = el("a", "", W.edit);
      edit.href = `/my-cards?set=${s.hash}`;
      li.append(play, edit, el("span", "mc-hash dim", s.hash));
      ul.appendChild(li);
    }
  }

  // --- wiring -----------------------------------------------------------------------------------------
  $("mc-text").addEventListener("input", (e) => { files[cur].text = e.target.value; changed(false); });
  $("mc-file-name").addEventListener("input", (e) => {
    files[cur].name = e.target.value.trim() || W.untitled;
    showTabs();
    changed(false);
  });
  document.querySelectorAll("input[name=mc-game]").forEach((r) => r.addEventListener("change", () => {
    game = document.querySelector("input[name=mc-game]:checked").value;
    changed(true);
  }));
  $("mc-new-file").addEventListener("click", () => { files.push({name: freshName(), text: ""}); select(files.length - 1); changed(true); });
  $("mc-example").addEventListener("click", () => {
    const text = cfg.examples[game];
    if (!files[cur].text.trim()) { files[cur].text = text; select(cur); changed(true); }
    else addFile(freshName(), text);
  });
  $("mc-file-input").addEventListener("change", async (e) => {
    for (const f of Array.from(e.target.files || [])) {
      try {
        addFile(f.name, (await f.text()).replace(/^\ufeff/, ""));
      } catch (err) {
        setState("error", fmt(W.read_failed, {name: f.name, error: err.message || err}));
      }
    }
    e.target.value = "";
  });
  $("mc-save").addEventListener("click", save);

  $("mc-set-name").value = cfg.start.name || "";
  select(0);
  showSets();
  changed(true);
})();
