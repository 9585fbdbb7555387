/**
 * The request schemas' limits apply to trimmed text, so query texts are trimmed before validation
 * (a preValidation hook): `text` of POST /classify and every string in `texts` of the batch route.
 * Anything else is left for the schema to reject.
 */
import type { FastifyRequest } from 'fastify';

export async function trimTexts(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const fields = body as Record<string, unknown>;
  if (typeof fields.text === 'string') fields.text = fields.text.trim();
  if (Array.isArray(fields.texts)) fields.texts = fields.texts.map((t: unknown) => (typeof t === 'string' ? t.trim() : t));
}
