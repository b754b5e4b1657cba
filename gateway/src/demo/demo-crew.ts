import { AIRLINES, POSITIONS } from '@aero/contracts';
import { createHash } from 'node:crypto';

/** One demo crew member (single-node demo data): the account, the profile, the portrait seed. */
export interface DemoMember {
  id: string;
  email: string;
  userType: 'airline' | 'general';
  profile: {
    firstName: string;
    age: number;
    bio: string;
    location: string;
    latitude: string;
    longitude: string;
    gender: 'male' | 'female';
    interestedIn: 'man' | 'woman' | 'both';
    airline: string | null;
    position: string | null;
    baseAirport: string | null;
    languagesSpoken: string[];
    lookingFor: string;
  };
  /** a layover (beyond spec) from shortly before start-up, for this many nights: the member is verified crew */
  layover?: { airport: string; nights: number };
}

const WOMEN = ['Maya', 'Sofia', 'Olivia', 'Emma', 'Ava', 'Isabella', 'Mia', 'Amelia', 'Harper', 'Evelyn', 'Abigail', 'Ella', 'Scarlett', 'Grace', 'Chloe', 'Camila', 'Aria', 'Luna', 'Zoe', 'Nora', 'Hannah', 'Lily', 'Layla', 'Riley', 'Aaliyah', 'Naomi', 'Priya', 'Keiko', 'Leilani', 'Valentina'];
const MEN = ['Liam', 'Noah', 'Oliver', 'Elijah', 'James', 'William', 'Lucas', 'Henry', 'Theo', 'Mateo', 'Jack', 'Daniel', 'Owen', 'Samuel', 'Leo', 'Ethan', 'Gabriel', 'Julian', 'Isaac', 'Miles', 'Andre', 'Marcus', 'Diego', 'Kenji', 'Rahul', 'Malik', 'Connor', 'Luca', 'Kai', 'Ezra'];

/** crew bases and their cities, with real coordinates and the airport crew based there fly from */
const BASES: [string, number, number, string][] = [
  ['Dallas, Texas', 32.7767, -96.797, 'DFW'],
  ['Atlanta, Georgia', 33.749, -84.388, 'ATL'],
  ['Chicago, Illinois', 41.8781, -87.6298, 'ORD'],
  ['Denver, Colorado', 39.7392, -104.9903, 'DEN'],
  ['Los Angeles, California', 34.0522, -118.2437, 'LAX'],
  ['New York, New York', 40.7128, -74.006, 'JFK'],
  ['Seattle, Washington', 47.6062, -122.3321, 'SEA'],
  ['Houston, Texas', 29.7604, -95.3698, 'IAH'],
  ['Phoenix, Arizona', 33.4484, -112.074, 'PHX'],
  ['Miami, Florida', 25.7617, -80.1918, 'MIA'],
  ['Charlotte, North Carolina', 35.2271, -80.8431, 'CLT'],
  ['Minneapolis, Minnesota', 44.9778, -93.265, 'MSP'],
  ['Boston, Massachusetts', 42.3601, -71.0589, 'BOS'],
  ['San Francisco, California', 37.7749, -122.4194, 'SFO'],
  ['Las Vegas, Nevada', 36.1699, -115.1398, 'LAS'],
  ['Orlando, Florida', 28.5383, -81.3792, 'MCO'],
  ['Salt Lake City, Utah', 40.7608, -111.891, 'SLC'],
  ['Fort Worth, Texas', 32.7555, -97.3308, 'DFW'],
];

/** demo members on a layover (verified crew, a woman and a man in each city, based elsewhere): new crew find someone in Chicago, Denver and New York */
const LAYOVERS: Record<number, { airport: string; nights: number }> = {
  0: { airport: 'ORD', nights: 2 },
  1: { airport: 'ORD', nights: 1 },
  4: { airport: 'DEN', nights: 3 },
  9: { airport: 'DEN', nights: 2 },
  6: { airport: 'JFK', nights: 1 },
  7: { airport: 'JFK', nights: 2 },
};

const BIOS = [
  'Red-eyes, good coffee and a window seat on my days off.',
  'Collecting sunsets from 38,000 feet. Ask me about my favourite layover city.',
  'Always packed, never late. Looking for someone to explore the next city with.',
  'Hiking on my days off, cooking on the nights in between trips.',
  'Aviation nerd since my first flight at six. Still love a good plane-spotting afternoon.',
  'Commuter life, but I make the most of every layover. Tacos are my love language.',
  'Weekend runner, weekday flyer. Tell me your best airport food.',
  'Dog person, early bird, terrible at sleeping on planes.',
];

/** the general members (subscribers, not airline staff) say so: no bio of theirs reads as crew life */
export const GENERAL_BIOS = [
  'Not crew, just a frequent flyer who always picks the window seat.',
  'Software by day, plane spotting at the airport fence on weekends.',
  'I teach high school and spend every summer flying somewhere new.',
  'Nurse with a passport full of stamps. Looking for my favourite travel partner.',
  'Private pilot licence in progress, grounded by a desk job for now.',
  'Foodie and traveller: tell me the best thing you ate on a trip.',
];

const LOOKING_FOR = ['long_term', 'short_term', 'friends', 'marriage'];

/** a stable version-4-shaped UUID for a seed (the same on every run) */
export function stableUuid(seed: string): string {
  const b = createHash('sha256').update(seed).digest();
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** the id of demo member `n` (the same on every run) */
export const demoId = (n: number) => stableUuid(`aeromatch-demo-crew:${n}`);

/**
 * About sixty aviation profiles: both genders (most interested in the other, some in both),
 * ages 21 to 60, every airline and position, two thirds airline staff and one third paying
 * general members, spread over real US crew bases (staff with their base airport); a few of the
 * crew are on a layover in Chicago, Denver or New York.
 */
export function demoCrew(): DemoMember[] {
  const members: DemoMember[] = [];
  const names = WOMEN.map((n) => [n, 'female'] as const).flatMap((w, i) => [w, [MEN[i], 'male'] as const]);
  names.forEach(([firstName, gender], n) => {
    const [location, lat, lng, airport] = BASES[n % BASES.length];
    const airlineStaff = n % 3 !== 2;
    // a little spread around the city centre, so distances differ
    const jitter = ((n * 37) % 11) / 100 - 0.05;
    members.push({
      id: demoId(n),
      email: `${firstName.toLowerCase()}.${n}@demo.aeromatch.local`,
      userType: airlineStaff ? 'airline' : 'general',
      profile: {
        firstName,
        age: 21 + ((n * 7) % 40),
        bio: airlineStaff ? BIOS[n % BIOS.length] : GENERAL_BIOS[Math.floor(n / 3) % GENERAL_BIOS.length],
        location,
        latitude: (lat + jitter).toFixed(4),
        longitude: (lng - jitter).toFixed(4),
        gender,
        interestedIn: n % 5 === 4 ? 'both' : gender === 'female' ? 'man' : 'woman',
        airline: airlineStaff ? AIRLINES[n % AIRLINES.length] : null,
        position: airlineStaff ? POSITIONS[(n >> 1) % POSITIONS.length] : null,
        baseAirport: airlineStaff ? airport : null,
        languagesSpoken: n % 4 === 0 ? ['English', 'Spanish'] : ['English'],
        lookingFor: LOOKING_FOR[n % LOOKING_FOR.length],
      },
      ...(LAYOVERS[n] && { layover: LAYOVERS[n] }),
    });
  });
  return members;
}
