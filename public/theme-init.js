// Runs blocking in <head> before the first paint so a dark reload never flashes light.
// Kept as an external file because the server's CSP allows only 'self' scripts.
(() => {
  try {
    if (localStorage.getItem('stride-theme') === 'dark') document.documentElement.classList.add('dark');
  } catch {
    // Storage can be blocked (private mode, policies): light is the default anyway.
  }
})();
