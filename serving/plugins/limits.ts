/**
 * Request limits that are not the body schema:
 * - POST bodies must be application/json (utf-8), else 415 unsupported_media_type before the body
 *   is read;
 * - every request is answered within REQUEST_TIMEOUT_MS, else 503 timeout. Each request gets
 *   `request.cancel`, an AbortSignal that fires on that timeout or when the client goes away, so
 *   queued work is dropped. (Fastify's own handlerTimeout cannot be used: it listens for the
 *   request stream's `close`, which Node emits as soon as a POST body has been read, so it aborts
 *   every POST and then never times out.)
 * The body size limit is Fastify's bodyLimit (set in app.ts); errors.ts answers it with 413.
 */
import type { FastifyReply } from 'fastify';
import { ApiError } from '../api-error.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** Aborted when the request times out (reason: the timeout ApiError) or the client disconnects. */
    cancel: AbortSignal;
  }
}

/** Why a content type is refused, or undefined when it is application/json in UTF-8. */
export function contentTypeProblem(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return 'missing Content-Type; send application/json';
  const [mediaType = '', ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json') return `unsupported Content-Type ${JSON.stringify(mediaType.slice(0, 100))}; send application/json`;
  for (const param of params) {
    const [key, value = ''] = param.split('=').map((part) => part.trim());
    if (key === 'charset' && value.replace(/"/g, '') !== 'utf-8') return `unsupported charset ${JSON.stringify(value.slice(0, 40))}; send utf-8`;
  }
  return undefined;
}

/** The client went away before its answer was written. */
export class ClientGoneError extends Error {
  override readonly name = 'ClientGoneError';
}

export interface LimitsPluginOptions {
  requestTimeoutMs: number;
}

function sendTimeout(reply: FastifyReply, error: ApiError): void {
  if (reply.sent || reply.raw.headersSent) return;
  // The route's declared schema for 503 may be another shape (GET /health): send the error body as is.
  reply.code(error.statusCode).type('application/json; charset=utf-8').serializer(JSON.stringify).send(error.body());
}

export const limitsPlugin = fp<LimitsPluginOptions>(async (app, { requestTimeoutMs }) => {
  app.decorateRequest('cancel', null as unknown as AbortSignal);

  const timers = new WeakMap<object, NodeJS.Timeout>();
  app.addHook('onRequest', async (request, reply) => {
    const controller = new AbortController();
    request.cancel = controller.signal;
    const timer = setTimeout(() => {
      if (reply.sent) return;
      const error = new ApiError('timeout', `request not answered within the ${requestTimeoutMs} ms limit`);
      controller.abort(error);
      request.log.warn({ timeout_ms: requestTimeoutMs }, 'request timed out');
      sendTimeout(reply, error);
    }, requestTimeoutMs);
    timers.set(request, timer);
    reply.raw.once('close', () => {
      clearTimeout(timer);
      if (!reply.raw.writableFinished) controller.abort(new ClientGoneError('client closed the connection'));
    });
  });
  app.addHook('onResponse', async (request) => {
    clearTimeout(timers.get(request));
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.method !== 'POST') return;
    // POST /admin/reload takes no body: a bodiless POST needs no Content-Type.
    if (request.routeOptions.url === '/admin/reload' && !request.headers['content-length'] && !request.headers['transfer-encoding']) return;
    const problem = contentTypeProblem(request.headers['content-type']);
    if (problem) throw new ApiError('unsupported_media_type', problem);
  });
}, { name: 'limits' });
