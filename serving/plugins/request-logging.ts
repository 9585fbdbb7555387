/**
 * Request ids and query logging. Every request gets an id (a caller's X-Request-Id when it is a
 * short token, else a UUID), logged by Fastify's pino logger on every line and echoed in the
 * X-Request-Id response header. Query text is personal data: it is logged only when LOG_QUERIES is
 * on; otherwise its length and `text_hmac`, the first 16 hex digits of HMAC-SHA256 keyed with
 * LOG_HASH_SECRET (a random per-process key when unset): repeats correlate within a deployment, but
 * nobody without the key can confirm a guessed query from the logs.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID();
}

export interface QueryLogFields {
  text_length: number;
  text_hmac: string;
  text?: string;
}

/** Hex digits of the HMAC kept in logs (64 bits: collisions are negligible at log volumes). */
export const QUERY_HMAC_HEX = 16;

export function queryLogFields(text: string, logQueries: boolean, secret: string | Buffer): QueryLogFields {
  const fields: QueryLogFields = { text_length: [...text].length, text_hmac: createHmac('sha256', secret).update(text, 'utf8').digest('hex').slice(0, QUERY_HMAC_HEX) };
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
  /** LOG_HASH_SECRET; undefined: a random key for this process. */
  hashSecret: string | undefined;
}

export const requestLoggingPlugin = fp<RequestLoggingOptions>(async (app, { logQueries, hashSecret }) => {
  const secret = hashSecret ?? randomBytes(32);
  if (hashSecret === undefined && !logQueries) app.log.info('LOG_HASH_SECRET not set: query identifiers in logs use a random per-process key (they do not match across restarts)');
  app.decorateRequest('queryLog', function (this: FastifyRequest, texts: readonly string[]) {
    return { queries: texts.map((text) => queryLogFields(text, logQueries, secret)) };
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}, { name: 'request-logging' });
