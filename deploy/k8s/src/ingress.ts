import { k8s } from 'cdk8s-plus-33';
import type { Construct } from 'constructs';
import type { Variant } from './variants.ts';
import { objectName, podLabels } from './workload.ts';

/** photos go up six at a time (10 MB each) in one multipart request */
const MAX_BODY = '64m';

/**
 * ingress-nginx in front of the gateways: everything to the gateway Service, and socket.io at
 * /ws with cookie affinity, so a client's polling requests and its upgrade reach the gateway that
 * holds its session (socket.io's sticky-session requirement with several gateways).
 */
export function ingress(scope: Construct, variant: Variant): void {
  const backend = { service: { name: objectName('gateway'), port: { name: 'http' } } };
  const tls = variant.tls ? [{ hosts: [variant.host], secretName: variant.tls.secretName }] : undefined;
  const common: Record<string, string> = {
    ...(variant.tls ? { 'nginx.ingress.kubernetes.io/ssl-redirect': 'true' } : {}),
    'nginx.ingress.kubernetes.io/proxy-body-size': MAX_BODY,
  };
  // cert-manager issues the host's certificate once, for this Ingress; /ws uses the same secret
  const issuer: Record<string, string> = variant.tls ? { 'cert-manager.io/cluster-issuer': variant.tls.clusterIssuer } : {};
  const rule = (path: string) => ({ host: variant.host, http: { paths: [{ path, pathType: 'Prefix', backend }] } });

  new k8s.KubeIngress(scope, 'ingress', {
    metadata: { name: objectName('web'), labels: podLabels('gateway'), annotations: { ...common, ...issuer } },
    spec: { ingressClassName: 'nginx', tls, rules: [rule('/')] },
  });
  new k8s.KubeIngress(scope, 'ws', {
    metadata: {
      name: objectName('ws'),
      labels: podLabels('gateway'),
      annotations: {
        ...common,
        'nginx.ingress.kubernetes.io/affinity': 'cookie',
        'nginx.ingress.kubernetes.io/affinity-mode': 'persistent',
        'nginx.ingress.kubernetes.io/session-cookie-name': 'aeromatch-ws',
        'nginx.ingress.kubernetes.io/session-cookie-path': '/ws',
        'nginx.ingress.kubernetes.io/session-cookie-samesite': 'Lax',
        'nginx.ingress.kubernetes.io/session-cookie-max-age': '86400',
        ...(variant.tls ? { 'nginx.ingress.kubernetes.io/session-cookie-secure': 'true' } : {}),
        // a socket stays open: no proxy timeout while it does
        'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
        'nginx.ingress.kubernetes.io/proxy-send-timeout': '3600',
      },
    },
    spec: { ingressClassName: 'nginx', tls, rules: [rule('/ws')] },
  });
}
