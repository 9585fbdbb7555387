/**
 * The OpenAPI 3.1 document (@fastify/swagger, from the routes as registered and the schema files they
 * reference) at GET /openapi.json, and the Swagger UI at /docs (@fastify/swagger-ui: its files are served
 * from the package, nothing is fetched). Every schema file is added to Fastify by its $id, so each becomes
 * one named component and routes refer to it.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { API_SCHEMA_VERSION } from '../../shared/envelope/schema-version.js';
import { packageVersion } from '../../shared/pipeline/classifier-runtime.js';
import { errorResponses } from '../route-schemas.js';
import { SCHEMA_IDS, SCHEMAS, type SchemaName } from '../schemas.js';

export interface DocsPluginOptions {
  isProtected: (url: string) => boolean;
}

const componentName = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const nameById = new Map<string, string>(Object.entries(SCHEMA_IDS).map(([name, id]) => [id, componentName(name)]));

export const docsPlugin = fp<DocsPluginOptions>(
  async (app, { isProtected }) => {
    for (const name of Object.keys(SCHEMAS) as SchemaName[]) app.addSchema(SCHEMAS[name]);
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'query-intent',
          version: packageVersion(),
          description: `Query-intent classification service. Envelope schema version ${API_SCHEMA_VERSION}. Every 4xx/5xx body is the Error schema.`,
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', description: 'Required only when the server runs with API_KEY set; /health and /version are always open.' },
          },
        },
      },
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? nameById.get(json.$id) : undefined) ?? `def-${i}`,
      },
      transform: ({ schema, url }) => ({ schema: { ...schema, security: isProtected(url) ? [{ bearerAuth: [] }] : [] }, url }),
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/docs', uiConfig: { url: '/openapi.json' } });
    app.get(
      '/openapi.json',
      {
        schema: {
          summary: 'This OpenAPI document',
          response: {
            200: {
              description: 'OpenAPI 3.1 document',
              type: 'object',
              required: ['openapi', 'paths', 'components'],
              properties: { openapi: { const: '3.1.0' }, paths: { type: 'object' }, components: { type: 'object' } },
            },
            ...errorResponses(401, 500),
          },
        },
      },
      async () => app.swagger(),
    );
  },
  { name: 'docs' },
);
