import { loadSettings } from '@aero/config';
import { rootLogger } from './logger.js';
import { startOpsServer } from './metrics/ops-server.js';
import { NatsRpcClient } from './rpc/nats-rpc-client.adapter.js';
import { openInfrastructure } from './runtime.js';
import { databaseAnswers, type ServiceDefinition, startService } from './service-host.js';

/** Entry point of a service running as its own process (distributed mode: NATS_URL required). */
export async function runServiceProcess(definition: ServiceDefinition) {
  const settings = loadSettings();
  if (!settings.natsUrl) throw new Error(`${definition.name}: NATS_URL is required to run a service on its own (single-node mode runs everything from gateway/dist/main.js)`);
  const infra = await openInfrastructure(settings, { name: definition.name, services: [definition.name] });
  const rpc = infra.metrics.measured(new NatsRpcClient(settings.natsUrl, settings.rpcPrefix));
  const app = await startService(definition, infra.runtimeFor(definition.name, rpc), { kind: 'nats', servers: settings.natsUrl, prefix: settings.rpcPrefix });
  rootLogger.info(`${definition.name} service listening on NATS (queue group ${definition.name})`);
  // ready while its database answers (NATS and the event bus are connected before this point)
  const ops = settings.metricsPort ? await startOpsServer(settings.metricsPort, infra.metrics, () => databaseAnswers(app)) : undefined;
  const stop = async () => {
    await ops?.close();
    await app.close();
    await rpc.close();
    await infra.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
