import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES } from '../../libs/config/src/settings.ts';
import { PLACEHOLDER, secretKeys } from './src/config.ts';
import { synthesize, SYNTH_COMMAND, toYaml } from './src/manifests.ts';
import { VARIANTS } from './src/variants.ts';
import { CONFIG_MAP, LAG_METRIC, OPS_PORT, SECRET } from './src/workload.ts';

const here = dirname(fileURLToPath(import.meta.url));
const synthesized = synthesize();

/** the value at a dotted path of a manifest (`spec.template.spec.containers.0.ports`) */
const dig = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), value);

describe.each(VARIANTS.map((v) => v.name))('deploy/k8s/%s', (variant) => {
  const files = synthesized.get(variant)!;
  const all = files.flatMap((f) => f.objects);
  const find = (kind: string, name: string) => all.find((o) => o.kind === kind && dig(o, 'metadata.name') === name);

  it(`is committed as synthesized (else: ${SYNTH_COMMAND})`, () => {
    const dir = join(here, variant);
    const committed = new Set(readdirSync(dir).filter((f) => !f.startsWith('.')));
    const differing = [
      ...files.filter((f) => !committed.has(f.file) || readFileSync(join(dir, f.file), 'utf8') !== toYaml(f)).map((f) => f.file),
      ...[...committed].filter((name) => !files.some((f) => f.file === name)).map((name) => `${name} (not synthesized)`),
    ];
    const verdict = differing.length ? `deploy/k8s/${variant}/ differs from deploy/k8s/src (${differing.join(', ')}): run \`${SYNTH_COMMAND}\` and commit the result` : 'up to date';
    expect(verdict).toBe('up to date');
  });

  it.each(['gateway', ...SERVICE_NAMES])('runs %s with a Deployment, both probes, requests and limits, an HPA and a PDB', (component) => {
    const name = `aeromatch-${component}`;
    const deployment = find('Deployment', name);
    expect(deployment).toBeDefined();
    const container = dig(deployment, 'spec.template.spec.containers.0');
    expect(dig(container, 'command')).toEqual(['node', component === 'gateway' ? 'gateway/dist/main.js' : `services/${component}/dist/main.js`]);
    expect(dig(container, 'ports')).toContainEqual({ name: 'ops', containerPort: OPS_PORT });
    expect(dig(container, 'readinessProbe.httpGet')).toEqual({ path: '/readyz', port: 'ops' });
    expect(dig(container, 'livenessProbe.httpGet')).toEqual({ path: '/livez', port: 'ops' });
    for (const side of ['requests', 'limits']) expect(Object.keys(dig(container, `resources.${side}`) as object).sort()).toEqual(['cpu', 'memory']);
    expect(dig(container, 'envFrom')).toEqual([{ configMapRef: { name: CONFIG_MAP } }, { secretRef: { name: SECRET } }]);

    const labels = dig(deployment, 'spec.template.metadata.labels');
    expect(dig(deployment, 'spec.selector.matchLabels')).toEqual(labels);
    expect(dig(find('Service', name), 'spec.selector')).toEqual(labels);
    expect(dig(find('PodDisruptionBudget', name), 'spec.selector.matchLabels')).toEqual(labels);

    const hpa = find('HorizontalPodAutoscaler', name);
    expect(dig(hpa, 'spec.scaleTargetRef')).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
    expect(dig(hpa, 'spec.metrics.0.resource.name')).toBe('cpu');
    // services consume events: they scale on their JetStream consumer lag too; gateways on CPU alone
    expect(dig(hpa, 'spec.metrics.1.external.metric')).toEqual(component === 'gateway' ? undefined : { name: LAG_METRIC, selector: { matchLabels: { service: component } } });
  });

  it('configures every process from the ConfigMap, with the ops port the probes use and TRUST_PROXY set', () => {
    const config = find('ConfigMap', CONFIG_MAP);
    expect(dig(config, 'data.METRICS_PORT')).toBe(String(OPS_PORT));
    expect(dig(config, 'data.TRUST_PROXY')).toMatch(/^[0-9a-f.:/,]+$/);
  });

  it('keeps only placeholders in the Secret template, in a file `kubectl apply -f <dir>` skips', () => {
    const file = files.find((f) => f.objects.some((o) => o.kind === 'Secret'))!;
    expect(file.file).toBe('secret.yaml.template');
    const data = dig(file.objects[0], 'stringData') as Record<string, string>;
    expect(Object.keys(data).sort()).toEqual(Object.keys(secretKeys).sort());
    expect(Object.values(data).filter((v) => !v.startsWith(PLACEHOLDER))).toEqual([]);
  });

  it('sends /ws to the gateways with cookie affinity (socket.io sticky sessions)', () => {
    const ws = all.find((o) => o.kind === 'Ingress' && dig(o, 'spec.rules.0.http.paths.0.path') === '/ws');
    expect(dig(ws, 'metadata.annotations')).toMatchObject({ 'nginx.ingress.kubernetes.io/affinity': 'cookie' });
    expect(dig(ws, 'spec.rules.0.http.paths.0.backend.service.name')).toBe('aeromatch-gateway');
  });
});
