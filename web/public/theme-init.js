// Runs synchronously in <head>, before the app's JavaScript loads, so the first paint already has the right
// theme. It must agree with web/lib/theme-mode.tsx and web/lib/theme.ts: the same storage key and values,
// the same fallback to the system preference, the same page backgrounds. An external file, not an inline
// script, because the Content-Security-Policy allows scripts from 'self' only.
(function () {
  var mode = null;
  try {
    var stored = window.localStorage.getItem('theme');
    if (stored === 'dark' || stored === 'light') mode = stored;
  } catch {
    // Storage can be blocked (private mode, site settings): fall back to the system preference.
  }
  if (mode === null) {
    try {
      mode = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    } catch {
      mode = 'light';
    }
  }
  var root = document.documentElement;
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
  root.style.backgroundColor = mode === 'dark' ? '#121212' : '#ffffff';
})();
