export default {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://query-intent.local/schemas/version.schema.json",
  "title": "GET /version response",
  "description": "system_version and api_schema_version (spec 4.3) plus the declared extras: the artifact id, the encoder, the policy and taxonomy versions and every effective request limit.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "system_version",
    "api_schema_version"
  ],
  "properties": {
    "system_version": {
      "type": "string",
      "minLength": 1
    },
    "api_schema_version": {
      "description": "Version of envelope.schema.json, YYYY-MM-DD.",
      "type": "string",
      "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
      "format": "date"
    },
    "artifact_version": {
      "type": "string",
      "minLength": 1
    },
    "encoder_id": {
      "type": "string",
      "minLength": 1
    },
    "policy_version": {
      "type": "string",
      "minLength": 1
    },
    "taxonomy_version": {
      "type": "string",
      "minLength": 1
    },
    "limits": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "max_text_length": {
          "description": "Characters of trimmed text.",
          "type": "integer",
          "minimum": 1
        },
        "max_batch_size": {
          "description": "Texts per batch request.",
          "type": "integer",
          "minimum": 1
        },
        "request_timeout_ms": {
          "type": "integer",
          "minimum": 1
        },
        "body_limit_bytes": {
          "type": "integer",
          "minimum": 1
        }
      }
    }
  }
} as const;
