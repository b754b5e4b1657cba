// A bench forks itself to run servers in processes of their own and talks to them over IPC:
// the child answers named commands; the parent calls them and stops the child. One protocol for
// every bench (scripts/bench.mjs runs only bench/*.bench.mjs, not this folder).
import { fork } from 'node:child_process';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** In the child: answers `commands` (name → async function) until `close`, then exits. Says ready when called. */
export function serveCommands(commands, close) {
  process.on('message', async ({ id, cmd, args }) => {
    try {
      if (cmd === 'close') {
        await close();
        process.send({ id, result: true }, () => process.exit(0));
        return;
      }
      process.send({ id, result: await commands[cmd](...(args ?? [])) });
    } catch (error) {
      process.send({ id, error: String(error?.stack ?? error) });
    }
  });
  process.send({ ready: true });
}

/**
 * In the parent: forks `file` with `env` (and `execArgv`); resolves once the child is ready, with
 * `call(cmd, ...args)` and `stop()` (asks it to close, kills it if it does not).
 */
export async function forkChild(file, { env, execArgv = [], label }) {
  const proc = fork(file, [], { env, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map();
  let next = 0;
  await new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`${label} exited (${code}) before it was ready`)));
    proc.on('message', (msg) => {
      if (msg.ready) return resolve();
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) p?.reject(new Error(msg.error));
      else p?.resolve(msg.result);
    });
  });
  proc.removeAllListeners('exit');
  const call = (cmd, ...args) =>
    new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      proc.send({ id, cmd, args });
    });
  return {
    proc,
    call,
    async stop() {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      await Promise.race([call('close').catch(() => undefined), sleep(15_000)]);
      if (proc.exitCode === null) setTimeout(() => proc.exitCode === null && proc.kill('SIGKILL'), 5_000).unref();
      await Promise.race([exited, sleep(6_000)]);
    },
  };
}
