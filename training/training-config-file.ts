/** A training configuration from a file and flags, laid over the defaults and checked against the schema. */
import { readFile } from 'node:fs/promises';
import { ConfigError } from '../shared/errors.js';
import { createAjv, formatAjvErrors } from '../shared/schema-ajv.js';
import { TRAINING_CONFIG_SCHEMA, type TrainingConfig } from '../shared/training-config.js';

/** A partial configuration (a config file, or the flags) laid over `base`: objects merge key by key, arrays and values replace. */
export function mergeTrainingConfig(base: TrainingConfig, patch: unknown, source: string): TrainingConfig {
  const merge = (a: unknown, b: unknown): unknown => {
    if (b === undefined) return a;
    if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
      return Object.fromEntries([...new Set([...Object.keys(a), ...Object.keys(b)])].map((k) => [k, merge((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])]));
    }
    return structuredClone(b);
  };
  const merged = merge(structuredClone(base), patch);
  const validate = createAjv().compile(TRAINING_CONFIG_SCHEMA);
  if (!validate(merged)) throw new ConfigError(`${source} is not a valid training configuration: ${formatAjvErrors(validate.errors)}`);
  return merged;
}

/** Every scalar or scalar-array field as a dotted path with its schema, for one flag per field (`--intent.epochs`). */
export function trainingConfigFields(): Array<{ path: string; type: 'number' | 'string' | 'array'; describe: string }> {
  const out: Array<{ path: string; type: 'number' | 'string' | 'array'; describe: string }> = [];
  const walk = (schema: Record<string, unknown>, path: string) => {
    const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
    if (properties) {
      for (const [key, child] of Object.entries(properties)) walk(child, path ? `${path}.${key}` : key);
      return;
    }
    const describe = typeof schema.description === 'string' ? schema.description : '';
    if (schema.type === 'array') {
      if ((schema.items as Record<string, unknown>).type !== 'object') out.push({ path, type: 'array', describe });
    } else if (schema.type === 'integer' || schema.type === 'number') out.push({ path, type: 'number', describe });
    else out.push({ path, type: 'string', describe: `${describe}${Array.isArray(schema.enum) ? ` (${(schema.enum as string[]).join(' | ')})` : ''}` });
  };
  walk(TRAINING_CONFIG_SCHEMA, '');
  return out;
}

/** The JSON file at `path` (any subset of the fields) laid over `base`. */
export async function readTrainingConfigFile(base: TrainingConfig, path: string): Promise<TrainingConfig> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`cannot read training configuration ${path}: ${(error as Error).message}`);
  }
  return mergeTrainingConfig(base, parsed, `training configuration ${path}`);
}
