export default {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://query-intent.local/schemas/classify-request.schema.json",
  "title": "POST /classify request",
  "description": "One query to classify. The server trims `text` (String.prototype.trim) BEFORE the length check, so minLength/maxLength below apply to the trimmed text: 1 to 5000 characters (JSON Schema counts Unicode code points). A validator that only sees the untrimmed body must trim first; the pattern (at least one non-whitespace character) holds for both forms.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "text"
  ],
  "properties": {
    "text": {
      "$ref": "#/$defs/query_text"
    }
  },
  "$defs": {
    "query_text": {
      "description": "Query text; limits apply after trimming.",
      "type": "string",
      "minLength": 1,
      "maxLength": 5000,
      "pattern": "\\S"
    }
  }
} as const;
