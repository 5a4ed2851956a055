// The rematch of a finished game between two people (issue 30): a button in the end-of-game
// panel's #rematch-slot (made here, in the status panel, on a page without one). The server
// says when a rematch may be offered (GET /game/<id>/rematch, asked every few seconds); the
// button offers or accepts it (POST); once both players have, both pages go to the new game.
// It asks only once the game is over (table.js marks #table-page with the class "over").
(function () {
  "use strict";
  const script = document.getElementById("rematch-script");
  const page = document.getElementById("table-page");
  if (!script || !page || page.dataset.seat === "") return;
  const words = script.dataset;
  const url = "/game/" + encodeURIComponent(page.dataset.gid) + "/rematch";
  const fill = (text, name) => text.replace("{name}", () => name);  // a name is text, never a pattern

  function slot() {
    let s = document.getElementById("rematch-slot");
    if (!s) {
      s = document.createElement("div");
      s.id = "rematch-slot";
      (document.querySelector(".status.panel") || page).appendChild(s);
    }
    return s;
  }

  let shown = "";
  function show(st) {
    if (!st.available) return;
    if (st.game) { location.href = "/game/" + encodeURIComponent(st.game); return; }
    const key = JSON.stringify(st.accepted);
    if (key === shown) return;  // nothing new: the button stays as it is
    shown = key;
    const s = slot();
    s.hidden = false;
    s.textContent = "";
    const mine = st.accepted.includes(st.seat);
    const theirs = st.accepted.some((x) => x !== st.seat);
    if (mine) {
      const p = document.createElement("p");
      p.id = "rematch-waiting";
      p.textContent = fill(words.waiting, st.other);
      s.appendChild(p);
      return;
    }
    if (theirs) {
      const p = document.createElement("p");
      p.id = "rematch-offered";
      p.textContent = fill(words.offered, st.other);
      s.appendChild(p);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.id = "rematch-button";
    b.className = "primary";
    b.textContent = theirs ? words.accept : words.offer;
    b.addEventListener("click", async () => {
      b.disabled = true;
      try {
        const r = await fetch(url, {method: "POST", cache: "no-store"});
        show(await r.json());
      } catch (e) { /* asked again by the next look */ }
      b.disabled = false;
    });
    s.appendChild(b);
  }

  async function poll() {
    try {
      const r = await fetch(url, {cache: "no-store"});
      const st = await r.json();
      if (!st.available) return;  // not a game between two people: no rematch
      show(st);
      if (st.game) return;
    } catch (e) { /* offline for a moment: asked again */ }
    setTimeout(poll, 3000);
  }
  let started = false;
  const start = () => {
    if (started || !page.classList.contains("over")) return;
    started = true;
    poll();
  };
  new MutationObserver(start).observe(page, {attributes: true, attributeFilter: ["class"]});
  start();
})();
