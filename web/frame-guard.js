// Runs first, before anything else of the page loads: the site refuses to run inside another
// site's frame (a page that frames it could overlay its buttons and take the player's taps).
// A static host cannot send frame-ancestors, so the page itself stops loading and offers a
// link that opens it on its own. A frame of the site's own origin is allowed.
(() => {
  if (window.top === window.self) return;
  let foreign = true;
  try {
    foreign = window.top.location.origin !== window.location.origin;
  } catch {
    foreign = true; // reading another origin's location throws
  }
  if (!foreign) return;
  window.stop();
  // The site's language is not known here (storage is another site's in a frame): both.
  const note = (text, words) => {
    const p = document.createElement("p");
    const link = document.createElement("a");
    link.href = window.location.href;
    link.target = "_top";
    link.rel = "noopener";
    link.textContent = words;
    p.append(text, link);
    return p;
  };
  document.documentElement.dataset.framed = "refused";
  document.documentElement.replaceChildren(document.createElement("head"), document.createElement("body"));
  document.body.append(
    note("Этот сайт не работает внутри чужой страницы. ", "Открыть «Пасьянсы» на отдельной странице"),
    note("This site does not run inside another site's frame. ", "Open Patience on its own page"));
})();
