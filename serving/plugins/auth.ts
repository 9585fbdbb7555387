/**
 * Bearer-key authentication. When an API key is configured, every request except the open routes
 * (/health and /version) needs `Authorization: Bearer <key>`; anything else gets 401 unauthorized.
 * Keys are compared as SHA-256 digests with timingSafeEqual (constant time, any length).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../api-error.js';
import fp from 'fastify-plugin';

export const OPEN_ROUTES: ReadonlySet<string> = new Set(['/health', '/version']);

export interface AuthPluginOptions {
  apiKey: string | undefined;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export const authPlugin = fp<AuthPluginOptions>(async (app, { apiKey }) => {
  if (apiKey === undefined) return;
  const expected = digest(apiKey);
  app.addHook('onRequest', async (request) => {
    if (!request.is404 && OPEN_ROUTES.has(request.routeOptions.url ?? '')) return;
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer[ ]+(\S+)\s*$/i.exec(header) : null;
    if (!match || !timingSafeEqual(digest(match[1] as string), expected)) {
      throw new ApiError(
        'unauthorized',
        header === undefined ? 'missing Authorization header; send Authorization: Bearer <key>' : 'invalid API key',
        undefined,
        { 'www-authenticate': 'Bearer' },
      );
    }
  });
}, { name: 'auth' });
