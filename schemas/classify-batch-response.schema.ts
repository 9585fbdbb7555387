export default {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://query-intent.local/schemas/classify-batch-response.schema.json",
  "title": "POST /classify/batch response",
  "description": "One envelope (envelope.schema.json) per request text, in request order.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "results"
  ],
  "properties": {
    "results": {
      "type": "array",
      "minItems": 1,
      "maxItems": 64,
      "items": {
        "$ref": "https://query-intent.local/schemas/envelope.schema.json"
      }
    }
  }
} as const;
