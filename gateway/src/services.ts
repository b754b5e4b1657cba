import type { ServiceDefinition } from '@aero/common';
import { SERVICE_NAMES, type ServiceName } from '@aero/config';

/**
 * The services of the catalogue (SERVICE_NAMES in @aero/config), for single-node mode where they
 * run inside the gateway's process. Each is the workspace `@aero/<name>-service`, whose index
 * exports its definition as `service`: a new service is its folder and its name in the catalogue.
 */
export async function loadServices(names: readonly ServiceName[] = SERVICE_NAMES): Promise<ServiceDefinition[]> {
  return Promise.all(
    names.map(async (name) => {
      const { service } = (await import(`@aero/${name}-service`)) as { service?: ServiceDefinition };
      if (service?.name !== name) throw new Error(`@aero/${name}-service does not export its definition as \`service\``);
      return service;
    }),
  );
}
