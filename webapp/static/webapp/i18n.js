// The app's own words in English and German. Sentences about the game (hints, refusals)
// come from the API in the language asked for with Accept-Language.
const WORDS = {
  en: {
    appName: "Companion",
    signIn: "Sign in", signOut: "Sign out", register: "Create an account",
    username: "Username", password: "Password",
    signInFailed: "Sign in failed: {message}",
    home: "Home", newMatch: "New match", history: "History", stats: "Stats", teams: "Teams",
    language: "Language", myMatches: "My running matches", noMatches: "No matches yet.",
    game: "Game", sides: "Sides", side: "Side", me: "me", addSide: "Add a player",
    removeSide: "Remove a player", games: "Games to play", start: "Start the match",
    sideName: "Name of side {n}", team: "Team", noTeam: "Reference line-up",
    home_side: "Home", away_side: "Away", player_n: "Player {n}",
    step: "Now", whoseTurn: "{name} to act", bothSides: "Both managers",
    undo: "Undo", redo: "Redo", back: "Back", picture: "The match so far",
    refused: "Not allowed", finished: "The match is over.", score: "Score",
    lastMove: "Last move: {notation}",
    offline: "Offline", online: "Online",
    pending: "{n} move(s) not yet stored on the server",
    pendingNone: "Every move is stored.",
    unchecked: "Not checked yet: the referee checks these moves when the phone is back online.",
    sendNow: "Send now", sending: "Sending…",
    conflict: "Another phone logged {n} move(s) meanwhile. Your {m} move(s) are kept here.",
    conflictAppend: "Add mine after theirs", discardMine: "Discard mine",
    batchRefused: "Move {i} of the queue was refused: {message}",
    dropFrom: "Drop move {i} and the ones after it",
    live: "Live", export: "Export the match file",
    filters: "Filters", opponent: "Opponent", result: "Result", from: "From", to: "To",
    any: "any", win: "won", draw: "draw", loss: "lost", apply: "Show",
    stepThrough: "Replay", moveN: "after move {n} of {total}", open: "Open",
    first: "Start", prev: "Previous", next: "Next", last: "End",
    running: "running", finishedStatus: "finished", abandoned: "abandoned",
    // moves
    cardsOf: "Card of {name}", move: "Move a player", skip: "Move nobody", forward: "forward",
    backward: "backward", player: "No. {n}", receiver: "Pass to no. {n}",
    sideways: "Sideways pass", longBall: "Long ball over {n} line(s)", refuse: "Decline",
    scoring: "Scoring opportunity", noScoring: "No scoring opportunity",
    shoot: "Shoot", shootingCard: "Shooting card", goalkeeperCard: "Goalkeeper card",
    keeperDraw: "Cards drawn by the keeper", confirm: "Confirm", kickOff: "{name} kicks off",
    choose: "Choose no. {n}", goalKick: "Goal kick card", counter: "Counter-attack ({name})",
    deal: "Deal the cards (hands stay secret)", dealKnown: "Shuffle and deal in the app",
    playCard: "Play", passCard: "Pass", trick: "Trick {n}", newTrick: "opens trick {n}",
    colourOf: "Colour", numberOf: "Number", put: "Put {piece}", to: "to", action: "Move",
    edge_left: "left edge", edge_right: "right edge",
    kind_short_pass: "Short pass", kind_long_ball: "Long ball", kind_dribbling: "Dribbling",
    colour_red: "red", colour_blue: "blue", colour_green: "green",
    footballs: "{n} football(s)",
    noEdition: "No Hat-Trick edition is loaded on this server.", myTeam: "My team",
    buildTitle: "Build a team", teamName: "Team name", budgetCard: "Budget card",
    orientation: "Orientation", budgetClass: "Class", cardColour: "Card colour",
    orientation_defensive: "defensive", orientation_balanced: "balanced", orientation_offensive: "offensive",
    colour_red_card: "red", pool_defensive: "Defensive stars", pool_offensive: "Offensive stars",
    starsLeft: "{n} of {budget} left", slotN: "No. {n}", pickCard: "Pick a card", gold: "Gold",
    shield: "Shield", shield_defensive: "defensive", shield_balanced: "balanced", shield_offensive: "offensive",
    priceMax: "Price at most", numbers: "No.", price: "{n} star(s)", noCards: "No card fits.",
    save: "Save", useInMatch: "Use in a match", savedValid: "{name} is saved and keeps to the budget card.",
    savedInvalid: "{name} is saved, but it breaks the budget card's rules.",
    game_hat_trick: "Hat-Trick", "game_amigo-hattrick": "Hattrick (Amigo)", game_trixkick: "TriXKick",
    "game_hat-trick": "Hat-Trick",
  },
  de: {
    appName: "Companion",
    signIn: "Anmelden", signOut: "Abmelden", register: "Konto anlegen",
    username: "Benutzername", password: "Passwort",
    signInFailed: "Anmeldung fehlgeschlagen: {message}",
    home: "Start", newMatch: "Neues Spiel", history: "Verlauf", stats: "Statistik", teams: "Teams",
    language: "Sprache", myMatches: "Meine laufenden Spiele", noMatches: "Noch keine Spiele.",
    game: "Spiel", sides: "Seiten", side: "Seite", me: "ich", addSide: "Spieler hinzufügen",
    removeSide: "Spieler entfernen", games: "Zu spielende Runden", start: "Spiel beginnen",
    sideName: "Name der Seite {n}", team: "Team", noTeam: "Standardaufstellung",
    home_side: "Heim", away_side: "Gast", player_n: "Spieler {n}",
    step: "Jetzt", whoseTurn: "{name} ist am Zug", bothSides: "Beide Trainer",
    undo: "Zurücknehmen", redo: "Wiederholen", back: "Zurück", picture: "Das Spiel bisher",
    refused: "Nicht erlaubt", finished: "Das Spiel ist aus.", score: "Stand",
    lastMove: "Letzter Zug: {notation}",
    offline: "Offline", online: "Online",
    pending: "{n} Zug/Züge noch nicht auf dem Server gespeichert",
    pendingNone: "Alle Züge sind gespeichert.",
    unchecked: "Noch nicht geprüft: der Schiedsrichter prüft diese Züge, sobald das Telefon wieder online ist.",
    sendNow: "Jetzt senden", sending: "Wird gesendet…",
    conflict: "Ein anderes Telefon hat inzwischen {n} Zug/Züge eingetragen. Deine {m} Zug/Züge bleiben hier.",
    conflictAppend: "Meine danach anhängen", discardMine: "Meine verwerfen",
    batchRefused: "Zug {i} der Warteschlange wurde abgelehnt: {message}",
    dropFrom: "Zug {i} und die folgenden verwerfen",
    live: "Live", export: "Spieldatei exportieren",
    filters: "Filter", opponent: "Gegner", result: "Ergebnis", from: "Von", to: "Bis",
    any: "alle", win: "gewonnen", draw: "unentschieden", loss: "verloren", apply: "Anzeigen",
    stepThrough: "Nachspielen", moveN: "nach Zug {n} von {total}", open: "Öffnen",
    first: "Anfang", prev: "Zurück", next: "Weiter", last: "Ende",
    running: "läuft", finishedStatus: "beendet", abandoned: "abgebrochen",
    cardsOf: "Karte von {name}", move: "Spieler ziehen", skip: "Niemanden ziehen", forward: "vorwärts",
    backward: "rückwärts", player: "Nr. {n}", receiver: "Pass zu Nr. {n}",
    sideways: "Querpass", longBall: "Langer Ball über {n} Linie(n)", refuse: "Verzichten",
    scoring: "Torchance", noScoring: "Keine Torchance",
    shoot: "Schießen", shootingCard: "Schusskarte", goalkeeperCard: "Torwartkarte",
    keeperDraw: "Vom Torwart gezogene Karten", confirm: "Bestätigen", kickOff: "{name} hat Anstoß",
    choose: "Nr. {n} wählen", goalKick: "Karte für den Abstoß", counter: "Konter ({name})",
    deal: "Karten geben (Hände bleiben geheim)", dealKnown: "In der App mischen und geben",
    playCard: "Spielen", passCard: "Abwerfen", trick: "Stich {n}", newTrick: "eröffnet Stich {n}",
    colourOf: "Farbe", numberOf: "Zahl", put: "{piece} stellen", to: "nach", action: "Zug",
    edge_left: "linker Rand", edge_right: "rechter Rand",
    kind_short_pass: "Kurzpass", kind_long_ball: "Langer Ball", kind_dribbling: "Dribbling",
    colour_red: "rot", colour_blue: "blau", colour_green: "grün",
    footballs: "{n} Fußball/Fußbälle",
    "game_hat-trick": "Hat-Trick", "game_amigo-hattrick": "Hattrick (Amigo)", game_trixkick: "TriXKick",
    noEdition: "Auf diesem Server ist keine Hat-Trick-Edition geladen.", myTeam: "Mein Team",
    buildTitle: "Team aufstellen", teamName: "Teamname", budgetCard: "Budgetkarte",
    orientation: "Ausrichtung", budgetClass: "Klasse", cardColour: "Kartenfarbe",
    orientation_defensive: "defensiv", orientation_balanced: "ausgeglichen", orientation_offensive: "offensiv",
    pool_defensive: "Defensive Sterne", pool_offensive: "Offensive Sterne",
    starsLeft: "{n} von {budget} übrig", slotN: "Nr. {n}", pickCard: "Karte wählen", gold: "Gold",
    shield: "Schild", shield_defensive: "defensiv", shield_balanced: "ausgeglichen", shield_offensive: "offensiv",
    priceMax: "Preis höchstens", numbers: "Nr.", price: "{n} Stern(e)", noCards: "Keine Karte passt.",
    save: "Speichern", useInMatch: "In einem Spiel einsetzen", savedValid: "{name} ist gespeichert und hält die Budgetkarte ein.",
    savedInvalid: "{name} ist gespeichert, verstößt aber gegen die Regeln der Budgetkarte.",
  },
};

export const LANGUAGES = [["en", "English"], ["de", "Deutsch"]];

export function currentLanguage() {
  const chosen = localStorage.getItem("language");
  if (chosen && WORDS[chosen]) return chosen;
  return (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
}

export function setLanguage(lang) {
  localStorage.setItem("language", lang);
  document.documentElement.lang = lang;
}

export function t(key, params = {}) {
  const table = WORDS[currentLanguage()];
  let text = table[key] ?? WORDS.en[key] ?? key;
  for (const [name, value] of Object.entries(params)) text = text.replaceAll(`{${name}}`, value);
  return text;
}
