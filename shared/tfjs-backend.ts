/**
 * The tfjs backend every tensor op of a process runs on (the use-lite encoder and the heads' training):
 * tfjs-node where installed, else wasm, unless configured. Without a selection tfjs falls back to its
 * pure-JS cpu backend, about 10x slower.
 */
import * as tf from './tfjs.js';
import type { TfjsBackend } from './config.js';
import { ConfigError } from './errors.js';

async function tryTfjsNode(): Promise<boolean> {
  try {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- widened on purpose: an optional package TypeScript must not resolve
    await import('@tensorflow/tfjs-node' as string);
    return tf.findBackend('tensorflow') !== undefined;
  } catch {
    return false;
  }
}

/** tfjs keeps one global backend; selecting it is idempotent. */
export async function selectTfjsBackend(choice: TfjsBackend): Promise<string> {
  let name: string = choice;
  if (choice === 'auto') name = (await tryTfjsNode()) ? 'tensorflow' : 'wasm';
  else if (choice === 'tensorflow' && !(await tryTfjsNode())) {
    throw new ConfigError('TFJS_BACKEND=tensorflow needs @tensorflow/tfjs-node, which is not installed');
  }
  if (name === 'wasm') await import('@tensorflow/tfjs-backend-wasm');
  if (tf.getBackend() !== name && !(await tf.setBackend(name))) {
    throw new ConfigError(`tfjs backend "${name}" could not be initialised`);
  }
  await tf.ready();
  return name;
}
