import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** the pattern as registered (`/api/users/:id`) */
  url: string;
}

/**
 * Every route the HTTP server registers from now on (Nest's controllers, plugins, the API docs),
 * read from Fastify's own onRoute hook: what the running app answers, not what someone listed.
 */
export function recordRoutes(app: FastifyInstance): readonly RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  return routes;
}
