import type { ServiceName } from '../../../libs/config/src/settings.ts';

/** CPU and memory of one container, as Kubernetes quantities ('250m', '256Mi'). */
export interface Resources {
  requests: { cpu: string; memory: string };
  limits: { cpu: string; memory: string };
}

/** What the HorizontalPodAutoscaler of one workload may do. */
export interface Scaling {
  minReplicas: number;
  maxReplicas: number;
  /** average CPU use, in % of the request, the autoscaler aims at */
  cpuUtilization: number;
}

export interface WorkloadSize {
  resources: Resources;
  scaling: Scaling;
}

/**
 * One way to run AeroMatch on Kubernetes: every number that differs between a small cluster and
 * a production-like one, in one place. Everything else is the same code (workload.ts).
 */
export interface Variant {
  /** the folder under deploy/k8s/ the YAML is written to */
  name: string;
  image: string;
  imagePullPolicy: 'IfNotPresent' | 'Always';
  /** the public host name of the Ingress; PUBLIC_URL follows from it */
  host: string;
  /** https through cert-manager (ClusterIssuer name), or plain http */
  tls?: { secretName: string; clusterIssuer: string };
  /**
   * TRUST_PROXY: the addresses the ingress controller's pods connect from (the cluster's pod
   * CIDR); only their X-Forwarded-For is believed
   */
  trustProxy: string;
  /** object storage the browsers reach too (photo and attachment URLs are presigned on it) */
  s3Endpoint: string;
  gateway: WorkloadSize;
  service: WorkloadSize;
  /** services that need other numbers than `service` */
  services: Partial<Record<ServiceName, Partial<Scaling>>>;
  /**
   * JetStream events waiting for a service's consumers (pending plus delivered-unacked), per
   * replica, that its autoscaler aims at (the external metric aeromatch_consumer_lag)
   */
  lagPerReplica: number;
  /** spread replicas over zones and nodes (a scheduling preference, never a hard rule) */
  spread: boolean;
  logLevel: string;
}

/** A single-node or small cluster (kind, k3s, minikube): one replica each, room to grow to three. */
export const small: Variant = {
  name: 'small',
  image: 'aeromatch:latest',
  imagePullPolicy: 'IfNotPresent',
  host: 'aeromatch.local',
  // kind's and kubeadm/flannel's default pod CIDR (k3s: 10.42.0.0/16)
  trustProxy: '10.244.0.0/16',
  s3Endpoint: 'http://s3.aeromatch.local',
  gateway: {
    resources: { requests: { cpu: '100m', memory: '192Mi' }, limits: { cpu: '1', memory: '512Mi' } },
    scaling: { minReplicas: 1, maxReplicas: 3, cpuUtilization: 80 },
  },
  service: {
    resources: { requests: { cpu: '50m', memory: '160Mi' }, limits: { cpu: '500m', memory: '384Mi' } },
    scaling: { minReplicas: 1, maxReplicas: 3, cpuUtilization: 80 },
  },
  services: {},
  lagPerReplica: 1000,
  spread: false,
  logLevel: 'info',
};

/** Several nodes over zones: at least two replicas of everything, https, larger pods. */
export const production: Variant = {
  name: 'production',
  image: 'registry.example.com/aeromatch:0.1.0',
  imagePullPolicy: 'IfNotPresent',
  host: 'aeromatch.example.com',
  tls: { secretName: 'aeromatch-tls', clusterIssuer: 'letsencrypt' },
  // a typical VPC-native pod range (GKE, EKS with the VPC CNI, AKS with Azure CNI): replace with yours
  trustProxy: '10.0.0.0/8',
  s3Endpoint: 'https://s3.amazonaws.com',
  gateway: {
    resources: { requests: { cpu: '500m', memory: '384Mi' }, limits: { cpu: '2', memory: '1Gi' } },
    scaling: { minReplicas: 3, maxReplicas: 12, cpuUtilization: 70 },
  },
  service: {
    resources: { requests: { cpu: '250m', memory: '256Mi' }, limits: { cpu: '1', memory: '768Mi' } },
    scaling: { minReplicas: 2, maxReplicas: 8, cpuUtilization: 70 },
  },
  // the busiest: every swipe goes through discovery, every like/match/message becomes a notification
  services: { discovery: { maxReplicas: 16 }, notifications: { maxReplicas: 12 }, messaging: { maxReplicas: 12 } },
  lagPerReplica: 200,
  spread: true,
  logLevel: 'info',
};

export const VARIANTS: Variant[] = [small, production];
