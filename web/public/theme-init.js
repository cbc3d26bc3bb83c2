// Runs before the app: sets data-theme from localStorage `theme` (dark | light | system; dark by default).
(function () {
  var stored = null;
  try { stored = localStorage.getItem('theme'); } catch (e) { /* storage blocked */ }
  var choice = stored === 'light' || stored === 'system' ? stored : 'dark';
  var resolved = choice === 'system'
    ? (window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark')
    : choice;
  document.documentElement.setAttribute('data-theme', resolved);

  var signedIn = false;
  try { signedIn = localStorage.getItem('token') !== null; } catch (e) { /* storage blocked */ }

  // The shell pre-rendered into index.html is drawn for a first-time visitor (dark, signed out, on no page of the
  // sidebar). Once it is parsed, before the first paint and before the app starts, it is put in this visitor's
  // state as the app will draw it (web/src/ui/layout: ThemeSwitch, Sidebar, TopBar), so nothing changes when the
  // app takes over: the theme chosen, the sidebar's link to this page, and no login links for a member (whose
  // menu the app draws in their place).
  function isCurrent(to) {
    var parts = to.split('?');
    if (parts[0] !== location.pathname) return false;
    var wanted = new URLSearchParams(parts[1] || '');
    var actual = new URLSearchParams(location.search);
    var keys = Array.from(wanted.keys());
    if (keys.length === 0) return !actual.has('mine');
    return keys.every(function (key) { return actual.get(key) === wanted.get(key); });
  }
  function dressShell() {
    if (document.readyState === 'loading') return;
    document.removeEventListener('readystatechange', dressShell);
    var shell = document.querySelectorAll('.prerendered');
    shell.forEach(function (frame) {
      frame.querySelectorAll('.theme-switch__option').forEach(function (option) {
        option.setAttribute('aria-checked', String(option.getAttribute('data-choice') === choice));
      });
      frame.querySelectorAll('a.nav-link').forEach(function (link) {
        if (isCurrent(link.getAttribute('href'))) link.setAttribute('aria-current', 'page');
      });
      if (signedIn) {
        frame.querySelectorAll('.top-bar a[href="/login"], .top-bar a[href="/signup"]').forEach(function (link) {
          link.remove();
        });
      }
    });
  }
  document.addEventListener('readystatechange', dressShell);
})();
