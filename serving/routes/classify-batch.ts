/** POST /classify/batch: 1 to 64 queries in, one envelope per query out, in order. */
import type { FastifyPluginAsync } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type classifyBatchRequestSchema from '../../schemas/classify-batch-request.schema.js';
import { classifyTexts } from '../classify-texts.js';
import { errorResponses } from '../route-schemas.js';
import { ref } from '../schemas.js';
import { trimTexts } from '../trim-texts.js';

type ClassifyBatchRequest = FromSchema<typeof classifyBatchRequestSchema>;

export const classifyBatchRoute: FastifyPluginAsync = async (app) => {
  app.post<{ Body: ClassifyBatchRequest }>(
    '/classify/batch',
    {
      schema: {
        summary: 'Classify up to 64 queries',
        description: 'Each text has the limits of POST /classify. The texts join the same encoder batches as concurrent /classify requests; results keep the request order.',
        body: ref('classifyBatchRequest'),
        response: { 200: { description: 'One envelope per text, in order', ...ref('classifyBatchResponse') }, ...errorResponses(400, 401, 413, 415, 500, 503) },
      },
      preValidation: trimTexts,
    },
    async (request, reply) => {
      const { texts } = request.body;
      const results = await classifyTexts(app, request, reply, texts);
      return results ? { results } : reply;
    },
  );
};
