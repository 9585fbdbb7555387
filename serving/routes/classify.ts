/** POST /classify: one query in, its validated decision envelope out. */
import type { FastifyPluginAsync } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type classifyRequestSchema from '../../schemas/classify-request.schema.js';
import { classifyTexts } from '../classify-texts.js';
import { errorResponses } from '../route-schemas.js';
import { ref } from '../schemas.js';
import { trimTexts } from '../trim-texts.js';

type ClassifyRequest = FromSchema<typeof classifyRequestSchema>;

export const classifyRoute: FastifyPluginAsync = async (app) => {
  app.post<{ Body: ClassifyRequest }>(
    '/classify',
    {
      schema: {
        summary: 'Classify one query',
        description: 'Runs the whole pipeline on `text` (trimmed; 1 to 5000 characters after trimming) and returns the schema-validated decision envelope.',
        body: ref('classifyRequest'),
        response: { 200: { description: 'The decision envelope', ...ref('envelope') }, ...errorResponses(400, 401, 413, 415, 500, 503) },
      },
      preValidation: trimTexts,
    },
    async (request, reply) => {
      const { text } = request.body;
      const envelopes = await classifyTexts(app, request, reply, [text]);
      return envelopes ? envelopes[0] : reply;
    },
  );
};
