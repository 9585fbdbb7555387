/**
 * POST /admin/reload (behind API_KEY when one is set): hot reload, as SIGHUP does. Loads the version
 * artifacts/current.json names, verifies it (checksums, schemas, a smoke classification) and swaps
 * it in; requests in flight finish on the version they started with. 200 with the outcome
 * (`reloaded`, or `unchanged` when that version is already active); 409 `reload_failed` with the
 * reason when the new version was refused, while the active version keeps serving.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../api-error.js';
import { errorResponses } from '../route-schemas.js';

const RELOAD_RESPONSE = {
  type: 'object',
  additionalProperties: false,
  required: ['outcome', 'previous_version', 'active_version'],
  properties: {
    outcome: { enum: ['reloaded', 'unchanged'] },
    previous_version: { type: 'string' },
    active_version: { type: 'string' },
  },
} as const;

export const adminReloadRoute: FastifyPluginAsync = async (app) => {
  app.post(
    '/admin/reload',
    {
      schema: {
        summary: 'Hot reload the artifact version artifacts/current.json names',
        description: 'Verifies the new version completely (checksums, schemas, a smoke classification) before it serves; a refused version leaves the active one serving (409 reload_failed with the reason). Same as SIGHUP.',
        response: { 200: { description: 'The version now serving', ...RELOAD_RESPONSE }, ...errorResponses(401, 409, 500, 503) },
      },
    },
    async () => {
      const result = await app.classifier.reload();
      if (result.outcome === 'failed') {
        throw new ApiError('reload_failed', result.error ?? 'reload failed', { active_version: result.active_version ?? null });
      }
      return { outcome: result.outcome, previous_version: result.previous_version, active_version: result.active_version };
    },
  );
};
