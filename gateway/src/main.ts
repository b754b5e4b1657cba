import 'reflect-metadata';
import { rootLogger } from '@aero/common';
import { loadSettings } from '@aero/config';
import { banner, startGateway } from './bootstrap.js';

const settings = loadSettings();
const started = Date.now();
const gateway = await startGateway(settings);
process.stdout.write(`${banner(settings.publicUrl, settings.natsUrl ? 'distributed gateway' : 'single-node')}  ready in ${Date.now() - started} ms\n\n`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  rootLogger.info(`${signal}: shutting down`);
  await gateway.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
