// The app's service worker (sw.js), registered once when the app starts: its registration, or
// null where the browser has none or refuses it (a private window, a blocked worker).
export const registration = "serviceWorker" in navigator
  ? navigator.serviceWorker.register("/app/sw.js", { type: "module", scope: "/app/" }).catch(() => null)
  : Promise.resolve(null);
