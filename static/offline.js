// The offline page, shown by the service worker (sw.js) when a page cannot reach the server,
// ends by itself: it asks the server every few seconds, and once it answers does the "Try
// again": the kept tap is sent, or the page reloaded. Only that page loads this script.
"use strict";

(function outageEnds() {
  const ping = document.body.dataset.ping;
  if (!ping || new URL(ping, location.href).pathname === location.pathname) return;
  const EVERY_MS = 2000;
  async function ask() {
    let answered = false;
    try {
      answered = (await fetch(ping, { cache: "no-store", credentials: "omit" })).ok;
    } catch { /* still out of reach */ }
    if (!answered) return setTimeout(ask, EVERY_MS);
    const form = document.querySelector("form.retry");
    if (form) form.requestSubmit();
    else location.reload();
  }
  setTimeout(ask, EVERY_MS);
})();
