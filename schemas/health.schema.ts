export default {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://query-intent.local/schemas/health.schema.json",
  "title": "GET /health response",
  "description": "status: `ok` when every head is ready, a warm-up inference succeeded and every encoder worker is up; `degraded` when ad_content runs on the placeholder, a head is uncalibrated, or encoder workers are being replaced; `unavailable` (HTTP 503) while artifacts load or when they failed to load. reasons lists every cause of a status other than ok, one line each, without filesystem paths. One heads entry per head.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "status",
    "system_version",
    "reasons",
    "heads"
  ],
  "properties": {
    "status": {
      "enum": [
        "ok",
        "degraded",
        "unavailable"
      ]
    },
    "system_version": {
      "type": "string",
      "minLength": 1
    },
    "reasons": {
      "type": "array",
      "items": {
        "type": "string",
        "minLength": 1
      }
    },
    "heads": {
      "type": "array",
      "minItems": 4,
      "maxItems": 4,
      "items": {
        "$ref": "#/$defs/head_status"
      },
      "allOf": [
        {
          "contains": {
            "type": "object",
            "properties": {
              "head": {
                "const": "intent_type"
              }
            }
          }
        },
        {
          "contains": {
            "type": "object",
            "properties": {
              "head": {
                "const": "intent_subtype"
              }
            }
          }
        },
        {
          "contains": {
            "type": "object",
            "properties": {
              "head": {
                "const": "decision_phase"
              }
            }
          }
        },
        {
          "contains": {
            "type": "object",
            "properties": {
              "head": {
                "const": "ad_content"
              }
            }
          }
        }
      ]
    },
    "encoder_workers": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "size",
        "ready"
      ],
      "properties": {
        "size": {
          "type": "integer",
          "minimum": 1
        },
        "ready": {
          "type": "integer",
          "minimum": 0
        }
      }
    }
  },
  "$defs": {
    "head_status": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "head",
        "model_path",
        "calibration_path",
        "ready",
        "calibrated"
      ],
      "properties": {
        "head": {
          "enum": [
            "intent_type",
            "intent_subtype",
            "decision_phase",
            "ad_content"
          ]
        },
        "model_path": {
          "type": "string",
          "description": "the head's weights file relative to the artifacts folder (<version>/...), never a host path; empty before loading"
        },
        "calibration_path": {
          "type": "string",
          "description": "the head's calibration file relative to the artifacts folder; empty when the head has no calibration artifact"
        },
        "ready": {
          "type": "boolean"
        },
        "calibrated": {
          "type": "boolean"
        }
      }
    }
  }
} as const;
