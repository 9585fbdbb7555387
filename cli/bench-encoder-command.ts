/**
 * Encoder throughput on the configured backend: texts/second and ms/text for batch sizes 1, 8, 32, 128.
 * `npm run bench:encoder [-- --texts 256 --batch-sizes 1,8,32,128]`
 */
import { textTable } from '../shared/text-table.js';
import { loadConfig } from '../shared/config.js';
import { defineCommand } from './define-command.js';
import { createEncoder } from '../shared/encoder/create-encoder.js';
import { encoderOverrides, withEncoderFlags } from './encoder-flags.js';

const SUBJECTS = ['laptop', 'flight to denver', 'crm for a small team', 'running shoes', 'mortgage rate', 'password reset', 'pizza place', 'vpn'];
const FRAMES = ['which {s} should i buy', 'compare the best {s} options under $500', 'how do i fix my {s}', 'is the {s} worth it for a student?'];

function benchTexts(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const frame = FRAMES[i % FRAMES.length] as string;
    return `${frame.replace('{s}', SUBJECTS[i % SUBJECTS.length] as string)} #${i}`;
  });
}

export const benchEncoderCommand = defineCommand({
  command: 'bench:encoder',
  describe: 'measure encoder throughput per batch size',
  examples: [['query-intent bench:encoder --batch-sizes 1,32', 'two batch sizes']],
  builder: (y) =>
    withEncoderFlags(y)
    .option('texts', { type: 'number', default: 256, describe: 'texts per measured run' })
    .option('batch-sizes', { type: 'string', default: '1,8,32,128' })
    .option('repeats', { type: 'number', default: 3, describe: 'measured runs per batch size (median reported)' }),
  handler: async (args) => {
    const config = loadConfig(encoderOverrides(args));
    const loadStart = performance.now();
    const encoder = await createEncoder(config.encoder);
    const loadMs = performance.now() - loadStart;
    const texts = benchTexts(args.texts);
    await encoder.embed(texts.slice(0, 32), { batchSize: 32 }); // warm-up: kernels, wasm compile
    console.log(`encoder ${encoder.id} (${config.encoder.tfjsBackend}) dim ${encoder.dim}; load ${loadMs.toFixed(0)} ms; ${texts.length} texts per run, median of ${args.repeats}`);
    const rows: string[][] = [];
    for (const batchSize of args['batch-sizes'].split(',').map(Number)) {
      const times: number[] = [];
      for (let r = 0; r < args.repeats; r++) {
        const start = performance.now();
        await encoder.embed(texts, { batchSize });
        times.push(performance.now() - start);
      }
      const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
      const msPerText = median / texts.length;
      rows.push([String(batchSize), (1000 / msPerText).toFixed(1), msPerText.toFixed(2)]);
    }
    console.log(textTable(['batch', 'texts/s', 'ms/text'], rows, { align: ['right'] }).join('\n'));
    await encoder.dispose();
  },
});

