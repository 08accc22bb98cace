// Tableside's service worker (served by config/pwa.py at /sw.js; docs/offline.md).
// - The app shell (the static CSS, JS, icons, the offline page) is cached at install,
//   under this version's name; a deploy that changes a file makes a new version, whose
//   worker replaces this one and deletes the older caches.
// - Pages (and the parts of a sheet htmx fetches after it) are asked from the network
//   first; each answer is kept, and shown when the network cannot answer, to the same
//   person only. A page never opened here shows the offline page.
// - Never cached: anything but GET (saves, rolls, log-in and log-out), the live feed
//   and the feed's log, the health checks, the admin, the accounts' pages, roll forms.
// - Log-out empties the kept pages; so does an answer for someone else.
"use strict";

const CONFIG = {{ config|safe }};
const SHELL = "tableside-shell-" + CONFIG.version;
const PAGES = "tableside-pages-" + CONFIG.version;
const PARTS = "tableside-parts-" + CONFIG.version;
const META = "tableside-meta";
const VIEWER_KEY = "/__tableside/viewer";
const NEVER = CONFIG.never.map(function (pattern) { return new RegExp(pattern); });

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL)
      .then(function (cache) { return cache.addAll(CONFIG.shell); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  const mine = [SHELL, PAGES, PARTS, META];
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names
          .filter(function (name) { return name.indexOf("tableside-") === 0 && mine.indexOf(name) < 0; })
          .map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

// ---- whose pages are kept -------------------------------------------------------------

let viewer = null; // the person the kept pages belong to (remembered across restarts)

function knownViewer() {
  if (viewer !== null) { return Promise.resolve(viewer); }
  return caches.open(META)
    .then(function (cache) { return cache.match(VIEWER_KEY); })
    .then(function (found) { return found ? found.text() : ""; })
    .then(function (text) { viewer = text; return viewer; });
}

function forgetPages() {
  return Promise.all([caches.delete(PAGES), caches.delete(PARTS)]);
}

// A new person (or nobody, after a log-out): the pages kept for the last one go.
function answeredFor(person) {
  return knownViewer().then(function (known) {
    if (known === person) { return null; }
    viewer = person;
    return forgetPages()
      .then(function () { return caches.open(META); })
      .then(function (cache) { return cache.put(VIEWER_KEY, new Response(person)); });
  });
}

function loggedOut() {
  viewer = "anonymous";
  return forgetPages()
    .then(function () { return caches.open(META); })
    .then(function (cache) { return cache.put(VIEWER_KEY, new Response("anonymous")); });
}

// The page side asks too (static/js/offline.js, on a log-out form's submit).
self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "logged-out") { event.waitUntil(loggedOut()); }
});

// ---- answering ------------------------------------------------------------------------

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.method !== "GET") {
    if (url.pathname === CONFIG.logout) { event.waitUntil(loggedOut()); }
    return; // saves, rolls, log-ins: straight to the network, never kept
  }
  if (NEVER.some(function (pattern) { return pattern.test(url.pathname); })) { return; }
  if ((request.headers.get("Accept") || "").indexOf("text/event-stream") >= 0) { return; }
  if (CONFIG.shell.indexOf(url.pathname) >= 0) {
    event.respondWith(shellFirst(request));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(event, PAGES, true));
    return;
  }
  if (request.headers.get("HX-Request") === "true") {
    event.respondWith(networkFirst(event, PARTS, false));
  }
});

function shellFirst(request) {
  return caches.open(SHELL).then(function (cache) {
    return cache.match(request).then(function (found) { return found || fetch(request); });
  });
}

function networkFirst(event, store, isPage) {
  const request = event.request;
  return fetch(request).then(function (response) {
    const person = response.headers.get(CONFIG.viewerHeader);
    if (!person) { return response; } // not one of our HTML pages
    const copy = response.clone();
    event.waitUntil(answeredFor(person).then(function () {
      if (response.status !== 200 || response.redirected) { return null; }
      if ((response.headers.get("Cache-Control") || "").indexOf("no-store") >= 0) { return null; }
      return caches.open(store).then(function (cache) { return cache.put(request, copy); });
    }).catch(function () { return null; })); // a full disk is no page's failure
    return response;
  }, function (error) {
    return kept(request, store).then(function (found) {
      if (found) { return found; }
      if (isPage) { return caches.match(CONFIG.offline, { cacheName: SHELL }); }
      throw error;
    });
  });
}

// A kept copy, for the person it was kept for only.
function kept(request, store) {
  return knownViewer().then(function (person) {
    return caches.open(store).then(function (cache) {
      return cache.match(request, { ignoreVary: true }).then(function (found) {
        if (!found || found.headers.get(CONFIG.viewerHeader) !== person) { return null; }
        return found;
      });
    });
  });
}
