import { Metrics } from '@aero/common';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The Grafana dashboard (and the autoscalers' recording rule) can use only metrics the code
 * registers: the names come from the Metrics class's registry (prom-client's defaults included),
 * not from a list kept by hand, so renaming a metric without the dashboard fails here.
 */
const here = dirname(fileURLToPath(import.meta.url));
const dashboard = JSON.parse(readFileSync(join(here, 'aeromatch.json'), 'utf8')) as Dashboard;

interface Panel {
  type: string;
  title: string;
  datasource?: { uid?: string };
  targets?: { expr: string }[];
  panels?: Panel[];
}
interface Dashboard {
  schemaVersion: number;
  panels: Panel[];
  templating: { list: { name: string; type: string; query: string | { query: string } }[] };
}

/** every series name a scrape of this registry can show: histograms as _bucket, _sum and _count */
async function registeredSeries(): Promise<Set<string>> {
  const metrics = new Metrics('dashboard-test');
  const names = new Set<string>();
  for (const { name, type: kind } of await metrics.registry.getMetricsAsJSON()) {
    const type = String(kind);
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/** the metric names a PromQL expression reads: identifiers outside label matchers, strings, ranges and groupings that are not functions */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ')
    .replace(/\b\d[\w.]*/g, ' '); // numbers and durations (0.95, 5m)
  return [...bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*(?!\s*\(|[a-zA-Z0-9_:])/g)].map((m) => m[0]).filter((name) => !KEYWORDS.has(name.toLowerCase()));
}

const panelsOf = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...panelsOf(p.panels ?? [])]);
const queries = [
  ...panelsOf(dashboard.panels).flatMap((p) => (p.targets ?? []).map((t) => ({ where: p.title, expr: t.expr }))),
  ...dashboard.templating.list
    .filter((v) => v.type === 'query')
    .map((v) => ({ where: `variable ${v.name}`, expr: (typeof v.query === 'string' ? v.query : v.query.query).replace(/^label_values\(\s*([^,)]+).*$/, '$1') })),
];

describe('Grafana dashboard deploy/grafana/aeromatch.json', () => {
  it('reads out metric names from PromQL', () => {
    expect(metricNames('histogram_quantile(0.95, sum by (le, route) (rate(aero_x_bucket{process=~"$process", a="b{c}"}[$__rate_interval])))')).toEqual(['aero_x_bucket']);
    expect(metricNames('sum(a_total) / ignoring(x) b + max without (y) (c{z="1"}) offset 5m')).toEqual(['a_total', 'b', 'c']);
  });

  it('queries only metrics the code registers, and every metric of ours has a panel', async () => {
    const registered = await registeredSeries();
    const used = new Set<string>();
    for (const { where, expr } of queries) {
      const names = metricNames(expr);
      expect({ where, expr, names: names.length > 0 }).toEqual({ where, expr, names: true });
      for (const name of names) {
        expect({ where, name, registered: registered.has(name) }).toEqual({ where, name, registered: true });
        used.add(name);
      }
    }
    const ours = [...registered].filter((n) => n.startsWith('aero_') && !/_(bucket|sum)$/.test(n));
    const shown = (n: string) => used.has(n) || used.has(`${n}_bucket`) || used.has(`${n}_count`);
    expect(ours.filter((n) => !shown(n))).toEqual([]);
  });

  it('is a Grafana 10/11 dashboard on a Prometheus datasource variable', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.templating.list).toContainEqual(expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }));
    for (const panel of panelsOf(dashboard.panels).filter((p) => p.type !== 'row')) expect({ panel: panel.title, uid: panel.datasource?.uid }).toEqual({ panel: panel.title, uid: '${datasource}' });
  });

  it('the autoscalers’ recording rule reads a metric the pods report', async () => {
    const registered = await registeredSeries();
    const values = readFileSync(join(here, '../k8s/helm/kube-prometheus-stack.values.yaml'), 'utf8');
    const rule = /record: aeromatch_consumer_lag\s+expr: \|\n((?:\s{14}.*\n?)+)/.exec(values)?.[1];
    expect(rule).toBeDefined();
    const names = metricNames(rule!);
    expect(names).toEqual(['aero_consumer_lag']);
    expect(names.every((n) => registered.has(n))).toBe(true);
  });
});
