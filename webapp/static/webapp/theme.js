// The app's colours: as the phone is set (the default), or light or dark whatever the phone
// says, kept in localStorage; the colours shown are on <html> as data-theme, always "light" or
// "dark" (theme-start.js puts them there before the first paint and follows the phone's
// setting). app.css holds both sets of colours; the pictures drawn in the page take theirs
// from it, so a choice changes every picture on screen at once.
import { t } from "./i18n.js";

export const THEMES = ["system", "light", "dark"];

export function currentTheme() {
  const chosen = localStorage.getItem("theme");
  return THEMES.includes(chosen) ? chosen : "system";
}

// the colours in use now: the choice, or the phone's setting
export function shownTheme() {
  const chosen = currentTheme();
  if (chosen !== "system") return chosen;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

// the bar's colour of the browser around the app, as the app's own bar
function browserBar() {
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.content = getComputedStyle(document.documentElement).getPropertyValue("--green").trim() || meta.content;
}

export function setTheme(theme) {
  if (theme === "system") localStorage.removeItem("theme");
  else localStorage.setItem("theme", theme);
  document.documentElement.dataset.theme = shownTheme();
  browserBar();
}

matchMedia("(prefers-color-scheme: dark)").addEventListener("change", browserBar);
browserBar();

export function themePicker() {
  const theme = currentTheme();
  return `<fieldset class="lang theme"><legend>${t("theme")}</legend>${THEMES.map((name) =>
    `<button type="button" data-theme-choice="${name}" aria-pressed="${name === theme}">${t(`theme_${name}`)}</button>`).join("")}</fieldset>`;
}

// the picker's buttons on the screen shown: a tap changes the colours and the buttons pressed
export function bindTheme(root) {
  const buttons = [...root.querySelectorAll("[data-theme-choice]")];
  for (const b of buttons) {
    b.addEventListener("click", () => {
      setTheme(b.dataset.themeChoice);
      for (const other of buttons) other.setAttribute("aria-pressed", String(other === b));
    });
  }
}
