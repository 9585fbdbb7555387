export default {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://query-intent.local/schemas/manifest.schema.json",
  "title": "Artifact manifest",
  "description": "artifacts/<version>/manifest.json: what a version contains and what it was trained from. The loader validates it before checking any file.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "schema_version",
    "version",
    "encoder",
    "feature_sets",
    "taxonomy_sha256",
    "training_data",
    "hyperparameters",
    "seed",
    "labels",
    "thresholds",
    "library_versions",
    "files"
  ],
  "$defs": {
    "sha256": {
      "type": "string",
      "pattern": "^[0-9a-f]{64}$"
    },
    "featureSet": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "kind"
      ],
      "properties": {
        "kind": {
          "enum": [
            "embedding",
            "embedding+ngrams"
          ]
        },
        "ngrams": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "buckets",
            "wordNgrams",
            "charNgrams"
          ],
          "properties": {
            "buckets": {
              "type": "integer",
              "minimum": 1
            },
            "wordNgrams": {
              "type": "array",
              "items": {
                "type": "integer",
                "minimum": 1
              }
            },
            "charNgrams": {
              "type": "array",
              "items": {
                "type": "integer",
                "minimum": 1
              }
            }
          }
        },
        "ngramWeight": {
          "type": "number",
          "minimum": 0
        },
        "ngramScope": {
          "enum": [
            "query",
            "wanted"
          ]
        }
      }
    }
  },
  "properties": {
    "schema_version": {
      "const": 1
    },
    "version": {
      "type": "string",
      "pattern": "^v[0-9a-f]{12}$"
    },
    "encoder": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id",
        "fingerprint",
        "dim"
      ],
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1
        },
        "fingerprint": {
          "$ref": "#/$defs/sha256"
        },
        "dim": {
          "type": "integer",
          "minimum": 1
        }
      }
    },
    "feature_sets": {
      "type": "object",
      "additionalProperties": {
        "$ref": "#/$defs/featureSet"
      }
    },
    "taxonomy_sha256": {
      "$ref": "#/$defs/sha256"
    },
    "training_data": {
      "type": "array",
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "path",
          "sha256",
          "rows"
        ],
        "properties": {
          "path": {
            "type": "string"
          },
          "sha256": {
            "$ref": "#/$defs/sha256"
          },
          "rows": {
            "type": "integer",
            "minimum": 0
          }
        }
      }
    },
    "hyperparameters": {
      "type": "object"
    },
    "seed": {
      "type": "integer"
    },
    "labels": {
      "type": "object",
      "additionalProperties": {
        "type": "array",
        "items": {
          "type": "string"
        },
        "minItems": 1
      }
    },
    "thresholds": {
      "type": "object",
      "additionalProperties": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "threshold",
          "target_precision",
          "target_met",
          "floor"
        ],
        "properties": {
          "threshold": {
            "type": "number",
            "minimum": 0,
            "maximum": 1
          },
          "target_precision": {
            "type": "number",
            "minimum": 0,
            "maximum": 1
          },
          "target_met": {
            "type": "boolean"
          },
          "floor": {
            "type": "number",
            "minimum": 0,
            "maximum": 1
          }
        }
      }
    },
    "library_versions": {
      "type": "object",
      "additionalProperties": {
        "type": "string"
      }
    },
    "files": {
      "type": "array",
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "path",
          "sha256",
          "bytes"
        ],
        "properties": {
          "path": {
            "type": "string",
            "pattern": "^[A-Za-z0-9_./-]+$",
            "not": {
              "pattern": "(^|/)\\.\\.(/|$)"
            }
          },
          "sha256": {
            "$ref": "#/$defs/sha256"
          },
          "bytes": {
            "type": "integer",
            "minimum": 0
          },
          "optional": {
            "type": "boolean"
          }
        }
      }
    }
  }
} as const;
