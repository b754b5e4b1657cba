import fastifyCookie from '@fastify/cookie';
import { createRateLimiters } from '@aero/ports';
import { type Clock, InProcessBroker, startOpsServer, InProcessRpcClient, NatsRpcClient, openInfrastructure, rootLogger, type RpcClient, type ServiceDefinition, startService, systemClock } from '@aero/common';
import type { Settings } from '@aero/config';
import { Limits, PRODUCT_NAME, ServerLimits } from '@aero/contracts';
import type { INestMicroservice, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GatewayContext } from './gateway.context.js';
import { serviceHealth } from './health/service-health.js';
import { GatewayModule } from './gateway.module.js';
import { RateLimits } from './http/rate-limit.guard.js';
import { clientErrorAnswer, frameworkErrorAnswer } from './http/framework-errors.js';
import { genReqId, registerRequestIds } from './http/request-id.hook.js';
import { registerSameOriginCheck } from './http/same-origin.hook.js';
import { registerLoopbackRedirect } from './http/loopback-redirect.hook.js';
import { registerCompression } from './http/compression.js';
import { recordRoutes, type RouteEntry } from './http/route-table.js';
import { apiSecurityHeaders, registerSecurityHeaders, securityHeaderWriter } from './http/security-headers.js';
import { setupApiDocs } from './openapi/api-docs.js';
import { registerObjectUploadLimits, registerObjectUploadParser } from './objects/objects.controller.js';
import { UploadSlots } from './uploads/upload-slots.js';
import { registerMultipart } from './uploads/multipart-form.js';
import { RedisIoAdapter } from './realtime/redis-io.adapter.js';
import { loadServices } from './services.js';

export interface RunningGateway {
  app: NestFastifyApplication;
  url: string;
  /** the operations port (METRICS_PORT: /metrics, /livez, /readyz), when one is set */
  opsPort?: number;
  /** every route the HTTP server answers (method and pattern), as Fastify registered them */
  routes: readonly RouteEntry[];
  close(): Promise<void>;
}

const defaultWebRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * Starts the gateway. Without NATS_URL this is single-node mode: the six services run in this
 * process on the in-process bus. With NATS_URL the services are separate processes reached over
 * NATS (set RUN_SERVICES=all to still host them here, e.g. for a one-box NATS deployment).
 */
