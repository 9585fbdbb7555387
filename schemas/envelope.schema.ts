export default {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://query-intent.local/schemas/envelope.schema.json",
  "title": "Decision envelope",
  "description": "Response of POST /classify (intent-service-spec.md 2.2; value sets and fallback layout from decision-policy.md). Every confidence and score is rounded to 4 decimals. ad_content tiers are filled down to the depth of the matched path and deeper tiers are omitted (never null); tier1 is required unless meta.ad_content_mapping_is_placeholder is true, in which case the tiers may be absent. Changing this file requires bumping API_SCHEMA_VERSION (shared/envelope/schema-version.ts).",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "model_output",
    "system_decision",
    "meta"
  ],
  "properties": {
    "model_output": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "classification",
        "fallback"
      ],
      "properties": {
        "classification": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "ad_content",
            "intent"
          ],
          "properties": {
            "ad_content": {
              "$ref": "#/$defs/ad_content"
            },
            "intent": {
              "$ref": "#/$defs/intent"
            }
          }
        },
        "fallback": {
          "description": "null when no fallback applies.",
          "anyOf": [
            {
              "type": "null"
            },
            {
              "$ref": "#/$defs/fallback"
            }
          ]
        }
      }
    },
    "system_decision": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "policy",
        "opportunity",
        "intent_trajectory"
      ],
      "properties": {
        "policy": {
          "$ref": "#/$defs/policy"
        },
        "opportunity": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "type",
            "strength"
          ],
          "properties": {
            "type": {
              "enum": [
                "none",
                "transaction_trigger",
                "decision_moment",
                "comparison_slot",
                "soft_recommendation"
              ]
            },
            "strength": {
              "enum": [
                "low",
                "medium",
                "high"
              ]
            }
          }
        },
        "intent_trajectory": {
          "description": "Decision phases in order; a single entry for this single-turn service.",
          "type": "array",
          "minItems": 1,
          "items": {
            "$ref": "#/$defs/decision_phase"
          }
        }
      }
    },
    "meta": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "system_version",
        "calibration_enabled",
        "ad_content_mapping_is_placeholder"
      ],
      "properties": {
        "system_version": {
          "$ref": "#/$defs/version_string"
        },
        "calibration_enabled": {
          "description": "True when any intent head used calibrated confidence.",
          "type": "boolean"
        },
        "ad_content_mapping_is_placeholder": {
          "description": "True when the content mapping used the placeholder fallback.",
          "type": "boolean"
        },
        "artifact_version": {
          "$ref": "#/$defs/version_string"
        },
        "encoder_id": {
          "$ref": "#/$defs/version_string"
        },
        "policy_version": {
          "$ref": "#/$defs/version_string"
        }
      }
    }
  },
  "if": {
    "type": "object",
    "required": [
      "meta"
    ],
    "properties": {
      "meta": {
        "type": "object",
        "required": [
          "ad_content_mapping_is_placeholder"
        ],
        "properties": {
          "ad_content_mapping_is_placeholder": {
            "const": false
          }
        }
      }
    }
  },
  "then": {
    "type": "object",
    "properties": {
      "model_output": {
        "type": "object",
        "properties": {
          "classification": {
            "type": "object",
            "properties": {
              "ad_content": {
                "type": "object",
                "required": [
                  "tier1"
                ],
                "properties": {
                  "tier1": {
                    "$ref": "#/$defs/tier"
                  }
                }
              }
            }
          }
        }
      }
    }
  },
  "$defs": {
    "unit": {
      "type": "number",
      "minimum": 0,
      "maximum": 1
    },
    "version_string": {
      "type": "string",
      "minLength": 1
    },
    "intent_type": {
      "enum": [
        "informational",
        "exploratory",
        "commercial",
        "transactional",
        "support",
        "personal_reflection",
        "creative_generation",
        "chit_chat",
        "ambiguous",
        "prohibited"
      ]
    },
    "intent_subtype": {
      "enum": [
        "education",
        "product_discovery",
        "comparison",
        "evaluation",
        "deal_seeking",
        "provider_selection",
        "signup",
        "purchase",
        "booking",
        "download",
        "contact_sales",
        "task_execution",
        "onboarding_setup",
        "troubleshooting",
        "account_help",
        "billing_help",
        "follow_up",
        "emotional_reflection"
      ]
    },
    "decision_phase": {
      "enum": [
        "awareness",
        "research",
        "consideration",
        "decision",
        "action",
        "post_purchase",
        "support"
      ]
    },
    "tier": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id",
        "label"
      ],
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1
        },
        "label": {
          "type": "string",
          "minLength": 1
        }
      }
    },
    "ad_content": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "taxonomy",
        "taxonomy_version",
        "mapping_mode",
        "mapping_confidence"
      ],
      "properties": {
        "taxonomy": {
          "type": "string",
          "minLength": 1
        },
        "taxonomy_version": {
          "type": "string",
          "minLength": 1
        },
        "tier1": {
          "$ref": "#/$defs/tier"
        },
        "tier2": {
          "$ref": "#/$defs/tier"
        },
        "tier3": {
          "$ref": "#/$defs/tier"
        },
        "tier4": {
          "$ref": "#/$defs/tier"
        },
        "mapping_mode": {
          "enum": [
            "exact",
            "nearest_equivalent",
            "internal_extension"
          ]
        },
        "mapping_confidence": {
          "$ref": "#/$defs/unit"
        }
      },
      "dependentRequired": {
        "tier2": [
          "tier1"
        ],
        "tier3": [
          "tier2"
        ],
        "tier4": [
          "tier3"
        ]
      }
    },
    "head_component": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "label",
        "confidence",
        "raw_confidence",
        "confidence_threshold",
        "calibrated",
        "meets_threshold"
      ],
      "properties": {
        "label": {
          "type": "string"
        },
        "confidence": {
          "description": "Calibrated confidence.",
          "$ref": "#/$defs/unit"
        },
        "raw_confidence": {
          "description": "Confidence before calibration.",
          "$ref": "#/$defs/unit"
        },
        "confidence_threshold": {
          "$ref": "#/$defs/unit"
        },
        "calibrated": {
          "type": "boolean"
        },
        "meets_threshold": {
          "description": "confidence >= confidence_threshold, compared before rounding.",
          "type": "boolean"
        }
      }
    },
    "intent": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "type",
        "subtype",
        "decision_phase",
        "confidence",
        "commercial_score",
        "summary",
        "component_confidence"
      ],
      "properties": {
        "type": {
          "$ref": "#/$defs/intent_type"
        },
        "subtype": {
          "$ref": "#/$defs/intent_subtype"
        },
        "decision_phase": {
          "$ref": "#/$defs/decision_phase"
        },
        "confidence": {
          "description": "Overall confidence, see component_confidence.overall_strategy.",
          "$ref": "#/$defs/unit"
        },
        "commercial_score": {
          "$ref": "#/$defs/unit"
        },
        "summary": {
          "type": "string",
          "minLength": 1,
          "maxLength": 300
        },
        "component_confidence": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "intent_type",
            "intent_subtype",
            "decision_phase",
            "overall_strategy"
          ],
          "properties": {
            "intent_type": {
              "type": "object",
              "$ref": "#/$defs/head_component",
              "properties": {
                "label": {
                  "$ref": "#/$defs/intent_type"
                }
              }
            },
            "intent_subtype": {
              "type": "object",
              "$ref": "#/$defs/head_component",
              "properties": {
                "label": {
                  "$ref": "#/$defs/intent_subtype"
                }
              }
            },
            "decision_phase": {
              "type": "object",
              "$ref": "#/$defs/head_component",
              "properties": {
                "label": {
                  "$ref": "#/$defs/decision_phase"
                }
              }
            },
            "overall_strategy": {
              "enum": [
                "min_required_component_confidence"
              ]
            }
          }
        }
      }
    },
    "fallback": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "applied",
        "reason",
        "fallback_intent_type",
        "fallback_monetization_eligibility",
        "failed_components"
      ],
      "properties": {
        "applied": {
          "const": true
        },
        "reason": {
          "enum": [
            "confidence_below_threshold",
            "ambiguous_query",
            "policy_default"
          ]
        },
        "fallback_intent_type": {
          "enum": [
            "ambiguous",
            "prohibited",
            "support",
            "chit_chat",
            "personal_reflection"
          ]
        },
        "fallback_monetization_eligibility": {
          "const": "not_allowed"
        },
        "failed_components": {
          "description": "Heads below their threshold; the subtype only when it is not low-signal.",
          "type": "array",
          "uniqueItems": true,
          "items": {
            "enum": [
              "intent_type",
              "intent_subtype",
              "decision_phase"
            ]
          }
        }
      }
    },
    "policy": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "monetization_eligibility",
        "eligibility_reason",
        "decision_basis",
        "applied_thresholds",
        "sensitivity",
        "regulated_vertical"
      ],
      "properties": {
        "monetization_eligibility": {
          "enum": [
            "allowed",
            "allowed_with_caution",
            "restricted",
            "not_allowed"
          ]
        },
        "eligibility_reason": {
          "enum": [
            "confidence_below_threshold",
            "ambiguous_query",
            "policy_default",
            "sensitive_content",
            "high_intent_subtype_signal",
            "regulated_vertical_caution",
            "commercial_discovery_signal_present",
            "commercial_comparison_signal_present",
            "commercial_decision_signal_present",
            "download_signal_present",
            "post_purchase_setup_query",
            "operational_task_query",
            "commercial_signal_below_threshold"
          ]
        },
        "decision_basis": {
          "enum": [
            "score_threshold",
            "content_sensitivity",
            "fallback_ambiguous_intent",
            "fallback_policy_default",
            "fallback_low_confidence"
          ]
        },
        "applied_thresholds": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "commercial_score_min",
            "intent_type_confidence_min",
            "intent_subtype_confidence_min",
            "decision_phase_confidence_min"
          ],
          "properties": {
            "commercial_score_min": {
              "$ref": "#/$defs/unit"
            },
            "intent_type_confidence_min": {
              "$ref": "#/$defs/unit"
            },
            "intent_subtype_confidence_min": {
              "$ref": "#/$defs/unit"
            },
            "decision_phase_confidence_min": {
              "$ref": "#/$defs/unit"
            }
          }
        },
        "sensitivity": {
          "enum": [
            "low",
            "medium",
            "high"
          ]
        },
        "regulated_vertical": {
          "description": "The chosen ad_content node or an ancestor is a regulated vertical.",
          "type": "boolean"
        }
      }
    }
  }
} as const;
