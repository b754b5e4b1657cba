import { SERVICE_NAMES } from '@aero/config';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadServices } from './services.js';

const root = join(import.meta.dirname, '../..');

/** The catalogue of services (SERVICE_NAMES) is the one list: everything else follows it or is checked against it. */
describe('the service catalogue', () => {
  it('names every service folder, and each folder is a service by that name', async () => {
    const folders = readdirSync(join(root, 'services'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect([...folders].sort()).toEqual([...SERVICE_NAMES].sort());
    expect((await loadServices()).map((s) => s.name)).toEqual([...SERVICE_NAMES]);
  });

  it('refuses a workspace that does not export its definition under its name', async () => {
    await expect(loadServices(['no-such' as never])).rejects.toThrow();
  });

  it('runs each service as its own container in docker-compose.yml', () => {
    const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
    const containers = [...compose.matchAll(/command: \["node", "services\/([a-z-]+)\/dist\/main\.js"\]/g)].map((m) => m[1]);
    expect(containers.sort()).toEqual([...SERVICE_NAMES].sort());
  });
});
