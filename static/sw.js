// The pad's service worker, served as /sw.js by scorekeeper/pwa.py. It does one thing: when a
// page cannot reach the server, it shows the offline page instead of the browser's error, in the
// language the pad was last shown in, saying what was tapped; the page (offline.js) asks until the
// server answers, then reloads or resends the tap. Pages always come from the network: only the
// offline page, its stylesheet and script are cached, so no phone is ever shown an old page as
// current or held on an old version.
"use strict";

const OFFLINE = "__OFFLINE_URL__";
const LANGUAGES = __LANGUAGES__;
const CACHE = "offline-__VERSION__";
// Where the language of the last page shown is kept (a worker's memory ends when it sleeps).
const LANG = "/pad-language";
const inLanguage = (code) => `${OFFLINE}?lang=${encodeURIComponent(code)}`;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const assets = new Set();
    // The offline page in every language. Without cookies: the page is the same for everyone,
    // and no message waiting for the next page is used up by it.
    for (const url of [OFFLINE, ...LANGUAGES.map(inLanguage)]) {
      const response = await fetch(url, { cache: "no-store", credentials: "omit" });
      if (!response.ok) throw new Error(`offline page: ${response.status}`);
      const html = await response.clone().text();
      await cache.put(url, response);
      // Its stylesheet and script, so that it looks like the pad and recovers by itself even
      // when the browser's cache is empty.
      for (const found of html.matchAll(/<(?:link rel="stylesheet" href|script src)="([^"]+)"/g)) {
        assets.add(found[1].replace(/&amp;/g, "&"));
      }
    }
    await cache.addAll(Array.from(assets));
    await self.skipWaiting();
  })());
});

// Every page tells the worker its language (live.js): the offline page then speaks the one chosen.
self.addEventListener("message", (event) => {
  const code = event.data && event.data.lang;
  if (!LANGUAGES.includes(code)) return;
  event.waitUntil(caches.open(CACHE).then((cache) => cache.put(LANG, new Response(code))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode === "navigate") {
    // Read what was tapped before the request is sent: a body can be read only once.
    const kept = request.method === "POST" ? request.clone().formData().catch(() => null) : null;
    event.respondWith(fetch(request).catch(async () => offlinePage(await kept)));
  } else if (request.method === "GET" && ["style", "script"].includes(request.destination)) {
    event.respondWith(fetch(request).catch(async () =>
      (await caches.match(request, { cacheName: CACHE })) || Response.error()));
  }
});

const KEPT_FIELD = "kept_tap";

const escapeHtml = (text) => String(text).replace(/[&<>"']/g,
  (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// The cached offline page with one "Try again": the kept form for a tap, a link for a page.
async function offlinePage(kept) {
  const chosen = await caches.match(LANG, { cacheName: CACHE });
  const code = chosen ? await chosen.text() : null;
  const cached = (code && await caches.match(inLanguage(code), { cacheName: CACHE }))
    || await caches.match(OFFLINE, { cacheName: CACHE });
  if (!cached) return Response.error();
  let html = await cached.text();
  const drop = (part) => {
    html = html.replace(new RegExp(`<!--${part}-->[\\s\\S]*?<!--/${part}-->`), "");
  };
  if (kept) {
    // A chosen file cannot be kept: only the form's words are sent again.
    // What the tap was, in the page's words ("Ana's bid: 2"): live.js adds it as the form goes.
    const what = kept.get(KEPT_FIELD);
    const fields = Array.from(kept.entries())
      .filter(([name, value]) => typeof value === "string" && name !== KEPT_FIELD)
      .map(([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join("");
    html = html.replace("<!--kept-->", () => fields);
    if (typeof what === "string" && what) {
      html = html.replace(/<!--kept-what-->[\s\S]*?<!--\/kept-what-->/, () => escapeHtml(what));
    }
    drop("retry-get");
  } else {
    drop("retry-post");
  }
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": cached.headers.get("Content-Security-Policy") || "",
      "Cache-Control": "no-store",
    },
  });
}
