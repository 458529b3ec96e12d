// Each game's phone knowledge lives in its own module (its move words, options, face-down turns
// and set-up chores), written in the game's package and served at /app/games/<key>.js
// (webapp/game_modules.py), found by the key /api/games/ gives and loaded on demand. A game
// without a module of its own, or one that cannot be loaded (offline and never cached), is
// played with games/generic.js: what a game's module leaves out is taken from there too.
import * as fallback from "./games/generic.js";

const KEY = /^[a-z0-9][a-z0-9-]*$/;
const asked = new Map(); // key -> the promise of its module
const loaded = new Map(); // key -> its module, once loaded

// The module of the game `key` (the generic one for a game without one).
export function loadGame(key) {
  if (!KEY.test(String(key))) return Promise.resolve(fallback);
  if (!asked.has(key)) {
    asked.set(key, import(`/app/games/${key}.js`)
      .then((own) => {
        const game = { ...fallback, ...own };
        loaded.set(key, game);
        return game;
      })
      .catch(() => {
        asked.delete(key); // asked again next time (the network may be back)
        return fallback;
      }));
  }
  return asked.get(key);
}

export function loadGames(keys) {
  return Promise.all(keys.map(loadGame));
}

// The game's module once loaded (the screens load it before they draw), else the generic one.
export function gameOf(key) {
  return loaded.get(key) || fallback;
}
