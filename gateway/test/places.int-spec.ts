import { Limits } from '@aero/contracts';
import { ApiClient, testEmail, verificationCode } from '@aero/testing';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/** GET /api/places through the real gateway: the bundled US gazetteer behind the location field. */
describe.each(GATEWAY_MODES)('place search over HTTP (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let base: string;
  let api: ApiClient;

  beforeAll(async () => {
    gw = await startTestGateway(mode);
    base = gw.base;
    api = new ApiClient(base);
    const email = testEmail('places');
    await api.post('/api/auth/signup', { email, password: 'secret-pass' });
    expect((await api.post('/api/auth/verify', { email, code: await verificationCode(base, email) })).status).toBe(200);
  });

  afterAll(() => gw?.close());

  it("finds 'Dallas, Texas' for 'dal': at most 10 US places, each with a state and coordinates", async () => {
    const res = await api.get('/api/places?q=dal');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(1);
    expect(res.body.length).toBeLessThanOrEqual(Limits.locationSearchFetch);
    expect(res.body[0]).toEqual({ label: 'Dallas, Texas', city: 'Dallas', state: 'Texas', latitude: '32.78', longitude: '-96.81', timeZone: 'America/Chicago' });
    for (const place of res.body as { label: string; city: string; state: string; latitude: string; longitude: string }[]) {
      expect(place.label).toBe(`${place.city}, ${place.state}`);
      expect(place.latitude).toMatch(/^-?\d+\.\d\d$/);
      expect(place.longitude).toMatch(/^-\d+\.\d\d$/); // west of Greenwich: the US
    }
  });

  it('trims the query and narrows "City, State"', async () => {
    const res = await api.get(`/api/places?q=${encodeURIComponent('  Springfield, Mass ')}`);
    expect(res.body.map((p: { label: string }) => p.label)).toEqual(['Springfield, Massachusetts']);
    expect((await api.get('/api/places?q=qqqzzz')).body).toEqual([]);
  });

  it("gives each place the time zone of its state's nearest airport (the clock a layover there is read on)", async () => {
    const zoneOf = async (q: string) => ((await api.get(`/api/places?q=${encodeURIComponent(q)}`)).body as { timeZone: string }[])[0]?.timeZone;
    expect(await zoneOf('Laughlin, Nevada')).toBe('America/Los_Angeles');
    expect(await zoneOf('Bullhead City, Arizona')).toBe('America/Phoenix');
    expect(await zoneOf('Denver, Colorado')).toBe('America/Denver');
  });

  it('refuses queries under 3 characters (after trimming) with 400, and anyone signed out with 401', async () => {
    for (const q of ['', 'da', '  da  ']) {
      const res = await api.get(`/api/places?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Type at least 3 characters');
    }
    expect((await api.get('/api/places')).status).toBe(400);
    expect((await new ApiClient(base).get('/api/places?q=dal')).status).toBe(401);
  });

  it('checks the airport search the same way: from 2 characters, at most 100, one q, with the same texts and codes', async () => {
    const refused = async (path: string) => {
      const res = await api.get(path);
      expect(res.status).toBe(400);
      return { message: res.body.message, code: res.body.code };
    };
    expect(await refused('/api/airports?q=%20d%20')).toEqual({ message: 'Type at least 2 characters', code: 'query_too_short' });
    for (const endpoint of ['/api/places', '/api/airports']) {
      expect(await refused(`${endpoint}?q=${'a'.repeat(101)}`)).toEqual({ message: 'Type at most 100 characters', code: 'query_too_long' });
      expect((await refused(`${endpoint}?q=den&q=ver`)).code).toBe('query_too_short');
    }
    expect((await api.get(`/api/airports?q=${encodeURIComponent(' den ')}`)).body[0]).toMatchObject({ code: 'DEN' });
  });
});
