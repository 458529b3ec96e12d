// The colours chosen in the app (light or dark; none: as the phone is set), put on <html>
// before the page is first drawn: a classic script in the head, read before the body (the
// Content-Security-Policy lets no inline script run). theme.js changes the choice.
(function () {
  var chosen = null;
  try { chosen = localStorage.getItem("theme"); } catch (e) { /* storage refused */ }
  var root = document.documentElement;
  if (chosen === "light" || chosen === "dark") root.setAttribute("data-theme", chosen);
  else root.removeAttribute("data-theme");
})();
