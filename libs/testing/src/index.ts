export * from './infra.js';
export * from './app-process.js';
