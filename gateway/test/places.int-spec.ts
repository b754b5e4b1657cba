import { loadSettings } from '@aero/config';
import { Limits } from '@aero/contracts';
import { ApiClient, createTestDatabase, freePort, type TestDatabase, testEmail, verificationCode } from '@aero/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningGateway, startGateway } from '../src/bootstrap.js';

/** GET /api/places through the real gateway: the bundled US gazetteer behind the location field. */
describe('place search over HTTP', () => {
  let db: TestDatabase;
  let gateway: RunningGateway;
  let base: string;
  let dataDir: string;
  let api: ApiClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'aero-int-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    gateway = await startGateway(loadSettings({ PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: db.url, LOG_LEVEL: 'error' }));
    api = new ApiClient(base);
    const email = testEmail('places');
    await api.post('/api/auth/signup', { email, password: 'secret-pass' });
    expect((await api.post('/api/auth/verify', { email, code: await verificationCode(base, email) })).status).toBe(200);
  });

  afterAll(async () => {
    await gateway?.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("finds 'Dallas, Texas' for 'dal': at most 10 US places, each with a state and coordinates", async () => {
    const res = await api.get('/api/places?q=dal');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(1);
    expect(res.body.length).toBeLessThanOrEqual(Limits.locationSearchFetch);
    expect(res.body[0]).toEqual({ label: 'Dallas, Texas', city: 'Dallas', state: 'Texas', latitude: '32.78', longitude: '-96.81' });
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

  it('refuses queries under 3 characters (after trimming) with 400, and anyone signed out with 401', async () => {
    for (const q of ['', 'da', '  da  ']) {
      const res = await api.get(`/api/places?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Type at least 3 characters');
    }
    expect((await api.get('/api/places')).status).toBe(400);
    expect((await new ApiClient(base).get('/api/places?q=dal')).status).toBe(401);
  });
});
