/** GET /metrics: Prometheus text format (behind auth when API_KEY is set). */
import type { FastifyPluginAsync } from 'fastify';
import { errorResponses } from '../route-schemas.js';

export const metricsRoute: FastifyPluginAsync = async (app) => {
  app.get(
    '/metrics',
    {
      schema: {
        summary: 'Prometheus metrics',
        response: {
          200: { description: 'Prometheus text exposition format 0.0.4', content: { 'text/plain': { schema: { type: 'string' } } } },
          ...errorResponses(401, 500),
        },
      },
    },
    async (_request, reply) => {
      const { registry } = app.serviceMetrics;
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
};