export async function startGateway(
  settings: Settings,
  options: { webRoot?: string; hostServices?: boolean; clock?: Clock; /** the hosted services instead of the catalogue's (tests) */ services?: ServiceDefinition[] } = {},
): Promise<RunningGateway> {
  const hostServices = options.hostServices ?? (!settings.natsUrl || process.env.RUN_SERVICES === 'all');
  const services = hostServices ? (options.services ?? (await loadServices())) : [];
  const infra = await openInfrastructure(settings, { name: 'gateway', services: services.map((s) => s.name) });

  const broker = settings.natsUrl ? undefined : new InProcessBroker();
  // every call timed by subject (aero_rpc_duration_seconds)
  const rpc: RpcClient = infra.metrics.measured(broker ? new InProcessRpcClient(broker) : new NatsRpcClient(settings.natsUrl!, settings.rpcPrefix));
  const serviceApps: INestMicroservice[] = [];
  for (const definition of services) {
    const transport = broker ? { kind: 'in-process' as const, broker } : { kind: 'nats' as const, servers: settings.natsUrl!, prefix: settings.rpcPrefix };
    serviceApps.push(await startService(definition, { ...infra.runtimeFor(definition.name, rpc), clock: options.clock }, transport));
  }

  const ctx: GatewayContext = {
    settings,
    rpc,
    bus: infra.bus,
    kv: infra.kv,
    rateLimiters: createRateLimiters(settings),
    mailer: infra.mailer,
    storage: infra.storage,
    jobs: infra.jobs,
    secret: infra.secret,
    webRoot: options.webRoot ?? defaultWebRoot,
    mode: settings.natsUrl ? 'distributed' : 'single-node',
    clock: options.clock ?? systemClock,
    metrics: infra.metrics,
  };
  // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY (none by default)
  // requestTimeout: a request whose body stops coming is ended (Fastify's default is never), so a
  // stalled upload gives its slot back (UploadSlots); five minutes leave 60 MB of photos time on a slow link;
  // a URL the router cannot decode gets the app's own 400, not Fastify's body echoing the path, and
  // it and a request Node cannot parse (no hook runs for either) carry the security headers too
  const writeSecurityHeaders = await securityHeaderWriter(settings);
  const adapter = new FastifyAdapter({
    trustProxy: settings.trustProxy.length ? settings.trustProxy : false,
    bodyLimit: Limits.maxUploadBytes + 1024 * 1024,
    genReqId,
    requestTimeout: 300_000,
    frameworkErrors: frameworkErrorAnswer(writeSecurityHeaders),
    clientErrorHandler: clientErrorAnswer(apiSecurityHeaders(settings)),
  });
  const log = rootLogger.child({ app: 'gateway' });
  // bodyParser off: the same-origin hook installs the one JSON parser (empty body = {})
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.register(ctx), adapter, { logger: log, bodyParser: false, bufferLogs: true });
  const routes = recordRoutes(app.getHttpAdapter().getInstance());
  // first: every response, refusals included, names its request id
  registerRequestIds(app.getHttpAdapter().getInstance(), log);
  registerSecurityHeaders(app.getHttpAdapter().getInstance(), writeSecurityHeaders);
  await app.register(fastifyCookie);
  await registerCompression(app.getHttpAdapter().getInstance());
  // Uploads (photos, documents): a file one byte over the limit is cut there and flagged, so the
  // routes can answer with the spec's own message; each route narrows the file count further.
  await registerMultipart(app, {
    limits: { fileSize: Limits.maxUploadBytes + 1, files: Limits.photosPerProfile, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 100 },
    throwFileSizeLimit: false,
  });
  registerSameOriginCheck(app.getHttpAdapter().getInstance(), settings.publicUrl);
  registerLoopbackRedirect(app.getHttpAdapter().getInstance(), settings.publicUrl);
  const shutdown = drainOnClose(app.getHttpAdapter().getInstance(), log);
  // every request timed by its route pattern (never the raw URL: ids would explode the label set)
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onResponse', (request, reply, done) => {
      infra.metrics.httpDuration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      done();
    });
  registerObjectUploadParser(app.getHttpAdapter().getInstance());
  registerObjectUploadLimits(app.getHttpAdapter().getInstance(), ctx.secret, app.get(UploadSlots));
  app.get(RateLimits).countFailures(app.getHttpAdapter().getInstance());
  // the API description (API_DOCS; on unless NODE_ENV=production)
  if (settings.apiDocs) setupApiDocs(app);
  if (settings.redisUrl) app.useWebSocketAdapter(new RedisIoAdapter(app, settings.redisUrl, settings.redisPrefix));
  await app.listen(settings.port, '0.0.0.0');
  // the operations port: metrics, and ready while every service answers
  const ops = settings.metricsPort
    ? await startOpsServer(settings.metricsPort, infra.metrics, async () => Object.values(await serviceHealth(rpc)).every((s) => s === 'ok'))
    : undefined;

  return {
    app,
    url: settings.publicUrl,
    opsPort: ops?.port,
    routes,
    async close() {
      shutdown.begin();
      await ops?.close();
      // sockets closed, no new request taken, those in flight answered
      await shutdown.drain(() => app.close());
      // what they queued in this process (a verification mail) runs while the services it uses are up
      if (services.length) await infra.jobs.close();
      for (const service of serviceApps.reverse()) await service.close();
      await rpc.close();
      await ctx.rateLimiters.close();
      await infra.close();
    },
  };
}

/**
 * Graceful shutdown of the HTTP server: once it begins, every answer (those in flight included)
 * closes its keep-alive connection, so the server's close waits for the requests in flight and no
 * longer for idle connections (Fastify's keep-alive timeout is 72 s, Kubernetes' grace period 30 s).
 * A connection whose answer is still not taken after `ServerLimits.httpDrainMs` (a client that
 * stopped reading it) is cut: it would hold the close, and all that follows it, for as long as
 * the client likes.
 */
function drainOnClose(fastify: FastifyInstance, log: LoggerService) {
  let closing = false;
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  return {
    begin() {
      closing = true;
    },
    /** runs `close` (the server's), cutting the connections still open after the drain time */
    async drain(close: () => Promise<void>) {
      const cut = setTimeout(() => {
        log.warn(`HTTP connections still open ${ServerLimits.httpDrainMs} ms after the close began (a client not reading its answer): cut`);
        fastify.server.closeAllConnections();
      }, ServerLimits.httpDrainMs);
      try {
        await close();
      } finally {
        clearTimeout(cut);
      }
    },
  };
}

export const banner = (url: string, mode: string) => `\n  ✈  ${PRODUCT_NAME} is running (${mode}) at ${url}\n`;
