// The app's colours put on <html> as data-theme, "light" or "dark", before the page is first
// drawn: the colours chosen in the app, or else the phone's setting, followed when it changes
// (app.css holds one dark set, for data-theme="dark"). A classic script in the head, read
// before the body (the Content-Security-Policy lets no inline script run); theme.js changes
// the choice.
(function () {
  var root = document.documentElement;
  var phone = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  function put() {
    var chosen = null;
    try { chosen = localStorage.getItem("theme"); } catch (e) { /* storage refused */ }
    if (chosen !== "light" && chosen !== "dark") chosen = phone && phone.matches ? "dark" : "light";
    root.setAttribute("data-theme", chosen);
  }
  put();
  if (phone && phone.addEventListener) phone.addEventListener("change", put);
  else if (phone && phone.addListener) phone.addListener(put);
  window.addEventListener("storage", put); // chosen on another page of the site
})();
