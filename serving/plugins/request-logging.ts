/**
 * Request ids and query logging. Every request gets an id (a caller's X-Request-Id when it is a
 * short token, else a UUID), logged by Fastify's pino logger on every line and echoed in the
 * X-Request-Id response header. Query text is personal data: it is logged only when LOG_QUERIES is
 * on; otherwise its length and a 12-hex-digit SHA-256 prefix (enough to correlate repeats).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { globalPlugin } from './global-plugin.js';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID();
}

export interface QueryLogFields {
  text_length: number;
  text_sha256: string;
  text?: string;
}

export function queryLogFields(text: string, logQueries: boolean): QueryLogFields {
  const fields: QueryLogFields = { text_length: [...text].length, text_sha256: createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12) };
  if (logQueries) fields.text = text;
  return fields;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Log fields for query texts: length and hash, plus the text when LOG_QUERIES is on. */
    queryLog(texts: readonly string[]): { queries: QueryLogFields[] };
  }
}

export interface RequestLoggingOptions {
  logQueries: boolean;
}

export const requestLoggingPlugin = globalPlugin<RequestLoggingOptions>('request-logging', async (app, { logQueries }) => {
  app.decorateRequest('queryLog', function (this: FastifyRequest, texts: readonly string[]) {
    return { queries: texts.map((text) => queryLogFields(text, logQueries)) };
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
