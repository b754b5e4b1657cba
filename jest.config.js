// One Jest run, three projects: unit (*.spec.ts), integration (*.int-spec.ts, real
// PostgreSQL/NATS/Redis) and e2e (*.e2e-spec.ts: separate processes, socket.io, Chromium).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic' } },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

const base = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    '^@aero/contracts/shared$': '<rootDir>/libs/contracts/src/shared.ts',
    '^@aero/contracts/notification-texts$': '<rootDir>/libs/contracts/src/notifications/notification-texts.ts',
    '^@aero/contracts/file-type$': '<rootDir>/libs/contracts/src/file-type.ts',
    '^@aero/contracts/email$': '<rootDir>/libs/contracts/src/email.ts',
    // every service and library by convention: a new one needs no line here
    '^@aero/([a-z-]+)-service$': '<rootDir>/services/$1/src/index.ts',
    '^@aero/(?!gateway$|web$)([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  rootDir: '.',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/', '<rootDir>/.data/'],
};

export default {
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{libs,services,gateway,web,deploy}/**/*.spec.{ts,tsx}'] },
    { ...base, displayName: 'integration', testMatch: ['<rootDir>/{libs,services,gateway}/**/*.int-spec.ts'], slowTestThreshold: 60 },
    // the browser suites' apps start from the data of one started before them, demo crew made (web/test/global-setup.ts)
    { ...base, displayName: 'e2e', testMatch: ['<rootDir>/{test,web}/**/*.e2e-spec.ts'], globalSetup: '<rootDir>/web/test/global-setup.ts', globalTeardown: '<rootDir>/web/test/global-teardown.ts' },
  ],
};
