/** GET /openapi.json: the OpenAPI 3.1 document, generated from the routes and the JSON Schemas they declare. */
import type { FastifyPluginAsync } from 'fastify';
import { buildOpenApiDocument, type DocumentedRoute } from '../openapi.js';
import { errorResponses } from '../route-schemas.js';

export interface OpenApiRouteOptions {
  routes: readonly DocumentedRoute[];
  protectedRoutes: (url: string) => boolean;
}

export const openApiRoute: FastifyPluginAsync<OpenApiRouteOptions> = async (app, { routes, protectedRoutes }) => {
  let document: Record<string, unknown> | undefined;
  app.get(
    '/openapi.json',
    {
      schema: {
        summary: 'This OpenAPI document',
        response: { 200: {
            description: 'OpenAPI 3.1 document',
            type: 'object',
            required: ['openapi', 'paths', 'components'],
            properties: { openapi: { const: '3.1.0' }, paths: { type: 'object' }, components: { type: 'object' } },
          }, ...errorResponses(401, 500) },
      },
    },
    async () => {
      document ??= buildOpenApiDocument(routes, protectedRoutes);
      return document;
    },
  );
};
