import { ApiObject, App, Chart, Yaml } from 'cdk8s';
import { Construct } from 'constructs';
import { SERVICE_NAMES } from '../../../libs/config/src/settings.ts';
import { checksum, configData, configMap, secretTemplate } from './config.ts';
import { ingress } from './ingress.ts';
import { VARIANTS, type Variant } from './variants.ts';
import { workload } from './workload.ts';

/** the one command that rewrites the committed YAML from this source */
export const SYNTH_COMMAND = 'npm run k8s:synth';

const HEADER = `# Generated from deploy/k8s/src by \`${SYNTH_COMMAND}\`: edit the TypeScript, not this file.\n`;

/** One file of a variant: its name in deploy/k8s/<variant>/ and the objects it holds. */
export interface ManifestFile {
  file: string;
  objects: Record<string, unknown>[];
}

/**
 * The chart of one variant: the ConfigMap, the Secret template, the gateway and every service of
 * SERVICE_NAMES (each through the same `workload`), and the Ingress. Each child construct is one
 * file, so `kubectl apply -f deploy/k8s/<variant>/` takes them all but the Secret template
 * (`secret.yaml.template`, filled in by hand or replaced by `kubectl create secret`).
 */
export function variantChart(app: App, variant: Variant): Chart {
  const chart = new Chart(app, variant.name, { disableResourceNameHashes: true });
  const config = configData(variant);
  const configChecksum = checksum(config);
  configMap(new Construct(chart, 'config.yaml'), config);
  secretTemplate(new Construct(chart, 'secret.yaml.template'));
  workload(new Construct(chart, 'gateway.yaml'), variant, {
    component: 'gateway',
    command: ['node', 'gateway/dist/main.js'],
    resources: variant.gateway.resources,
    scaling: variant.gateway.scaling,
    serves: true,
    configChecksum,
  });
  for (const service of SERVICE_NAMES) {
    workload(new Construct(chart, `${service}.yaml`), variant, {
      component: service,
      // the service's own process, as docker-compose.yml and scripts/start-distributed.mjs run it
      command: ['node', `services/${service}/dist/main.js`],
      resources: variant.service.resources,
      scaling: { ...variant.service.scaling, ...variant.services[service] },
      serves: false,
      // every service consumes domain events (its *.handler.ts), so each scales on its lag too
      lagPerReplica: variant.lagPerReplica,
      configChecksum,
    });
  }
  ingress(new Construct(chart, 'ingress.yaml'), variant);
  return chart;
}

/** Every variant's files, in memory: what `npm run k8s:synth` writes and the test compares. */
export function synthesize(variants: Variant[] = VARIANTS): Map<string, ManifestFile[]> {
  const app = new App();
  return new Map(
    variants.map((variant) => {
      const chart = variantChart(app, variant);
      const files = chart.node.children.map((child) => ({
        file: child.node.id,
        objects: child.node.findAll().filter((c): c is ApiObject => c instanceof ApiObject).map((o) => o.toJson() as Record<string, unknown>),
      }));
      return [variant.name, files];
    }),
  );
}

export const toYaml = (file: ManifestFile) => HEADER + Yaml.stringify(...file.objects);
