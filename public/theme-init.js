// Sets the colour scheme before the first paint so that a dark page does not flash light.
// The same rule as the theme machine: saved preference, else system preference, else light;
// the signup page is always light.
(function () {
  var scheme = 'light';
  try {
    var saved = window.localStorage.getItem('theme');
    if (saved === 'dark' || saved === 'light') scheme = saved;
    else if (window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch (e) {
    /* storage may be unavailable */
  }
  if (/^\/control\/signup(\/|$)/.test(window.location.pathname)) scheme = 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
