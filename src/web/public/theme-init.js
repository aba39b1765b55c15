// Sets the theme class before React loads, from the saved choice or the system preference.
(function () {
  try {
    var saved = localStorage.getItem('presale-theme');
    var dark = saved === 'dark' || ((saved === null || saved === 'system') && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    /* storage unavailable: keep the light default */
  }
})();
