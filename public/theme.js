// Applies the saved or system theme before the first paint (an external file: the CSP allows no inline script).
(function () {
  try {
    var saved = localStorage.getItem("inkwell-theme");
    var dark = saved ? saved === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
    document.documentElement.classList.toggle("dark", dark);
  } catch (e) {}
})();
