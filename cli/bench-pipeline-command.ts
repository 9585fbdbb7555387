/**
 * `npm run bench:pipeline`: ms per query for the encoder alone and for the whole classifyQuery
 * (single text and batches of 32), and the overhead of everything after the encoder.
 */
import { textTable } from '../shared/text-table.js';
import { loadConfig } from '../shared/config.js';
import { BENCH_QUERIES as QUERIES } from './bench/bench-queries.js';
import { defineCommand } from './define-command.js';
import { encoderOverrides, withEncoderFlags } from './encoder-flags.js';
import { loadClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { scoreAdContentBatch } from '../shared/ad-content/resolve-ad-content.js';
import { classifyBatch, envelopeFromInput, envelopeInputFor } from '../shared/pipeline/classify-query.js';


async function timeIt(repeats: number, run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < repeats; i++) await run();
  return (performance.now() - start) / repeats;
}

export const benchPipelineCommand = defineCommand({
  command: 'bench:pipeline',
  describe: "measure the classification pipeline's cost after the encoder",
  examples: [['query-intent bench:pipeline', 'single texts and batches of 32']],
  builder: (y) =>
    withEncoderFlags(y)
    .option('repeats', { type: 'number', default: 40, describe: 'timed repetitions per measurement' }),
  handler: async (args) => {
    const runtime = await loadClassifierRuntime(loadConfig(encoderOverrides(args)));
    const batch = Array.from({ length: 32 }, (_, i) => `${QUERIES[i % QUERIES.length]} ${i}`);
    await classifyBatch(runtime, batch); // warm-up

    const single = QUERIES.map((q, i) => `${q} #${i}`);
    let k = 0;
    const encoderSingle = await timeIt(args.repeats, () => runtime.encoder.embed([single[k++ % single.length] as string]));
    const pipelineSingle = await timeIt(args.repeats, () => classifyBatch(runtime, [single[k++ % single.length] as string]));
    const encoderBatch = (await timeIt(Math.max(3, args.repeats / 8), () => runtime.encoder.embed(batch))) / batch.length;
    const pipelineBatch = (await timeIt(Math.max(3, args.repeats / 8), () => classifyBatch(runtime, batch))) / batch.length;
    const embeddings = await runtime.encoder.embed(batch);
    const afterEncoder = async (texts: readonly string[], vectors: readonly Float32Array[]) => {
      const adScores = runtime.adContent ? await scoreAdContentBatch(runtime.adContent, texts, vectors) : undefined;
      texts.forEach((text, i) => envelopeFromInput(runtime, envelopeInputFor(runtime, text, vectors[i] as Float32Array, {}, adScores?.[i])));
    };
    const afterBatch = (await timeIt(args.repeats, () => afterEncoder(batch, embeddings))) / batch.length;
    const afterSingle = await timeIt(args.repeats * 4, () => afterEncoder([batch[0] as string], [embeddings[0] as Float32Array]));

    console.log(`artifact ${runtime.artifacts.version}, encoder ${runtime.encoder.id}`);
    const rows = [
      ['single text', encoderSingle.toFixed(2), pipelineSingle.toFixed(2), `${(pipelineSingle / encoderSingle).toFixed(2)}x`],
      ['batches of 32', encoderBatch.toFixed(2), pipelineBatch.toFixed(2), `${(pipelineBatch / encoderBatch).toFixed(2)}x`],
    ];
    console.log(textTable(['', 'encoder ms/query', 'classifyQuery ms/query', 'overhead'], rows).join('\n'));
    console.log(`after the encoder (heads, ad_content, policy, envelope, validation): ${afterSingle.toFixed(3)} ms/query single, ${afterBatch.toFixed(3)} ms/query in batches of 32`);
    await runtime.encoder.dispose();
  },
});

