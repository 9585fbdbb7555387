/** `query-intent embed "text" [...]`: dimension, norm and first values of each embedding. */
import { loadConfig } from '../shared/config.js';
import { createEncoder } from '../shared/encoder/create-encoder.js';
import { encoderOverrides, withEncoderFlags, type EncoderFlags } from './encoder-flags.js';
import { defineCommand } from './define-command.js';

interface EmbedArgs extends EncoderFlags {
  texts: string[];
  values: number;
}

function norm(vector: Float32Array): number {
  return Math.sqrt(vector.reduce((sum, v) => sum + v * v, 0));
}

export const embedCommand = defineCommand<EmbedArgs>({
  command: 'embed <texts..>',
  describe: 'embed texts with the configured encoder and print dimension, norm and first values',
  examples: [["query-intent embed 'cheap flights to denver'", "one embedding's dimension, norm and first values"]],
  builder: (args) =>
    withEncoderFlags(args)
      .positional('texts', { type: 'string', array: true, demandOption: true })
      .option('values', { type: 'number', default: 8, describe: 'how many leading values to print' }),
  handler: async (args) => {
    const config = loadConfig(encoderOverrides(args));
    const encoder = await createEncoder(config.encoder);
    try {
      const vectors = await encoder.embed(args.texts);
      console.log(`encoder ${encoder.id}  dim ${encoder.dim}  fingerprint ${encoder.fingerprint.slice(0, 16)}`);
      args.texts.forEach((text, i) => {
        const vector = vectors[i] as Float32Array;
        const head = Array.from(vector.slice(0, args.values), (v) => v.toFixed(5)).join(', ');
        console.log(`${JSON.stringify(text)}\n  dim ${vector.length}  norm ${norm(vector).toFixed(6)}  first [${head}]`);
      });
    } finally {
      await encoder.dispose();
    }
  },
});
