// Module boundaries, checked by `npm run lint` (dependency-cruiser, through scripts/check-boundaries.mjs).
// Each rule must also be broken by a fixture in scripts/boundaries/fixtures/, so none goes silent.

/** files allowed to touch the ORM, Redis, object storage, the payment SDK and NATS: repositories and adapters */
const INFRASTRUCTURE_FILES = [
  '[.]repository[.]ts$',
  '[.]orm-entity[.]ts$',
  '/migrations/',
  '^libs/persistence/',
  '^libs/event-bus/src/',
  '^libs/ports/src/',
  '^libs/common/src/(service-host|transactions)[.]ts$',
  '^libs/testing/',
  '^bench/',
  '[.]adapter[.]ts$',
  '/test/',
  '[.](int-|e2e-)?spec[.]tsx?$',
];

/** the browser-safe part of the contracts (`@aero/contracts/shared` and what it re-exports, `@aero/contracts/notification-texts`, `@aero/contracts/file-type`) */
const SHARED_CONTRACTS = '^libs/contracts/src/(shared|limits|messages|error-codes|options|photos|file-type|email|profiles/profile[.]view|identity/account[.]view|discovery/(discovery|layover)[.]view|settings/member-settings[.]view|messaging/message[.]view|notifications/(notification[.]view|notification-texts)|notifications/web-push|billing/(subscription[.]view|payment-standing)|safety/safety[.]view)[.]ts$';

module.exports = {
  forbidden: [
    {
      name: 'web-imports-server',
      comment: 'The web app runs in the browser: from the server side it may use @aero/contracts/shared (and its parts @aero/contracts/notification-texts, @aero/contracts/file-type and @aero/contracts/email) only.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^(libs|services|gateway)/', pathNot: SHARED_CONTRACTS },
    },
    {
      name: 'shared-contracts-stay-browser-safe',
      comment: 'What the web app imports from the contracts imports nothing else (no decorators, no Node).',
      severity: 'error',
      from: { path: SHARED_CONTRACTS },
      to: { pathNot: SHARED_CONTRACTS },
    },
    {
      name: 'web-cross-feature',
      comment: 'Features never import each other (bulletproof-react); app/ composes them.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'service-imports-service',
      comment: 'A service talks to another only through contracts (RPC subjects and events), never its code.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'service-imports-gateway-or-web',
      severity: 'error',
      from: { path: '^services/' },
      to: { path: '^(gateway|web)/' },
    },
    {
      name: 'lib-imports-app',
      comment: 'Libraries are below the apps: no lib imports a service, the gateway or the web app.',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^(services|gateway|web)/' },
    },
    {
      name: 'gateway-imports-service-internals',
      comment: 'The gateway hosts services only through their package entry (the composition root, gateway/src/services.ts).',
      severity: 'error',
      from: { path: '^gateway/', pathNot: '^gateway/src/services[.]ts$' },
      to: { path: '^services/' },
    },
    {
      name: 'infrastructure-outside-adapters',
      comment: 'typeorm, ioredis, minio, stripe, web-push and @nats-io/* only in repositories, ORM entities, migrations and adapters.',
      severity: 'error',
      from: { pathNot: INFRASTRUCTURE_FILES },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], path: '(^|/)node_modules/(typeorm|ioredis|minio|stripe|web-push|@nats-io/[^/]+)/' },
    },
    {
      name: 'orm-entity-outside-repositories',
      comment: 'ORM entities stay inside repositories (which hand out plain domain types), their migrations and the service definition that registers them.',
      severity: 'error',
      from: { pathNot: ['[.]repository[.]ts$', '[.]orm-entity[.]ts$', '/migrations/', '[.]service-definition[.]ts$', '/test/'] },
      to: { path: '[.]orm-entity[.]ts$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|[.]data|coverage|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['types', 'import', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
