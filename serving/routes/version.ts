/** GET /version (outside auth): the classifier and envelope-schema versions, the artifact, the encoder and every effective limit. */
import type { FastifyPluginAsync } from 'fastify';
import { API_SCHEMA_VERSION } from '../../shared/envelope/schema-version.js';
import { packageVersion } from '../../shared/pipeline/classifier-runtime.js';
import { TAXONOMY_VERSION } from '../../shared/taxonomy/taxonomy.js';
import { errorResponses } from '../route-schemas.js';
import { ref, REQUEST_LIMITS } from '../schemas.js';

export const versionRoute: FastifyPluginAsync = async (app) => {
  app.get(
    '/version',
    {
      schema: {
        summary: 'Versions and effective limits',
        response: { 200: { description: 'Versions; artifact, encoder and policy fields once the artifacts are loaded', ...ref('version') }, ...errorResponses(500) },
      },
    },
    async () => {
      const runtime = app.classifier.runtime;
      const { requestTimeoutMs, bodyLimitBytes } = app.servingConfig;
      return {
        system_version: runtime?.systemVersion ?? packageVersion(),
        api_schema_version: API_SCHEMA_VERSION,
        ...(runtime ? { artifact_version: runtime.artifacts.version, encoder_id: runtime.encoder.id, policy_version: runtime.policy.policy_version } : {}),
        taxonomy_version: TAXONOMY_VERSION,
        limits: {
          max_text_length: REQUEST_LIMITS.maxTextLength,
          max_batch_size: REQUEST_LIMITS.maxBatchSize,
          request_timeout_ms: requestTimeoutMs,
          body_limit_bytes: bodyLimitBytes,
        },
      };
    },
  );
};
