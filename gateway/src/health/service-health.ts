import { SERVICE_NAMES } from '@aero/config';
import { type RpcClient } from '@aero/common';
import { Rpc } from '@aero/contracts';

/** every service's answer to a health call over the bus: 'ok' or 'down' */
export async function serviceHealth(rpc: RpcClient): Promise<Record<string, 'ok' | 'down'>> {
  const results = await Promise.all(
    SERVICE_NAMES.map(async (name) => {
      try {
        await rpc.send(Rpc.health(name), {});
        return [name, 'ok'] as const;
      } catch {
        return [name, 'down'] as const;
      }
    }),
  );
  return Object.fromEntries(results);
}
