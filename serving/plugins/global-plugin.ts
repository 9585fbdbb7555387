/**
 * Mark a plugin as not encapsulated, so its hooks, decorators and handlers apply to the whole app
 * (what the `fastify-plugin` package does; two symbols are not worth a dependency).
 */
import type { FastifyPluginAsync } from 'fastify';

export function globalPlugin<O extends object>(name: string, plugin: FastifyPluginAsync<O>): FastifyPluginAsync<O> {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
  return plugin;
}
