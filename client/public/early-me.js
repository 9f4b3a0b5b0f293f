// Asks the server who is signed in while the application's JavaScript still downloads: the
// navigation guard (client/src/app/guard.ts, takeEarlyMe) uses the answer instead of asking
// again. Only with the readable session_hint cookie (as mayHaveSession in
// client/src/lib/api/baseQuery.ts): an anonymous visitor asks nothing. Anything but a 200 gives
// null, and the guard then asks through the API layer (refresh on 401, sign-out on 5xx).
/* global window, document */
(function () {
  if (!/(?:^|;\s*)session_hint=/.test(document.cookie)) return;
  window.__aircloudEarlyMe = fetch('/api/me', {
    credentials: 'include',
    headers: { Accept: 'application/ld+json' },
  })
    .then(function (res) {
      return res.ok ? res.json() : null;
    })
    .catch(function () {
      return null;
    });
})();
