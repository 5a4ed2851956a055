// What the pages' scripts share (board.js, decks.js, my_cards.js): TCGDom.el(tag, cls, text) -> a
// new element with that class and text; TCGDom.fmt(words, params) -> the words with each {name}
// filled from params (a {name} params lacks stays as it is).
window.TCGDom = (function () {
  "use strict";

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  const fmt = (s, p) => String(s).replace(/\{(\w+)\}/g, (m, k) => (k in p ? String(p[k]) : m));

  return {el, fmt};
})();
