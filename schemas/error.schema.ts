export default {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://query-intent.local/schemas/error.schema.json",
  "title": "Error response",
  "description": "The one error body of every endpoint. code is a stable snake_case identifier; message is one human-readable line (limits stated as \"given N, max M\"; 5xx messages hide internals); details is optional structured context (e.g. the validation errors).",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "error"
  ],
  "properties": {
    "error": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "code",
        "message"
      ],
      "properties": {
        "code": {
          "type": "string",
          "pattern": "^[a-z][a-z0-9_]*$"
        },
        "message": {
          "type": "string",
          "minLength": 1
        },
        "details": {
          "type": "object"
        }
      }
    }
  }
} as const;
