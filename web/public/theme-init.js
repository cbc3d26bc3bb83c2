// Runs before the app: sets data-theme from localStorage `theme` (dark | light | system; dark by default).
(function () {
  var stored = null;
  try { stored = localStorage.getItem('theme'); } catch (e) { /* storage blocked */ }
  var choice = stored === 'light' || stored === 'system' ? stored : 'dark';
  var resolved = choice === 'system'
    ? (window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark')
    : choice;
  document.documentElement.setAttribute('data-theme', resolved);
})();
