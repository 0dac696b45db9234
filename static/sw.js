// The pad's service worker, served as /sw.js by scorekeeper/pwa.py. It does one thing: when a
// page cannot reach the server, it shows the offline page instead of the browser's error, with
// a "Try again" that resends what was tapped. Pages always come from the network: nothing else
// is cached, so no phone is ever shown an old page as current or held on an old version.
"use strict";

const OFFLINE = "__OFFLINE_URL__";
const CACHE = "offline-__VERSION__";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Without cookies: the offline page is the same for everyone, and no message waiting
    // for the next page is used up by it.
    const response = await fetch(OFFLINE, { cache: "no-store", credentials: "omit" });
    if (!response.ok) throw new Error(`offline page: ${response.status}`);
    const html = await response.clone().text();
    await cache.put(OFFLINE, response);
    // Its stylesheet, so that it looks like the pad even when the browser's cache is empty.
    const sheets = Array.from(html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g),
      (found) => found[1].replace(/&amp;/g, "&"));
    await cache.addAll(sheets);
    await self.skipWaiting();
  })());
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
  } else if (request.method === "GET" && request.destination === "style") {
    event.respondWith(fetch(request).catch(async () =>
      (await caches.match(request, { cacheName: CACHE })) || Response.error()));
  }
});

const escapeHtml = (text) => String(text).replace(/[&<>"']/g,
  (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// The cached offline page with one "Try again": the kept form for a tap, a link for a page.
async function offlinePage(kept) {
  const cached = await caches.match(OFFLINE, { cacheName: CACHE });
  if (!cached) return Response.error();
  let html = await cached.text();
  const drop = (part) => {
    html = html.replace(new RegExp(`<!--${part}-->[\\s\\S]*?<!--/${part}-->`), "");
  };
  if (kept) {
    // A chosen file cannot be kept: only the form's words are sent again.
    const fields = Array.from(kept.entries())
      .filter(([, value]) => typeof value === "string")
      .map(([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join("");
    html = html.replace("<!--kept-->", fields);
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
