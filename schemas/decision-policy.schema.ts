import envelopeSchema from './envelope.schema.js';

export default {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://query-intent.local/schemas/decision-policy.schema.json",
  "title": "Decision policy",
  "description": "The editable, versioned values of the decision policy (shared/policy/decision-policy.json). Every intent label must have a weight; label and family names are closed sets. Semantic checks the schema cannot express (coefficients summing to 1) are made by shared/policy/decision-policy.ts.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "policy_version",
    "commercial_score",
    "subtype_sets",
    "safe_families",
    "score_thresholds",
    "default_thresholds",
    "commercial_override_enabled",
    "commercial_override"
  ],
  "properties": {
    "$schema": {
      "type": "string"
    },
    "$comment": {
      "type": "string"
    },
    "policy_version": {
      "description": "Date form YYYY-MM-DD, optionally followed by a suffix such as .1 for a second edit on the same day.",
      "type": "string",
      "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}([.-][0-9A-Za-z.-]+)?$"
    },
    "commercial_score": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "coefficients",
        "unknown_label_weight",
        "weights"
      ],
      "properties": {
        "coefficients": {
          "description": "commercial_score = round4(intent_type * w_type + decision_phase * w_phase + intent_subtype * w_subtype). Must sum to 1.",
          "type": "object",
          "additionalProperties": false,
          "required": [
            "intent_type",
            "decision_phase",
            "intent_subtype"
          ],
          "properties": {
            "intent_type": {
              "$ref": "#/$defs/unit"
            },
            "decision_phase": {
              "$ref": "#/$defs/unit"
            },
            "intent_subtype": {
              "$ref": "#/$defs/unit"
            }
          }
        },
        "unknown_label_weight": {
          "description": "Weight of a label that is not in the weight table.",
          "$ref": "#/$defs/unit"
        },
        "weights": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "intent_type",
            "decision_phase",
            "intent_subtype"
          ],
          "properties": {
            "intent_type": {
              "type": "object",
              "additionalProperties": false,
              "required": envelopeSchema.$defs.intent_type.enum,
              "properties": {
                "informational": {
                  "$ref": "#/$defs/unit"
                },
                "exploratory": {
                  "$ref": "#/$defs/unit"
                },
                "commercial": {
                  "$ref": "#/$defs/unit"
                },
                "transactional": {
                  "$ref": "#/$defs/unit"
                },
                "support": {
                  "$ref": "#/$defs/unit"
                },
                "personal_reflection": {
                  "$ref": "#/$defs/unit"
                },
                "creative_generation": {
                  "$ref": "#/$defs/unit"
                },
                "chit_chat": {
                  "$ref": "#/$defs/unit"
                },
                "ambiguous": {
                  "$ref": "#/$defs/unit"
                },
                "prohibited": {
                  "$ref": "#/$defs/unit"
                }
              }
            },
            "decision_phase": {
              "type": "object",
              "additionalProperties": false,
              "required": envelopeSchema.$defs.decision_phase.enum,
              "properties": {
                "awareness": {
                  "$ref": "#/$defs/unit"
                },
                "research": {
                  "$ref": "#/$defs/unit"
                },
                "consideration": {
                  "$ref": "#/$defs/unit"
                },
                "decision": {
                  "$ref": "#/$defs/unit"
                },
                "action": {
                  "$ref": "#/$defs/unit"
                },
                "post_purchase": {
                  "$ref": "#/$defs/unit"
                },
                "support": {
                  "$ref": "#/$defs/unit"
                }
              }
            },
            "intent_subtype": {
              "type": "object",
              "additionalProperties": false,
              "required": envelopeSchema.$defs.intent_subtype.enum,
              "properties": {
                "education": {
                  "$ref": "#/$defs/unit"
                },
                "product_discovery": {
                  "$ref": "#/$defs/unit"
                },
                "comparison": {
                  "$ref": "#/$defs/unit"
                },
                "evaluation": {
                  "$ref": "#/$defs/unit"
                },
                "deal_seeking": {
                  "$ref": "#/$defs/unit"
                },
                "provider_selection": {
                  "$ref": "#/$defs/unit"
                },
                "signup": {
                  "$ref": "#/$defs/unit"
                },
                "purchase": {
                  "$ref": "#/$defs/unit"
                },
                "booking": {
                  "$ref": "#/$defs/unit"
                },
                "download": {
                  "$ref": "#/$defs/unit"
                },
                "contact_sales": {
                  "$ref": "#/$defs/unit"
                },
                "task_execution": {
                  "$ref": "#/$defs/unit"
                },
                "onboarding_setup": {
                  "$ref": "#/$defs/unit"
                },
                "troubleshooting": {
                  "$ref": "#/$defs/unit"
                },
                "account_help": {
                  "$ref": "#/$defs/unit"
                },
                "billing_help": {
                  "$ref": "#/$defs/unit"
                },
                "follow_up": {
                  "$ref": "#/$defs/unit"
                },
                "emotional_reflection": {
                  "$ref": "#/$defs/unit"
                }
              }
            }
          }
        }
      }
    },
    "subtype_sets": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "high_intent",
        "cautionary",
        "low_signal"
      ],
      "properties": {
        "high_intent": {
          "$ref": "#/$defs/subtype_list"
        },
        "cautionary": {
          "$ref": "#/$defs/subtype_list"
        },
        "low_signal": {
          "$ref": "#/$defs/subtype_list"
        }
      }
    },
    "safe_families": {
      "$ref": "#/$defs/family_list"
    },
    "score_thresholds": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "commercial_score_min",
        "high_intent_score_min",
        "download_score_min"
      ],
      "properties": {
        "commercial_score_min": {
          "$ref": "#/$defs/unit"
        },
        "high_intent_score_min": {
          "$ref": "#/$defs/unit"
        },
        "download_score_min": {
          "$ref": "#/$defs/unit"
        }
      }
    },
    "default_thresholds": {
      "description": "Default per-head confidence thresholds, used until a trained artifact overrides them.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "intent_type",
        "intent_subtype",
        "decision_phase",
        "ad_content"
      ],
      "properties": {
        "intent_type": {
          "$ref": "#/$defs/unit"
        },
        "intent_subtype": {
          "$ref": "#/$defs/unit"
        },
        "decision_phase": {
          "$ref": "#/$defs/unit"
        },
        "ad_content": {
          "$ref": "#/$defs/unit"
        }
      }
    },
    "commercial_override_enabled": {
      "description": "When true, fallback rule 5 (confidence_below_threshold) is cancelled for clearly commercial queries as described by commercial_override. Off until evaluation shows it helps.",
      "type": "boolean"
    },
    "commercial_override": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "intent_types",
        "decision_phases",
        "subtype_families",
        "min_commercial_score",
        "min_mapping_confidence"
      ],
      "properties": {
        "intent_types": {
          "type": "array",
          "uniqueItems": true,
          "minItems": 1,
          "items": {
            "$ref": "#/$defs/intent_type"
          }
        },
        "decision_phases": {
          "type": "array",
          "uniqueItems": true,
          "minItems": 1,
          "items": {
            "$ref": "#/$defs/decision_phase"
          }
        },
        "subtype_families": {
          "$ref": "#/$defs/family_list"
        },
        "min_commercial_score": {
          "$ref": "#/$defs/unit"
        },
        "min_mapping_confidence": {
          "$ref": "#/$defs/unit"
        }
      }
    }
  },
  "$defs": {
    "unit": envelopeSchema.$defs.unit,
    "intent_type": envelopeSchema.$defs.intent_type,
    "decision_phase": envelopeSchema.$defs.decision_phase,
    "intent_subtype": envelopeSchema.$defs.intent_subtype,
    "subtype_family": {
      "enum": [
        "informational",
        "commercial",
        "transactional",
        "post_purchase",
        "support",
        "ambiguous",
        "reflection"
      ]
    },
    "subtype_list": {
      "type": "array",
      "uniqueItems": true,
      "items": {
        "$ref": "#/$defs/intent_subtype"
      }
    },
    "family_list": {
      "type": "array",
      "uniqueItems": true,
      "items": {
        "$ref": "#/$defs/subtype_family"
      }
    }
  }
} as const;
