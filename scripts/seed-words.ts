/**
 * The words `npm run seed` (scripts/seed.ts) builds its writers, prompts and pieces from: prompts,
 * names, aliases, title halves, sentences, and the syllables of the rare place names a search
 * benchmark looks for. Data only; the seed chooses among them inside the database.
 */

export const PROMPTS = [
  "Write about a door you have never opened.",
  "Describe the kitchen of your childhood, one object at a time.",
  "A letter to someone you will never send it to.",
  "The last time you were truly lost.",
  "What does the rain sound like where you are?",
  "Write about a promise you kept, or the one you did not.",
  "A stranger on a train tells you a secret.",
  "Describe a photograph that does not exist.",
  "The smell that takes you home.",
  "Write about your hands and what they have made.",
  "A map of a place you invented as a child.",
  "The first snow of the year.",
  "What the river remembers.",
  "An argument with the moon.",
  "Write about something you have been putting off.",
];
export const FIRST = ["Ada", "Ben", "Cora", "Dev", "Elena", "Farid", "Greta", "Hugo", "Iris", "Jonah", "Kemi", "Luca", "Maya", "Nils", "Oona", "Priya", "Quinn", "Rosa", "Sami", "Tove"];
export const LAST = ["Ahn", "Brooks", "Castillo", "Dimitrov", "Eze", "Fischer", "Garcia", "Haddad", "Ito", "Jensen", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quispe", "Rossi", "Silva", "Tanaka"];
export const ALIASES = ["Night Owl", "Paper Moth", "Ink Fox", "Quiet Heron", "Lamplighter", "Salt Wind", "Wren", "Old Pine", "Blue Hour", "Driftwood"];
export const TITLE_A = ["Small", "Quiet", "Borrowed", "Late", "Salt", "Paper", "Winter", "Half", "Blue", "Unsent", "Lighthouse", "Kitchen"];
export const TITLE_B = ["Hours", "Letters", "Harbour", "Rooms", "Maps", "Rain", "Doors", "Keeper", "Stones", "Weather", "Orchard", "Station"];
export const SENTENCES = [
  "The kettle sang in the next room and nobody moved to lift it.",
  "I remember the harbour lights, how they blinked like slow punctuation.",
  "My grandmother kept every button she ever found in a biscuit tin.",
  "There is a door at the end of the hall that nobody opens.",
  "The rain started before the sentence did, and outlasted it.",
  "We walked to the lighthouse keeper's house and knocked twice.",
  "Some mornings the words come easily; most mornings they do not.",
  "The orchard was full of wasps and fallen, split plums.",
  "I wrote her a letter in pencil so it could still be undone.",
  "The station clock had stopped at a quarter past four for years.",
  "Snow changes the sound of a street before it changes the colour.",
  "He said the river remembers every stone it has ever moved.",
  "I have been putting off this page for most of the afternoon.",
  "The map I drew as a child had a sea where our garden was.",
  "Her hands smelled of oranges and cold metal.",
  "Ten minutes is longer than it sounds, and shorter than it feels.",
  "The moon argued back, which I had not expected.",
  "A stranger on the train told me the ending of a book I had not read.",
  "The photograph shows a house that was never built.",
  "**Everything** in the kitchen was yellow, even the *silence*.",
  "I kept one promise that year, and it was the wrong one.",
  "The window fogged and I wrote my name in it backwards.",
  "Somewhere a radio was playing a song in a language I almost knew.",
  "The pine tree outside has outlived three families.",
  "I counted the steps to the sea: two hundred and twelve.",
  "My father fixed the clock with a hairpin and a prayer.",
  "The library smelled of dust, glue and other people's summers.",
  "We ate bread on the wall and watched the ferry leave without us.",
  "Blue hour is the only time the city tells the truth.",
  "I found the key years after I had stopped looking for the lock.",
  "Driftwood piled on the beach like the bones of sentences.",
  "The cat sat on the manuscript, which was the best review it got.",
];

/** Place names: 1,000 distinct rare words, each in one piece of 1,000 (a selective search). */
export const SYLLABLES: [string[], string[], string[]] = [
  ["mar", "tel", "or", "bel", "cas", "dun", "ev", "hal", "lin", "sor"],
  ["o", "a", "e", "i", "u", "ae", "ia", "io", "ea", "ou"],
  ["vel", "dor", "mund", "th", "rin", "sk", "lyn", "ford", "wick", "mere"],
];
