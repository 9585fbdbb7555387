/**
 * What both classify routes do once the body is valid: classify through the batcher, count the
 * outcomes, log the queries (length and hash unless LOG_QUERIES). Returns undefined when the reply
 * was already sent meanwhile (the request timed out): the late result or error is dropped quietly.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../shared/envelope/envelope-types.js';

export async function classifyTexts(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, texts: readonly string[]): Promise<Envelope[] | undefined> {
  let envelopes: Envelope[];
  try {
    envelopes = await app.classifier.classify(texts, request.cancel);
  } catch (error) {
    if (reply.sent) return undefined;
    throw error;
  }
  if (reply.sent) return undefined;
  for (const envelope of envelopes) app.serviceMetrics.countEnvelope(envelope);
  request.log.info({ ...request.queryLog(texts), intent_types: envelopes.map((e) => e.model_output.classification.intent.type) }, 'classified');
  return envelopes;
}
