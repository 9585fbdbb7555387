/**
 * The OpenAPI 3.1 document, built from the routes as registered (method, url, schema) and the JSON
 * Schema files they reference. OpenAPI 3.1 uses JSON Schema 2020-12, so the files go into
 * components.schemas unchanged but for their $id/$schema and their references, which are rewritten
 * to point inside the document. Nothing here is written by hand twice.
 */
import { API_SCHEMA_VERSION } from '../shared/envelope/schema-version.js';
import { packageVersion } from '../shared/pipeline/classifier-runtime.js';
import { SCHEMA_IDS, SCHEMAS, type SchemaName } from './schemas.js';

export interface DocumentedRoute {
  method: string | string[];
  url: string;
  schema?: Record<string, unknown>;
}

const componentName = (name: SchemaName) => name.charAt(0).toUpperCase() + name.slice(1);
const componentRef = (name: SchemaName) => `#/components/schemas/${componentName(name)}`;

const nameById = new Map<string, SchemaName>(Object.entries(SCHEMA_IDS).map(([name, id]) => [id, name as SchemaName]));
const nameByFile = new Map<string, SchemaName>(Object.entries(SCHEMA_IDS).map(([name, id]) => [id.slice(id.lastIndexOf('/') + 1), name as SchemaName]));

/** Rewrite `$ref`s: a schema id or sibling file name -> its component; `#/...` inside `owner` -> under its component. */
function rewriteRefs(value: unknown, owner: SchemaName | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, owner));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (key === '$ref' && typeof child === 'string') {
      const target = nameById.get(child) ?? nameByFile.get(child);
      if (target) out.$ref = componentRef(target);
      else if (child.startsWith('#/') && owner) out.$ref = `${componentRef(owner)}/${child.slice(2)}`;
      else throw new Error(`cannot place $ref ${child} in the OpenAPI document`);
    } else if (key !== '$id' && key !== '$schema') {
      out[key] = rewriteRefs(child, owner);
    }
  }
  return out;
}

/** A route's response entry: `{description, ...schema}` or `{description, content: {type: {schema}}}`. */
function response(entry: Record<string, unknown>): Record<string, unknown> {
  const { description = '', content, ...schema } = entry;
  if (content) return { description, content: rewriteRefs(content, undefined) };
  return { description, content: { 'application/json': { schema: rewriteRefs(schema, undefined) } } };
}

export function buildOpenApiDocument(routes: readonly DocumentedRoute[], isProtected: (url: string) => boolean): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const schema = route.schema ?? {};
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const operation: Record<string, unknown> = {};
      if (schema.summary) operation.summary = schema.summary;
      if (schema.description) operation.description = schema.description;
      if (schema.body) {
        operation.requestBody = { required: true, content: { 'application/json': { schema: rewriteRefs(schema.body, undefined) } } };
      }
      const responses = (schema.response ?? {}) as Record<string, Record<string, unknown>>;
      operation.responses = Object.fromEntries(Object.entries(responses).map(([status, entry]) => [status, response(entry)]));
      operation.security = isProtected(route.url) ? [{ bearerAuth: [] }] : [];
      (paths[route.url] ??= {})[method.toLowerCase()] = operation;
    }
  }
  const schemas = Object.fromEntries(
    (Object.keys(SCHEMAS) as SchemaName[]).map((name) => [componentName(name), rewriteRefs(SCHEMAS[name], name)]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'query-intent',
      version: packageVersion(),
      description: `Query-intent classification service. Envelope schema version ${API_SCHEMA_VERSION}. Every 4xx/5xx body is the Error schema.`,
    },
    servers: [{ url: '/' }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Required only when the server runs with API_KEY set; /health and /version are always open.' },
      },
    },
  };
}
