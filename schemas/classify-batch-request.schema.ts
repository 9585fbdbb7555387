import classifyRequestSchema from './classify-request.schema.js';

export default {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://query-intent.local/schemas/classify-batch-request.schema.json",
  "title": "Batch classify request",
  "description": "1 to 64 queries, each with the limits of classify-request.schema.json (trimmed before the length check: 1 to 5000 characters). The response is one envelope per text, in order.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "texts"
  ],
  "properties": {
    "texts": {
      "type": "array",
      "minItems": 1,
      "maxItems": 64,
      "items": {
        "$ref": "#/$defs/query_text"
      }
    }
  },
  "$defs": {
    "query_text": classifyRequestSchema.$defs.query_text
  }
} as const;
