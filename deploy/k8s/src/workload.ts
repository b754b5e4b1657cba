import { k8s } from 'cdk8s-plus-33';
import type { Construct } from 'constructs';
import type { Resources, Scaling, Variant } from './variants.ts';

/** The operations port of every process (METRICS_PORT): /metrics, /livez, /readyz. */
export const OPS_PORT = 9464;
/** The gateway's HTTP port (PORT). */
export const HTTP_PORT = 3000;
export const CONFIG_MAP = 'aeromatch-config';
export const SECRET = 'aeromatch-secrets';
/** the external metric prometheus-adapter serves from the pods' own aero_consumer_lag, summed per service (README) */
export const LAG_METRIC = 'aeromatch_consumer_lag';

export const objectName = (component: string) => `aeromatch-${component}`;
export const podLabels = (component: string) => ({ 'app.kubernetes.io/name': 'aeromatch', 'app.kubernetes.io/component': component });

export interface WorkloadSpec {
  /** `gateway` or a service name (SERVICE_NAMES) */
  component: string;
  /** the one process this container runs: the image's gateway or one service's entry point */
  command: string[];
  resources: Resources;
  scaling: Scaling;
  /** the gateway takes HTTP (and socket.io) traffic on HTTP_PORT; services only NATS */
  serves: boolean;
  /** services consume domain events: they also scale on their JetStream consumer lag */
  lagPerReplica?: number;
  /** changes when the ConfigMap does, so a new configuration rolls the pods */
  configChecksum: string;
}

const quantities = (values: { cpu: string; memory: string }) => ({ cpu: k8s.Quantity.fromString(values.cpu), memory: k8s.Quantity.fromString(values.memory) });

/**
 * One process type (the gateway or a service): its Deployment, Service, HorizontalPodAutoscaler
 * and PodDisruptionBudget. Probes are the ops server's: /readyz (the database answers; for a
 * gateway, every service) and /livez.
 */
export function workload(scope: Construct, variant: Variant, spec: WorkloadSpec): void {
  const name = objectName(spec.component);
  const labels = podLabels(spec.component);
  const ops = k8s.IntOrString.fromString('ops');
  const ports: k8s.ContainerPort[] = [
    ...(spec.serves ? [{ name: 'http', containerPort: HTTP_PORT }] : []),
    { name: 'ops', containerPort: OPS_PORT },
  ];

  new k8s.KubeDeployment(scope, 'deployment', {
    metadata: { name, labels },
    spec: {
      // the autoscaler owns the replica count: a re-apply must not reset it
      selector: { matchLabels: labels },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: k8s.IntOrString.fromString('25%'), maxUnavailable: k8s.IntOrString.fromNumber(0) } },
      template: {
        metadata: {
          labels,
          annotations: {
            'checksum/config': spec.configChecksum,
            'prometheus.io/scrape': 'true',
            'prometheus.io/port': String(OPS_PORT),
            'prometheus.io/path': '/metrics',
          },
        },
        spec: {
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          // SIGTERM: stop taking work, finish what is in flight, close consumers and sockets
          terminationGracePeriodSeconds: 30,
          securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000, seccompProfile: { type: 'RuntimeDefault' } },
          ...(variant.spread
            ? {
                topologySpreadConstraints: ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'].map((topologyKey) => ({
                  topologyKey,
                  maxSkew: 1,
                  whenUnsatisfiable: 'ScheduleAnyway',
                  labelSelector: { matchLabels: labels },
                })),
              }
            : {}),
          containers: [
            {
              name: spec.component,
              image: variant.image,
              imagePullPolicy: variant.imagePullPolicy,
              command: spec.command,
              ports,
              envFrom: [{ configMapRef: { name: CONFIG_MAP } }, { secretRef: { name: SECRET } }],
              resources: { requests: quantities(spec.resources.requests), limits: quantities(spec.resources.limits) },
              // migrations run before the ops port opens: allow a slow first start
              startupProbe: { httpGet: { path: '/livez', port: ops }, periodSeconds: 5, failureThreshold: 36 },
              livenessProbe: { httpGet: { path: '/livez', port: ops }, periodSeconds: 10, timeoutSeconds: 3, failureThreshold: 3 },
              readinessProbe: { httpGet: { path: '/readyz', port: ops }, periodSeconds: 5, timeoutSeconds: 3, failureThreshold: 2 },
              // the gateway: let the ingress drop this pod from its endpoints before SIGTERM
              ...(spec.serves ? { lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } } } : {}),
              securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
              volumeMounts: [
                { name: 'data', mountPath: '/app/.data' },
                { name: 'tmp', mountPath: '/tmp' },
              ],
            },
          ],
          // DATA_DIR only holds what external services replace here (embedded PostgreSQL, local objects)
          volumes: [
            { name: 'data', emptyDir: { sizeLimit: k8s.Quantity.fromString('64Mi') } },
            { name: 'tmp', emptyDir: { sizeLimit: k8s.Quantity.fromString('256Mi') } },
          ],
        },
      },
    },
  });

  new k8s.KubeService(scope, 'service', {
    metadata: { name, labels },
    spec: {
      selector: labels,
      ports: [
        ...(spec.serves ? [{ name: 'http', port: 80, targetPort: k8s.IntOrString.fromString('http') }] : []),
        { name: 'ops', port: OPS_PORT, targetPort: ops },
      ],
    },
  });

  const metrics: k8s.MetricSpecV2[] = [
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: spec.scaling.cpuUtilization } } },
  ];
  if (spec.lagPerReplica !== undefined) {
    metrics.push({
      type: 'External',
      external: {
        metric: { name: LAG_METRIC, selector: { matchLabels: { service: spec.component } } },
        target: { type: 'AverageValue', averageValue: k8s.Quantity.fromNumber(spec.lagPerReplica) },
      },
    });
  }
  new k8s.KubeHorizontalPodAutoscalerV2(scope, 'hpa', {
    metadata: { name, labels },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
      minReplicas: spec.scaling.minReplicas,
      maxReplicas: spec.scaling.maxReplicas,
      metrics,
      // up at once on a burst, down slowly (sockets and consumers rebalance on every change)
      behavior: { scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] } },
    },
  });

  new k8s.KubePodDisruptionBudget(scope, 'pdb', {
    metadata: { name, labels },
    spec: { selector: { matchLabels: labels }, maxUnavailable: k8s.IntOrString.fromNumber(1) },
  });
}
