/**
 * One error body everywhere. This plugin owns every path to an error response: the strict JSON body
 * parser (invalid_json), the error handler (validation, limits, timeouts, not_ready, and 500 with no
 * internals), the not-found handler (404, or 405 with Allow when the path exists under another
 * method), and the raw-socket answer to malformed HTTP.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { ApiError, type ErrorBody } from '../api-error.js';
import { BatcherClosedError } from '../batcher.js';
import { NotReadyError } from '../classifier-service.js';
import { EncoderWorkerError } from '../encoder-pool.js';
import fp from 'fastify-plugin';
import { ClientGoneError } from './limits.js';

export interface ErrorsPluginOptions {
  bodyLimitBytes: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** application/json bodies: strict UTF-8, then JSON.parse; messages never echo the body. */
export function parseJsonBody(body: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new ApiError('invalid_json', 'request body is not valid UTF-8');
  }
  if (text.trim() === '') throw new ApiError('invalid_json', 'request body is empty; send a JSON object');
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_json', `request body is not valid JSON (${body.length} bytes)`);
  }
}

/** The value at a JSON pointer (`/texts/3`) inside the body, for "given N" messages. */
function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export interface FieldError {
  /** JSON pointer into the body ("" is the body itself). */
  field: string;
  message: string;
}

/** One readable line per ajv error, naming the field and stating limits as "given N, max M". */
export function describeValidationError(error: ErrorObject, body: unknown): FieldError {
  const params = error.params as Record<string, unknown>;
  const child = params.missingProperty ?? params.additionalProperty;
  const field = typeof child === 'string' ? `${error.instancePath}/${child}` : error.instancePath;
  const name = field === '' ? 'body' : field.slice(1);
  const value = valueAt(body, error.instancePath);
  switch (error.keyword) {
    case 'required':
      return { field, message: `${name} is required` };
    case 'additionalProperties':
      return { field, message: `${name} is not an allowed field` };
    case 'type':
      return { field, message: `${name} must be ${String(params.type) === 'object' ? 'a JSON object' : `of type ${String(params.type)}`}` };
    case 'maxLength':
      return { field, message: `${name} is too long after trimming: given ${typeof value === 'string' ? [...value].length : '?'} characters, max ${String(params.limit)}` };
    case 'minLength':
      return { field, message: `${name} is empty after trimming: given 0 characters, min ${String(params.limit)}` };
    case 'pattern':
      return { field, message: `${name} must contain a non-whitespace character` };
    case 'maxItems':
      return { field, message: `${name} has too many items: given ${Array.isArray(value) ? value.length : '?'}, max ${String(params.limit)}` };
    case 'minItems':
      return { field, message: `${name} has too few items: given ${Array.isArray(value) ? value.length : '?'}, min ${String(params.limit)}` };
    default:
      return { field, message: `${name} ${error.message ?? `fails ${error.keyword}`}` };
  }
}

function validationError(errors: readonly ErrorObject[], body: unknown): ApiError {
  const described = errors.map((error) => describeValidationError(error, body));
  const unique = [...new Map(described.map((d) => [`${d.field}\0${d.message}`, d])).values()];
  // A whitespace-only text fails minLength and pattern: the first message per field is enough.
  const perField = unique.filter((d, i) => unique.findIndex((e) => e.field === d.field) === i);
  return new ApiError('invalid_request', perField.map((d) => d.message).join('; '), { field: perField[0]?.field ?? '', errors: unique });
}

/** Map anything thrown while handling a request to the API error it is answered with. */
export function toApiError(error: unknown, request: FastifyRequest, options: ErrorsPluginOptions): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof NotReadyError) return new ApiError('not_ready', `${error.message}; retry shortly`, undefined, { 'retry-after': '1' });
  if (error instanceof BatcherClosedError) return new ApiError('not_ready', 'the service is shutting down', undefined, { 'retry-after': '1' });
  if (error instanceof EncoderWorkerError) return new ApiError('encoder_unavailable', 'the encoder worker running this request stopped; retry', undefined, { 'retry-after': '1' });
  // Only logged: the client is gone, or the timeout answer was already sent.
  if (error instanceof ClientGoneError) return new ApiError('timeout', 'client closed the connection');
  const fastifyError = error as Partial<FastifyError> & { validation?: ErrorObject[] };
  if (Array.isArray(fastifyError.validation)) return validationError(fastifyError.validation, request.body);
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const given = Number(request.headers['content-length']);
      return new ApiError(
        'payload_too_large',
        Number.isFinite(given) && given > options.bodyLimitBytes
          ? `request body too large: given ${given} bytes, max ${options.bodyLimitBytes}`
          : `request body too large: max ${options.bodyLimitBytes} bytes`,
      );
    }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type', 'send the body as application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_json', 'request body is empty; send a JSON object');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('invalid_request', 'request body length does not match Content-Length');
    default:
      break;
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'invalid_request', 'the request cannot be processed');
  }
  return new ApiError('internal_error', `internal error; see the server log for request ${request.id}`, { request_id: request.id });
}

function send(reply: FastifyReply, error: ApiError): FastifyReply {
  // A route may declare another shape for this status (GET /health's 503 is its health report): the
  // error body is sent as is, so a 503 not_ready during shutdown never turns into a 500.
  return reply.code(error.statusCode).headers(error.headers).type('application/json; charset=utf-8').serializer(JSON.stringify).send(error.body());
}

/** The error body for malformed HTTP, written straight to the socket (Fastify's clientErrorHandler). */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body]: [number, string, ErrorBody] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', { error: { code: 'timeout', message: 'request not received in time' } }]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', { error: { code: 'payload_too_large', message: 'request headers too large' } }]
        : [400, 'Bad Request', { error: { code: 'invalid_request', message: 'malformed HTTP request' } }];
  this.log.debug({ err: error }, 'client error');
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`);
  }
  socket.destroy();
}

export const errorsPlugin = fp<ErrorsPluginOptions>(async (app, options) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  // Known paths and their methods, for 405 with Allow.
  const methodsByPath = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = methodsByPath.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    methodsByPath.set(route.url, methods);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const allowed = methodsByPath.get(path);
    if (allowed && !allowed.has(request.method)) {
      const allow = [...allowed].sort().join(', ');
      return send(reply, new ApiError('method_not_allowed', `${request.method} is not allowed on ${path}; allowed: ${allow}`, { allow: [...allowed].sort() }, { allow }));
    }
    return send(reply, new ApiError('not_found', `no route ${request.method} ${path.slice(0, 200)}`));
  });

  app.setErrorHandler(async (error, request, reply) => {
    const apiError = toApiError(error, request, options);
    if (apiError.statusCode >= 500 && apiError.code === 'internal_error') {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: apiError.code, status: apiError.statusCode }, apiError.message);
    }
    return send(reply, apiError);
  });
}, { name: 'errors' });
