// The deck builder (/decks/<game>): the card list (GET /api/cards/<game>) filtered in the page,
// the deck being built (one part per deck section), the deck rules checked on every change
// (the deck file text from POST /api/deck-file/<game>, checked by POST /api/check-deck/<game>),
// loading a sample or a file (POST /api/read-deck/<game>), downloading the file, and playing
// with the deck through the /new form. The page never writes the deck format itself.
// With a player's own card set (/decks/<game>?cards=<hash>, cfg.cards) every endpoint gets
// ?cards=<hash>, the check and the /new form card_set=<hash>; the set's cards are marked.
(function () {
  "use strict";
  const cfg = window.DECK_BUILDER;
  const W = cfg.words;
  const root = document.getElementById("deck-builder");
  const $ = (id) => document.getElementById(id);
  const {el, fmt} = TCGDom;
  const fold = (s) => s.normalize("NFKC").toLowerCase();
  const withCards = (url) => cfg.cards ? url + (url.includes("?") ? "&" : "?") + "cards=" + encodeURIComponent(cfg.cards) : url;

  let data = null;                 // the card list
  const byId = new Map();          // card id -> card (with .index, .node, .countNode...)
  const deck = {name: $("dk-name").value, description: "", sections: new Map()};  // section -> Map(id -> count)
  let version = 0;                 // bumped on every change of the deck
  let fileCache = {version: -1, promise: null};
  let checkTimer = null;

  function message(text, bad) {
    const m = $("dk-message");
    m.textContent = text || "";
    m.className = "dk-message" + (bad ? " bad" : text ? " ok" : "");
  }

  function partLabel(sec) { return cfg.sections[sec] || sec; }

  function parts() {   // the game's parts, then any other section the deck holds
    const out = data.parts.map((p) => p.section);
    for (const sec of deck.sections.keys()) if (!out.includes(sec)) out.push(sec);
    return out;
  }

  function section(sec) {
    if (!deck.sections.has(sec)) deck.sections.set(sec, new Map());
    return deck.sections.get(sec);
  }

  function total(sec) {
    let n = 0;
    for (const c of section(sec).values()) n += c;
    return n;
  }

  function countIn(id) {   // copies of a card in every part
    let n = 0;
    for (const m of deck.sections.values()) n += m.get(id) || 0;
    return n;
  }

  function sizeText(sec) {
    const p = data.parts.find((x) => x.section === sec);
    const count = total(sec);
    if (p && p.how && p.size !== null) return fmt(W["part_" + p.how], {count, size: p.size});
    return fmt(W.part_count, {count});
  }

  function cardName(c) {
    if (!c) return "";
    if (cfg.lang === "ja" || !c.name_en || c.name_en === c.name) return c.name;
    return c.name_en;
  }

  // --- the card list -------------------------------------------------------------------------
  function buildFilters() {
    for (const [key, id] of [["kind", "dk-kind"], ["colour", "dk-colour"], ["cost", "dk-cost"]]) {
      const f = data.filters[key];
      const select = $(id);
      for (const ch of f.choices) {
        const o = el("option", null, ch.label);
        o.value = ch.value;
        select.appendChild(o);
      }
      const label = $(id + "-label");
      if (label) label.textContent = f.label;
      if (key === "colour") $("dk-colour-box").hidden = !f.choices.length;
    }
  }

  function buildCards() {
    const ul = $("dk-cards");
    ul.textContent = "";
    data.cards.forEach((c, i) => {
      c.index = i;
      byId.set(c.id, c);
      const li = el("li", "dk-card" + (c.colour ? " color-" + c.colour : "") + (c.own ? " own" : ""));
      li.dataset.id = c.id;
      li.dataset.kind = c.kind;
      if (c.own) li.dataset.own = "1";
      const head = el("div", "dk-head");
      if (c.cost !== "") head.appendChild(el("span", "dk-cost", c.cost));
      const names = el("div", "dk-names");
      names.appendChild(el("span", "dk-name-main", cardName(c)));
      const second = cfg.lang === "ja" ? c.name_en : (cardName(c) !== c.name ? c.name : "");
      if (second) names.appendChild(el("span", "dk-name-other", second));
      head.appendChild(names);
      if (c.own) head.appendChild(el("span", "dk-own", W.own_badge));
      li.appendChild(head);
      const facts = [c.id, c.kind_name].concat(c.stats).filter(Boolean).join(" · ");
      li.appendChild(el("div", "dk-facts", facts));
      if (c.text) {
        const text = el("div", "dk-text clamp", c.text);
        li.appendChild(text);
        const more = el("button", "dk-more link", W.more);
        more.type = "button";
        more.hidden = true;
        more.addEventListener("click", () => {
          const open = text.classList.toggle("clamp");
          more.textContent = open ? W.more : W.less;
        });
        li.appendChild(more);
        c.textNode = text;
        c.moreNode = more;
      }
      const actions = el("div", "dk-actions");
      const count = el("span", "dk-count");
      actions.appendChild(count);
      const minus = el("button", "dk-remove", "−");
      minus.type = "button";
      minus.title = W.remove;
      minus.setAttribute("aria-label", W.remove + ": " + cardName(c));
      minus.addEventListener("click", () => removeAny(c.id));
      actions.appendChild(minus);
      for (const sec of c.parts) {
        const label = c.parts.length > 1 ? fmt(W.add_to, {part: partLabel(sec)}) : W.add;
        const plus = el("button", "dk-add", "+ " + label);
        plus.type = "button";
        plus.dataset.part = sec;
        plus.setAttribute("aria-label", fmt(W.add_to, {part: partLabel(sec)}) + ": " + cardName(c));
        plus.addEventListener("click", () => add(sec, c.id));
        actions.appendChild(plus);
      }
      li.appendChild(actions);
      c.node = li;
      c.countNode = count;
      c.minusNode = minus;
      ul.appendChild(li);
    });
    const none = el("li", "dk-none dim", W.no_cards);
    none.id = "dk-none";
    none.hidden = true;
    ul.appendChild(none);
  }

  function filterCards() {
    if (!data) return;           // the filters can change before the card list has come
    const q = fold($("dk-search").value.trim());
    const words = q.split(/\s+/).filter(Boolean);
    const kind = $("dk-kind").value, colour = $("dk-colour").value, cost = $("dk-cost").value;
    const ownOnly = !!($("dk-own-only") && $("dk-own-only").checked);
    let shown = 0;
    for (const c of data.cards) {
      const ok = (!ownOnly || c.own) && (!kind || c.kind === kind) && (!colour || c.colour === colour) && (!cost || c.cost === cost) &&
        words.every((w) => c.search.includes(w));
      c.node.hidden = !ok;
      if (ok) shown++;
    }
    $("dk-none").hidden = shown > 0;
    $("dk-shown").textContent = fmt(W.shown, {shown, total: data.cards.length});
    requestAnimationFrame(markLongTexts);
  }

  function markLongTexts() {   // "More" only under a text cut short
    if (!data) return;           // a resize can come before the card list
    for (const c of data.cards) {
      if (!c.textNode || c.node.hidden || !c.textNode.classList.contains("clamp")) continue;
      c.moreNode.hidden = c.textNode.scrollHeight <= c.textNode.clientHeight + 2;
    }
  }

  function updateCounts() {
    for (const c of data.cards) {
      const n = countIn(c.id);
      c.countNode.textContent = n ? fmt(W.in_deck, {count: n}) : "";
      c.minusNode.disabled = !n;
      c.node.classList.toggle("in-deck", n > 0);
    }
  }

  // --- the deck ------------------------------------------------------------------------------
  function add(sec, id) {
    const m = section(sec);
    m.set(id, (m.get(id) || 0) + 1);
    changed();
  }

  function remove(sec, id) {
    const m = section(sec);
    const n = (m.get(id) || 0) - 1;
    if (n > 0) m.set(id, n); else m.delete(id);
    changed();
  }

  function removeAny(id) {   // from the last part holding the card
    const secs = parts().filter((s) => section(s).get(id));
    if (secs.length) remove(secs[secs.length - 1], id);
  }

  function renderDeck() {
    const box = $("dk-parts");
    box.textContent = "";
    for (const sec of parts()) {
      const part = el("section", "dk-part");
      part.dataset.part = sec;
      const h = el("h3");
      h.appendChild(el("span", "dk-part-name", partLabel(sec)));
      h.appendChild(el("span", "dk-part-size", sizeText(sec)));
      part.appendChild(h);
      const rows = [...section(sec).entries()].sort((a, b) => {
        const ca = byId.get(a[0]), cb = byId.get(b[0]);
        return (ca ? ca.index : 1e9) - (cb ? cb.index : 1e9) || a[0].localeCompare(b[0]);
      });
      if (!rows.length) part.appendChild(el("p", "dim dk-empty", W.empty_part));
      const ul = el("ul", "dk-rows");
      for (const [id, n] of rows) {
        const c = byId.get(id);
        const li = el("li", "dk-row" + (c ? "" : " unknown"));
        li.dataset.id = id;
        const minus = el("button", "dk-remove", "−");
        minus.type = "button";
        minus.setAttribute("aria-label", W.remove + ": " + (c ? cardName(c) : id));
        minus.addEventListener("click", () => remove(sec, id));
        li.appendChild(minus);
        li.appendChild(el("span", "dk-row-count", "×" + n));
        const name = el("span", "dk-row-name", c ? cardName(c) : fmt(W.unknown_card, {id}));
        if (c && c.own) name.appendChild(el("span", "dk-own", W.own_badge));
        li.appendChild(name);
        if (c) li.appendChild(el("span", "dk-row-facts dim", [c.id, c.kind_name, c.cost !== "" ? data.filters.cost.label + " " + c.cost : ""].filter(Boolean).join(" · ")));
        const plus = el("button", "dk-add", "+");
        plus.type = "button";
        plus.setAttribute("aria-label", fmt(W.add_to, {part: partLabel(sec)}) + ": " + (c ? cardName(c) : id));
        plus.addEventListener("click", () => add(sec, id));
        li.appendChild(plus);
        ul.appendChild(li);
      }
      part.appendChild(ul);
      box.appendChild(part);
    }
    $("dk-summary-parts").textContent = parts().filter((s) => data.parts.some((p) => p.section === s) || total(s))
      .map((s) => partLabel(s) + " " + sizeText(s)).join(" · ");
  }

  function changed() {
    version++;
    root.dataset.version = String(version);
    if (!data) return;           // typed before the card list came: drawn when it comes
    renderDeck();
    updateCounts();
    setState("checking");
    clearTimeout(checkTimer);
    checkTimer = setTimeout(check, 120);
  }

  function deckJSON() {
    const sections = {};
    for (const sec of parts()) {
      sections[sec] = [...section(sec).entries()].map(([id, count]) => ({id, count}));
    }
    return {game: cfg.game, name: deck.name, description: deck.description, sections};
  }

  async function postJSON(url, body) {
    const r = await fetch(url, {method: "POST", body});
    let got;
    try { got = await r.json(); } catch (e) { throw new Error(r.status + " " + r.statusText); }
    return got;
  }

  function deckFile() {   // {text, filename} of the current deck, asked once per version
    if (fileCache.version === version && fileCache.promise) return fileCache.promise;
    const v = version;
    const promise = fetch(withCards(`/api/deck-file/${cfg.game}`), {
      method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(deckJSON())})
      .then(async (r) => {
        const got = await r.json();
        if (!got.ok) throw new Error(got.error || String(r.status));
        return got;
      });
    fileCache = {version: v, promise};
    promise.catch(() => { if (fileCache.promise === promise) fileCache = {version: -1, promise: null}; });
    return promise;
  }

  function setState(state, problems) {
    root.dataset.state = state;
    const s = $("dk-state");
    const ul = $("dk-problems");
    const sum = $("dk-summary-state");
    if (state === "checking") {
      s.textContent = W.checking;
      s.className = "dim";
      sum.textContent = W.checking;
      sum.className = "dk-summary-state dim";
      $("dk-play-button").disabled = true;
      return;
    }
    ul.textContent = "";
    if (state === "legal") {
      s.textContent = W.legal;
      s.className = "ok";
      sum.textContent = "✓ " + W.legal;
      sum.className = "dk-summary-state ok";
    } else {
      s.textContent = state === "error" ? fmt(W.check_failed, {error: problems[0] || ""}) :
        fmt(W.problems, {count: problems.length});
      s.className = "bad";
      sum.textContent = "✗ " + s.textContent;
      sum.className = "dk-summary-state bad";
      if (state === "illegal") {
        for (const p of problems) {
          const li = el("li", "bad");
          const m = /^([A-Z]{2}-[A-Z0-9]+): ([\s\S]*)$/.exec(p);
          if (m) {
            li.appendChild(el("code", "dk-rule", m[1]));
            li.appendChild(document.createTextNode(" " + m[2]));
          } else {
            li.textContent = p;
          }
          ul.appendChild(li);
        }
      }
    }
    $("dk-play-button").disabled = state !== "legal";
    $("dk-play-note").hidden = state === "legal";
  }

  async function check() {
    const v = version;
    try {
      const file = await deckFile();
      $("dk-deck-text").value = file.text;
      const body = new FormData();
      body.append("deck_text", file.text);
      body.append("card_set", cfg.cards || "");
      const got = await postJSON(`/api/check-deck/${cfg.game}`, body);
      if (v !== version) return;   // the deck changed meanwhile: its own check follows
      setState(got.ok ? "legal" : "illegal", got.problems || []);
    } catch (e) {
      if (v !== version) return;
      setState("error", [e.message]);
    }
  }

  function setDeck(d, note) {
    deck.sections = new Map();
    for (const p of (data ? data.parts : [])) deck.sections.set(p.section, new Map());
    for (const [sec, entries] of Object.entries(d.sections || {})) {
      const m = section(sec);
      for (const e of entries) if (e.count > 0) m.set(e.id, (m.get(e.id) || 0) + e.count);
    }
    deck.name = d.name || W.new_name;
    deck.description = d.description || "";
    $("dk-name").value = deck.name;
    $("dk-description").value = deck.description;
    if (note) message(note, false);
    changed();
  }

  // --- loading, saving, playing ---------------------------------------------------------------
  async function readDeck(body) {
    const got = await postJSON(withCards(`/api/read-deck/${cfg.game}`), body);
    if (!got.ok) {
      message(fmt(W.bad_file, {error: got.error}), true);
      return;
    }
    setDeck(got.deck, fmt(W.loaded, {name: got.deck.name}));
  }

  $("dk-load-sample").addEventListener("click", () => {
    const body = new FormData();
    body.append("sample", $("dk-sample").value);
    readDeck(body).catch((e) => message(fmt(W.bad_file, {error: e.message}), true));
  });

  $("dk-file-input").addEventListener("change", (ev) => {
    const file = ev.target.files && ev.target.files[0];
    if (!file) return;
    const body = new FormData();
    body.append("deck_file", file, file.name);
    readDeck(body).catch((e) => message(fmt(W.bad_file, {error: e.message}), true))
      .finally(() => { ev.target.value = ""; });
  });

  $("dk-download").addEventListener("click", async () => {
    try {
      const file = await deckFile();
      const url = URL.createObjectURL(new Blob([file.text], {type: "application/toml;charset=utf-8"}));
      const a = el("a");
      a.href = url;
      a.download = file.filename;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
      message(fmt(W.downloaded, {file: file.filename}), false);
    } catch (e) {
      message(fmt(W.check_failed, {error: e.message}), true);
    }
  });

  $("dk-clear").addEventListener("click", () => {
    if (![...deck.sections.values()].some((m) => m.size) || window.confirm(W.confirm_clear)) {
      setDeck({name: deck.name, description: deck.description, sections: {}}, W.cleared);
    }
  });

  $("dk-name").addEventListener("input", () => { deck.name = $("dk-name").value; changed(); });
  $("dk-description").addEventListener("input", () => { deck.description = $("dk-description").value; changed(); });
  for (const id of ["dk-search", "dk-kind", "dk-colour", "dk-cost", "dk-own-only"]) {
    if ($(id)) $(id).addEventListener(id === "dk-search" ? "input" : "change", filterCards);
  }

  const play = $("dk-play");
  function syncOpponent() {
    const vsComputer = play.querySelector("input[name=opponent]:checked").value === "computer";
    play.querySelectorAll(".computer-only").forEach((e) => { e.hidden = !vsComputer; });
    play.querySelectorAll(".friend-only").forEach((e) => { e.hidden = vsComputer; });
  }
  play.addEventListener("change", syncOpponent);
  syncOpponent();
  play.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      const file = await deckFile();
      $("dk-deck-text").value = file.text;
      play.submit();
    } catch (e) {
      message(fmt(W.check_failed, {error: e.message}), true);
    }
  });

  window.addEventListener("resize", () => requestAnimationFrame(markLongTexts));

  // --- start ---------------------------------------------------------------------------------
  fetch(withCards(`/api/cards/${cfg.game}?lang=${cfg.lang}`))
    .then((r) => r.json())
    .then((got) => {
      if (!got.cards) throw new Error(got.error || "no cards");
      data = got;
      buildFilters();
      buildCards();
      for (const p of data.parts) section(p.section);
      filterCards();
      changed();
    })
    .catch((e) => message(fmt(W.check_failed, {error: e.message}), true));
})();
