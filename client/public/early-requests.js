// Asks the server, while the application's JavaScript still downloads, what the first page will
// ask first: who is signed in (the navigation guard, client/src/app/guard.ts takeEarlyMe, uses
// the answer instead of asking again) and, on the home page, the purifier list (the API layer,
// client/src/lib/api/earlyAnswers.ts, uses it for the same GET). Only with the readable
// session_hint cookie (as mayHaveSession in client/src/lib/api/baseQuery.ts): an anonymous
// visitor asks nothing. Anything but a 200 gives null, and the client then asks through the API
// layer (refresh on 401, sign-out on 5xx). The build puts it inline in index.html (the requests
// leave as the HTML arrives); the server's CSP allows it by its hash (inlineScriptHashes).
/* global window, document, location */
(function () {
  if (!/(?:^|;\s*)session_hint=/.test(document.cookie)) return;
  function get(url) {
    return fetch(url, { credentials: 'include', headers: { Accept: 'application/ld+json' } })
      .then(function (res) {
        return res.ok ? res.json() : null;
      })
      .catch(function () {
        return null;
      });
  }
  window.__aircloudEarlyMe = get('/api/me');
  // The home page without filters asks for its first page: the URL the list's query builds
  // (client/src/features/purifiers/api/purifiersApi.ts). With filters the page asks itself.
  if (location.pathname === '/purifiers' && location.search === '') {
    var list = '/api/purifiers?page=1';
    window.__aircloudEarlyGets = {};
    window.__aircloudEarlyGets[list] = { at: performance.now(), answer: get(list) };
  }
})();
