import {
  DataSet,
  englishDataset,
  englishRecommendedTransformers,
  parseRawPattern,
  RegExpMatcher,
  resolveConfusablesTransformer,
  resolveLeetSpeakTransformer,
  toAsciiLowerCaseTransformer,
} from 'obscenity';

// Whether a chat message looks abusive, scored on the server (one place, with its unit tests).
// English comes from obscenity's maintained list (with its handling of leet speak, look-alike
// letters and false friends such as 'Scunthorpe' or 'assassin'); Spanish, French and German, the
// app's other languages, from the short lists below. Each word found weighs 2 when it insults on
// its own (slurs, insults, threats) and 1 otherwise (swearing, sexual words); a message addressed
// to the reader ('you', 'tu', 'du'…) with any of them gains 1. From NUDGE_THRESHOLD on, the sender
// is asked 'Are you sure?' before it is sent.

export const NUDGE_THRESHOLD = 2;

type Weight = 1 | 2;

/** obscenity's English words that insult on their own; its other words (swearing, sexual terms) weigh 1 */
const ENGLISH_INSULTS = new Set([
  'abo', 'abeed', 'africoon', 'arabush', 'bastard', 'bitch', 'boonga', 'chingchong', 'chink', 'cuck', 'cunt', 'dyke',
  'fag', 'hooker', 'kike', 'nigger', 'prick', 'rape', 'retard', 'slut', 'spastic', 'tranny', 'twat', 'whore',
]);
/** obscenity's English words that are ordinary words in the app's other languages ('negro' is Spanish for black) */
const ENGLISH_FALSE_FRIENDS = new Set(['negro']);

/** words and phrases obscenity does not cover: English insults and threats, and the other UI languages */
export const WORD_LISTS: Record<'en' | 'es' | 'fr' | 'de', Record<string, Weight>> = {
  en: { 'kill yourself': 2, kys: 2, 'go die': 2, worthless: 2, idiot: 1, moron: 1, stupid: 1, loser: 1, ugly: 1, dumb: 1, 'shut up': 1, pathetic: 1, freak: 1 },
  es: {
    puta: 2, puto: 2, 'hijo de puta': 2, 'hija de puta': 2, pendejo: 2, pendeja: 2, cabrón: 2, cabrona: 2, gilipollas: 2, zorra: 2, maricón: 2, marica: 2,
    perra: 2, malparido: 2, culero: 2, 'vete a la mierda': 2, 'chinga tu madre': 2, jódete: 2, muérete: 2,
    imbécil: 1, idiota: 1, estúpido: 1, estúpida: 1, mierda: 1, coño: 1, feo: 1, fea: 1, tonto: 1, tonta: 1,
  },
  fr: {
    connard: 2, connasse: 2, salope: 2, pute: 2, 'fils de pute': 2, enculé: 2, 'ta gueule': 2, 'nique ta mère': 2, 'va te faire foutre': 2,
    pétasse: 2, pouffiasse: 2, bâtard: 2, pd: 2, tapette: 2, crève: 2,
    abruti: 1, débile: 1, crétin: 1, idiot: 1, merde: 1, putain: 1, moche: 1, dégage: 1,
  },
  de: {
    arschloch: 2, fotze: 2, hure: 2, schlampe: 2, wichser: 2, hurensohn: 2, missgeburt: 2, 'fick dich': 2, 'verpiss dich': 2, spast: 2, schwuchtel: 2,
    miststück: 2, drecksau: 2, vollidiot: 2, 'halt die fresse': 2, "halt's maul": 2, stirb: 2,
    idiot: 1, scheiße: 1, blöd: 1, hässlich: 1, dumm: 1,
  },
};

/** lower case without accents (ß as ss): the other languages' words match however they are typed */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').replace(/[’']/g, "'").toLowerCase();

/** 'you' in the four languages, as `fold` leaves it */
const SECOND_PERSON = /(?:^|[^\p{L}])(?:you|your|youre|yourself|u|ur|tu|te|ti|eres|usted|vos|toi|vous|ton|ta|tes|du|dich|dir|dein|deine|bist)(?=$|[^\p{L}])/u;

const english = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

const others = new DataSet<{ word: string; weight: Weight }>();
for (const list of Object.values(WORD_LISTS)) {
  for (const [word, weight] of Object.entries(list)) {
    const folded = fold(word).replace(/[\\[\]()?|]/g, '');
    others.addPhrase((phrase) => phrase.setMetadata({ word: folded, weight }).addPattern(parseRawPattern(`|${folded}|`)));
  }
}
const othersMatcher = new RegExpMatcher({ ...others.build(), blacklistMatcherTransformers: [resolveConfusablesTransformer(), resolveLeetSpeakTransformer(), toAsciiLowerCaseTransformer()] });

export interface AbuseScore {
  score: number;
  /** the words found (for tests and logs) */
  terms: string[];
}

export function scoreAbuse(text: string): AbuseScore {
  const found = new Map<string, Weight>();
  for (const match of english.getAllMatches(text)) {
    const word = englishDataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord;
    if (word && !ENGLISH_FALSE_FRIENDS.has(word)) found.set(word, ENGLISH_INSULTS.has(word) ? 2 : 1);
  }
  const folded = fold(text);
  for (const match of othersMatcher.getAllMatches(folded)) {
    const meta = others.getPayloadWithPhraseMetadata(match).phraseMetadata;
    if (meta) found.set(meta.word, Math.max(found.get(meta.word) ?? 0, meta.weight) as Weight);
  }
  if (!found.size) return { score: 0, terms: [] };
  const weights = [...found.values()].reduce((sum, w) => sum + w, 0);
  return { score: weights + (SECOND_PERSON.test(folded) ? 1 : 0), terms: [...found.keys()] };
}

/** a message to ask 'Are you sure?' about before sending it */
export const looksAbusive = (text: string) => scoreAbuse(text).score >= NUDGE_THRESHOLD;
