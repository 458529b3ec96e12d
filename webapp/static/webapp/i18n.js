// The app's own words in English and German. Sentences about the game (hints, refusals)
// come from the API in the language asked for with Accept-Language.
export const WORDS = {
  en: {
    appName: "Companion",
    signIn: "Sign in", signOut: "Sign out", register: "Create an account",
    username: "Username", password: "Password",
    signInFailed: "Sign in failed", registerFailed: "The account could not be created",
    newMatchFailed: "The match could not be opened", tryAgain: "Something went wrong: try again.",
    userNotFound: "There is no manager called “{name}” (side {n}).", sideNameMissing: "Side {n} needs a name.",
    sideProblem: "Side {n}: {message}",
    waitMinutes: { one: "Too many tries: wait 1 minute, then try again.", other: "Too many tries: wait {n} minutes, then try again." },
    home: "Home", newMatch: "New match", history: "History", stats: "Stats", teams: "Teams",
    language: "Language", myMatches: "My running matches", noMatches: "No matches yet.",
    game: "Game", sides: "Sides", side: "Side", me: "me", addSide: "Add a player",
    removeSide: "Remove a player", games: "Games to play", start: "Start the match",
    sideName: "Name of side {n}", team: "Team", noTeam: "Reference line-up",
    away_side: "Away", player_n: "Player {n}",
    team_Blue: "Blue", team_Red: "Red",
    whoseTurn: "{name} to act", bothSides: "Both managers",
    undo: "Undo", redo: "Redo", back: "Back", picture: "The match so far",
    tapPicture: "Tap on the picture, or choose below.",
    refused: "Not allowed", finished: "The match is over.", score: "Score",
    lastMove: "Last move: {move}",
    offline: "Offline",
    pending: { one: "1 move not yet stored on the server", other: "{n} moves not yet stored on the server" },
    pendingNone: "Every move is stored.",
    unchecked: "Not checked yet: the referee checks these moves when the phone is back online.",
    refStoring: "Checked on this phone; being stored on the server…",
    refOffline: "Checked on this phone; stored on the server when the network is back.",
    refRolledBack: "The server did not store your move: {message} This is the match as the server holds it.",
    refOverruled: "The server's referee saw your move differently; this is the match as the server holds it.",
    refHiddenKeepers: "Not checked on this phone: the other side's keepers are hidden from it. The server decides when the network is back.",
    sendNow: "Send now",
    conflictTheirs: { one: "Another phone logged 1 move meanwhile.", other: "Another phone logged {n} moves meanwhile." },
    conflictMine: { one: "Your move is kept here.", other: "Your {n} moves are kept here." },
    conflictAppend: "Add mine after theirs", discardMine: "Discard mine",
    batchRefused: "Move {i} of the queue was refused: {message}",
    dropFrom: "Drop move {i} and the ones after it",
    export: "Export the match file",
    filters: "Filters", opponent: "Opponent", result: "Result", from: "From", to: "To",
    any: "any", win: "won", draw: "draw", loss: "lost", apply: "Show",
    stepThrough: "Replay", moveN: "after move {n} of {total}", open: "Open",
    first: "Start", prev: "Previous", next: "Next", last: "End",
    running: "running", finishedStatus: "finished", abandoned: "abandoned",
    // Hat-Trick (the English rulebook's words)
    cardsOf: "Card of {name}", move: "Move a player", skip: "Move nobody", forward: "forward",
    backward: "backward", player: "No. {n}", receiver: "Pass to no. {n}",
    sideways: "Sideways pass", longBall: { one: "Long ball over 1 line", other: "Long ball over {n} lines" },
    refuse: "Decline", scoring: "Scoring opportunity", noScoring: "No scoring opportunity",
    shoot: "Shoot", shootingCard: "Shooting card", goalkeeperCard: "Goalkeeper card",
    keeperDraw: "Cards drawn by the goalkeeper", confirm: "Confirm", kickOff: "{name} kicks off",
    choose: "Choose no. {n}", goalKick: "Goalkeeper's kick card", counter: "Counter-attack ({name})",
    edge_left: "left edge", edge_right: "right edge",
    htShootingCard: "Shooting card {kind} +{modifier} ({corner})", htShootingCardPlain: "Shooting card {kind} +{modifier}", htKeeperCard: "Goalkeeper {dive}",
    htStarKeeperCard: "Top goalkeeper {dive}", htShot: "Shot: {shooting} against {keeper}",
    htShotTopCard: "{shot}, top card {card}", htKeeperDrew: "The goalkeeper draws {cards}", htTopCard: "The top action card turned up",
    htKeeperDrewNone: "The goalkeeper draws no card", htGoalKick: "Goal kick with {card}", htProtest: "The captain protests: {card} turned up",
    aim_left: "left", aim_centre: "centre", aim_right: "right",
    dive_left: "dives left", dive_centre: "stays in the centre", dive_right: "dives right",
    diagonal_forward: "diagonally forward", other_wing: "to the other wing",
    htAbility: "No. {n} uses his ability", htStyle: "Play the {card} style card", htSubstitute: "Substitute no. {n} (bench card {k})", htSubstituted: "Substitution for no. {n}",
    style_tactical: "tactical", style_technical: "technical", style_physical: "physical", style_total: "total",
    kind_short_pass: "Short pass", kind_long_ball: "Long ball", kind_dribbling: "Dribbling",
    footballs: { one: "1 football", other: "{n} footballs" },
    // Hattrick (Amigo)
    deal: "Deal the cards (hands stay secret)", dealt: "The cards are dealt", dealKnown: "Shuffle and deal in the app",
    playCard: "Play", passCard: "Pass", trick: "Trick {n}", newTrick: "opens trick {n}",
    colour_red: "red", colour_blue: "blue", colour_green: "green",
    // TriXKick (the English rulebook's words)
    symbol_K: "head", symbol_L: "left foot", symbol_R: "right foot",
    tkPlace: "Set up {piece}", tkWhere: "Where does {piece} go?", tkTo: "to {field}",
    tkRun: "Run with {piece}", tkPlay: "{piece} plays the ball ({symbol})", tkPlayWhere: "Where does the ball go?",
    tkDoublePass: "Double pass: {piece} ({symbol}) with {partner} ({back})",
    tkShoot: "{piece} shoots ({symbol})", tkShootWhere: "Which corner?",
    corner_left: "left", corner_middle: "middle", corner_right: "right",
    tkCastle: "Castle {piece}", tkCastleWith: "Castle {piece} with {other}",
    tkSubOut: "Substitute {piece}", tkSubIn: "bring on {piece}",
    tkKeepers: "Keepers", tkKeepersHidden: "Keepers set up face down",
    tkCard: "Yellow card for {piece}", tkCorner_left: "Corner kick from the left", tkCorner_right: "Corner kick from the right",
    tkPlaceAny: "Set up a piece", tkRunAny: "Run with a piece", tkPlayAny: "Play the ball", tkShootAny: "Shoot",
    tkRebound: "Rebound to {field}", tkEnd: "End the move", tkPass: "Pass (no move)", tkWhistle: "Whistle the foul",
    // stats
    played: "Played", won: "Won", drawn: "Drawn", lost: "Lost", winRate: "Win rate", rating: "Rating",
    best: "best", streak: "Streak", rival: "Rival", nemesis: "Nemesis", ratingChart: "Rating over time",
    noStats: "Nothing counted yet.", leaderboard: "Leaderboard", teamCards: "Team cards",
    teamCardOf: "Team card of {name}",
    invitations: "Invitations", invitedBy: "{name} invites you to play side {side}", accept: "Accept",
    decline: "Decline", inviteManager: "Invite a manager (username, optional)",
    playWith: "Play with", noTeamKeepName: "No team of mine (side “{name}”)", buildOffer: "{name} (budget build)",
    yourSideName: "Your side's name",
    // building a team
    noEdition: "No Hat-Trick edition is loaded on this server.", myTeam: "My team",
    buildTitle: "Build a team", teamName: "Team name", budgetCard: "Budget card",
    orientation: "Orientation", budgetClass: "Class", cardColour: "Card colour",
    orientation_defensive: "defensive", orientation_balanced: "balanced", orientation_offensive: "offensive",
    pool_defensive: "Defensive stars", pool_offensive: "Offensive stars",
    starsLeft: "{n} of {budget} left", starsOver: { one: "1 star over the {budget}", other: "{n} stars over the {budget}" }, slotN: "No. {n}", pickCard: "Pick a card", gold: "Gold",
    shield: "Shield", shield_defensive: "defensive", shield_balanced: "balanced", shield_offensive: "offensive",
    priceMax: "Price at most", numbers: "No.", price: { one: "1 star", other: "{n} stars" }, noCards: "No card fits.",
    save: "Save", useInMatch: "Use in a match", savedValid: "{name} is saved and keeps to the budget card.",
    savedInvalid: "{name} is saved, but it breaks the budget card's rules.",
    "game_hat-trick": "Hat-Trick", "game_amigo-hattrick": "Hattrick (Amigo)", game_trixkick: "TriXKick",
  },
  de: {
    appName: "Companion",
    signIn: "Anmelden", signOut: "Abmelden", register: "Konto anlegen",
    username: "Benutzername", password: "Passwort",
    signInFailed: "Anmeldung fehlgeschlagen", registerFailed: "Das Konto konnte nicht angelegt werden",
    newMatchFailed: "Das Spiel konnte nicht eröffnet werden", tryAgain: "Etwas ist schiefgegangen: versuche es noch einmal.",
    userNotFound: "Es gibt keinen Trainer namens „{name}“ (Seite {n}).", sideNameMissing: "Seite {n} braucht einen Namen.",
    sideProblem: "Seite {n}: {message}",
    waitMinutes: { one: "Zu viele Versuche: warte 1 Minute und versuche es dann noch einmal.", other: "Zu viele Versuche: warte {n} Minuten und versuche es dann noch einmal." },
    home: "Start", newMatch: "Neues Spiel", history: "Verlauf", stats: "Statistik", teams: "Teams",
    language: "Sprache", myMatches: "Meine laufenden Spiele", noMatches: "Noch keine Spiele.",
    game: "Spiel", sides: "Seiten", side: "Seite", me: "ich", addSide: "Spieler hinzufügen",
    removeSide: "Spieler entfernen", games: "Zu spielende Spiele", start: "Spiel beginnen",
    sideName: "Name der Seite {n}", team: "Team", noTeam: "Standardaufstellung",
    away_side: "Gast", player_n: "Spieler {n}",
    team_Blue: "Blau", team_Red: "Rot",
    whoseTurn: "{name} ist am Zug", bothSides: "Beide Trainer",
    undo: "Rückgängig", redo: "Wiederholen", back: "Zurück", picture: "Das Spiel bisher",
    tapPicture: "Tippe auf das Bild oder wähle unten.",
    refused: "Nicht erlaubt", finished: "Das Spiel ist aus.", score: "Stand",
    lastMove: "Letzter Zug: {move}",
    offline: "Offline",
    pending: { one: "1 Zug noch nicht auf dem Server gespeichert", other: "{n} Züge noch nicht auf dem Server gespeichert" },
    pendingNone: "Alle Züge sind gespeichert.",
    unchecked: "Noch nicht geprüft: der Schiedsrichter prüft diese Züge, sobald das Telefon wieder online ist.",
    refStoring: "Auf diesem Telefon geprüft; wird auf dem Server gespeichert …",
    refOffline: "Auf diesem Telefon geprüft; wird auf dem Server gespeichert, sobald das Netz zurück ist.",
    refRolledBack: "Der Server hat deinen Zug nicht gespeichert: {message} So steht das Spiel auf dem Server.",
    refOverruled: "Der Schiedsrichter des Servers hat deinen Zug anders gewertet; so steht das Spiel auf dem Server.",
    refHiddenKeepers: "Auf diesem Telefon nicht geprüft: die Torhüter der anderen Seite sind ihm verborgen. Der Server entscheidet, sobald das Netz zurück ist.",
    sendNow: "Jetzt senden",
    conflictTheirs: { one: "Ein anderes Telefon hat inzwischen 1 Zug eingetragen.", other: "Ein anderes Telefon hat inzwischen {n} Züge eingetragen." },
    conflictMine: { one: "Dein Zug bleibt hier.", other: "Deine {n} Züge bleiben hier." },
    conflictAppend: "Meine danach anhängen", discardMine: "Meine verwerfen",
    batchRefused: "Zug {i} der Warteschlange wurde abgelehnt: {message}",
    dropFrom: "Zug {i} und die folgenden verwerfen",
    export: "Spieldatei exportieren",
    filters: "Filter", opponent: "Gegner", result: "Ergebnis", from: "Von", to: "Bis",
    any: "alle", win: "gewonnen", draw: "unentschieden", loss: "verloren", apply: "Anzeigen",
    stepThrough: "Nachspielen", moveN: "nach Zug {n} von {total}", open: "Öffnen",
    first: "Anfang", prev: "Zurück", next: "Weiter", last: "Ende",
    running: "läuft", finishedStatus: "beendet", abandoned: "abgebrochen",
    // Hat-Trick (die Wörter des deutschen Regelhefts)
    cardsOf: "Karte von {name}", move: "Spieler ziehen", skip: "Niemanden ziehen", forward: "vorwärts",
    backward: "rückwärts", player: "Nr. {n}", receiver: "Pass zu Nr. {n}",
    sideways: "Querpass", longBall: { one: "Langer Pass über 1 Reihe", other: "Langer Pass über {n} Reihen" },
    refuse: "Verzichten", scoring: "Torchance", noScoring: "Keine Torchance",
    shoot: "Schießen", shootingCard: "Torschusskarte", goalkeeperCard: "Torhüterkarte",
    keeperDraw: "Vom Torhüter gezogene Karten", confirm: "Bestätigen", kickOff: "{name} hat Anstoß",
    choose: "Nr. {n} wählen", goalKick: "Karte für den Abschlag", counter: "Konter ({name})",
    edge_left: "linke Seite", edge_right: "rechte Seite",
    htShootingCard: "Torschusskarte {kind} +{modifier} ({corner})", htShootingCardPlain: "Torschusskarte {kind} +{modifier}", htKeeperCard: "Torhüter {dive}",
    htStarKeeperCard: "Toptorhüter {dive}", htShot: "Torschuss: {shooting} gegen {keeper}",
    htShotTopCard: "{shot}, oberste Karte {card}", htKeeperDrew: "Der Torhüter zieht {cards}", htTopCard: "Die oberste Aktionskarte, aufgedeckt",
    htKeeperDrewNone: "Der Torhüter zieht keine Karte", htGoalKick: "Abschlag mit {card}", htProtest: "Der Kapitän protestiert: {card} aufgedeckt",
    aim_left: "links", aim_centre: "Mitte", aim_right: "rechts",
    dive_left: "springt nach links", dive_centre: "bleibt in der Mitte", dive_right: "springt nach rechts",
    diagonal_forward: "schräg vorwärts", other_wing: "auf den anderen Flügel",
    htAbility: "Nr. {n} setzt seine Fähigkeit ein", htStyle: "Stilkarte {card} spielen", htSubstitute: "Nr. {n} auswechseln (Bankkarte {k})", htSubstituted: "Auswechslung für Nr. {n}",
    style_tactical: "Taktisch", style_technical: "Technisch", style_physical: "Körperlich", style_total: "Total",
    kind_short_pass: "Kurzer Pass", kind_long_ball: "Langer Pass", kind_dribbling: "Dribbling",
    footballs: { one: "1 Fußball", other: "{n} Fußbälle" },
    // Hattrick (Amigo)
    deal: "Karten geben (die Hände bleiben geheim)", dealt: "Die Karten sind gegeben", dealKnown: "In der App mischen und geben",
    playCard: "Spielen", passCard: "Passen", trick: "Stich {n}", newTrick: "eröffnet Stich {n}",
    colour_red: "Rot", colour_blue: "Blau", colour_green: "Grün",
    // TriXKick (die Wörter des deutschen Regelhefts)
    symbol_K: "Kopf", symbol_L: "linker Fuß", symbol_R: "rechter Fuß",
    tkPlace: "{piece} aufstellen", tkWhere: "Wohin kommt {piece}?", tkTo: "nach {field}",
    tkRun: "Mit {piece} laufen", tkPlay: "{piece} spielt den Ball ({symbol})", tkPlayWhere: "Wohin geht der Ball?",
    tkDoublePass: "Doppelpass: {piece} ({symbol}) mit {partner} ({back})",
    tkShoot: "{piece} schießt ({symbol})", tkShootWhere: "Welche Ecke?",
    corner_left: "links", corner_middle: "Mitte", corner_right: "rechts",
    tkCastle: "Rochade mit {piece}", tkCastleWith: "Rochade: {piece} mit {other}",
    tkSubOut: "{piece} auswechseln", tkSubIn: "{piece} einwechseln",
    tkKeepers: "Torwarte", tkKeepersHidden: "Torwarte verdeckt aufgestellt",
    tkCard: "Gelbe Karte für {piece}", tkCorner_left: "Eckstoß von links", tkCorner_right: "Eckstoß von rechts",
    tkPlaceAny: "Einen Spieler aufstellen", tkRunAny: "Mit einem Spieler laufen", tkPlayAny: "Den Ball spielen", tkShootAny: "Schießen",
    tkRebound: "Abpraller nach {field}", tkEnd: "Zug beenden", tkPass: "Passen (kein Zug)", tkWhistle: "Foul pfeifen",
    // Statistik
    played: "Spiele", won: "Siege", drawn: "Remis", lost: "Niederlagen", winRate: "Siegquote", rating: "Wertung",
    best: "beste", streak: "Serie", rival: "Rivale", nemesis: "Angstgegner", ratingChart: "Wertung im Verlauf",
    noStats: "Noch nichts gezählt.", leaderboard: "Rangliste", teamCards: "Teamkarten",
    teamCardOf: "Teamkarte von {name}",
    invitations: "Einladungen", invitedBy: "{name} lädt dich ein, Seite {side} zu spielen", accept: "Annehmen",
    decline: "Ablehnen", inviteManager: "Trainer einladen (Benutzername, freiwillig)",
    playWith: "Spielen mit", noTeamKeepName: "Ohne eigenes Team (Seite „{name}“)", buildOffer: "{name} (Budgetkader)",
    yourSideName: "Name deiner Seite",
    // Team aufstellen
    noEdition: "Auf diesem Server ist keine Hat-Trick-Edition geladen.", myTeam: "Mein Team",
    buildTitle: "Team aufstellen", teamName: "Teamname", budgetCard: "Budgetkarte",
    orientation: "Ausrichtung", budgetClass: "Klasse", cardColour: "Kartenfarbe",
    orientation_defensive: "defensiv", orientation_balanced: "ausgeglichen", orientation_offensive: "offensiv",
    pool_defensive: "Defensive Sterne", pool_offensive: "Offensive Sterne",
    starsLeft: "{n} von {budget} übrig", starsOver: { one: "1 Stern über den {budget}", other: "{n} Sterne über den {budget}" }, slotN: "Nr. {n}", pickCard: "Karte wählen", gold: "Gold",
    shield: "Schild", shield_defensive: "defensiv", shield_balanced: "ausgeglichen", shield_offensive: "offensiv",
    priceMax: "Preis höchstens", numbers: "Nr.", price: { one: "1 Stern", other: "{n} Sterne" }, noCards: "Keine Karte passt.",
    save: "Speichern", useInMatch: "In einem Spiel einsetzen", savedValid: "{name} ist gespeichert und hält die Budgetkarte ein.",
    savedInvalid: "{name} ist gespeichert, verstößt aber gegen die Regeln der Budgetkarte.",
    "game_hat-trick": "Hat-Trick", "game_amigo-hattrick": "Hattrick (Amigo)", game_trixkick: "TriXKick",
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

// A word may have a singular and a plural form ({one, other}), chosen by the parameter n.
export function t(key, params = {}) {
  const table = WORDS[currentLanguage()];
  let text = table[key] ?? WORDS.en[key] ?? key;
  if (typeof text === "object") text = Number(params.n) === 1 ? text.one : text.other;
  for (const [name, value] of Object.entries(params)) text = text.replaceAll(`{${name}}`, value);
  return text;
}

// A side's name as the app shows it: its own, or the colour it goes by in the reader's words
// (a side without a name of its own is called Blue or Red by the API).
export function sideLabel(name) {
  return name === "Blue" || name === "Red" ? t(`team_${name}`) : name;
}

// Both languages' keys, for the test that they are the same.
export const KEYS = Object.fromEntries(Object.entries(WORDS).map(([lang, table]) => [lang, Object.keys(table).sort()]));
