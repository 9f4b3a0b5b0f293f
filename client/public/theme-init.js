// Sets <html data-theme> before the first paint. The build puts it inline in index.html (nothing
// to download before the paint); the server's CSP allows it by its hash (inlineScriptHashes).
// The key is STORAGE_KEYS.theme of @aircloud/shared/constants: this browser's copy of the choice
// stored on the profile (client/src/lib/theme keeps it in sync; the profile wins once /api/me loads).
/* global window, document */
(function () {
  var choice = null;
  try {
    choice = localStorage.getItem('aircloud.theme');
  } catch {
    // Storage refused: follow the system.
  }
  var dark =
    choice === 'dark' ||
    (choice !== 'light' &&
      !!window.matchMedia &&
      window.matchMedia('(prefers-color-scheme: dark)').matches);
  var theme = dark ? 'dark' : 'light';
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
})();
