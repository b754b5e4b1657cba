import { fold, looksAbusive, NUDGE_THRESHOLD, scoreAbuse, WORD_LISTS } from './abusive-language.js';

describe('abusive language (the nudge before a message is sent)', () => {
  it.each([
    'Fuck you',
    'You are a bitch',
    'b1tch',
    'kill yourself',
    'you idiot',
    'u r so stupid',
    'Eres una puta',
    'Vete a la mierda',
    'Hijo de PUTA',
    'eres un cabron',
    'Ferme ta gueule, connard',
    'Tu es une salope',
    'Du bist ein Arschloch',
    'Verpiss dich',
    'Scheisse, du Idiot',
    'halt die Fresse',
  ])('asks about %p', (text) => {
    expect(looksAbusive(text)).toBe(true);
  });

  it.each([
    'Hi! How was your flight to Denver?',
    'What a fucking great landing today',
    'I love Scunthorpe and the classic assassin movies',
    'My layover in Sussex was long',
    'Merde, j’ai raté mon vol',
    'El gato negro duerme en el avión',
    'Ich bin so dumm, ich habe meinen Ausweis vergessen',
    'Tu vuelo sale a las cinco',
    'Der Flug nach Köln war toll, danke dir',
    '',
  ])('lets %p through', (text) => {
    expect(looksAbusive(text)).toBe(false);
  });

  it('weighs an insult on its own, swearing only when it is addressed to the reader', () => {
    expect(scoreAbuse('bitch').score).toBe(NUDGE_THRESHOLD);
    expect(scoreAbuse('shit weather today').score).toBe(1);
    expect(scoreAbuse('shit, you are late').score).toBe(2);
    expect(scoreAbuse('Du bist dumm').terms).toEqual(['dumm']);
  });

  it('matches the other languages however accents and case are typed', () => {
    expect(fold('Cabrón SCHEIßE Enculé')).toBe('cabron scheisse encule');
    expect(scoreAbuse('CABRÓN').terms).toEqual(['cabron']);
    expect(scoreAbuse('cabron').terms).toEqual(['cabron']);
    expect(scoreAbuse('Miststück').terms).toEqual(['miststuck']);
  });

  it('has a list for every language of the app besides obscenity’s English', () => {
    expect(Object.keys(WORD_LISTS).sort()).toEqual(['de', 'en', 'es', 'fr']);
    for (const list of Object.values(WORD_LISTS)) expect(Object.keys(list).length).toBeGreaterThan(10);
  });
});
