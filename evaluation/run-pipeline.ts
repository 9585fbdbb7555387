/**
 * Run the served pipeline over evaluation rows in encoder-sized batches, with a progress bar. Each row
 * keeps its envelope (exactly what /classify would return), the three heads' raw and calibrated
 * probability vectors from the same function the envelope's heads use, and, for rows with an
 * ad_content gold label, the resolver's threshold-independent scores (to re-resolve at other thresholds).
 */
import type { AdContentScores } from '../shared/ad-content/resolve-ad-content.js';
import { scoreAdContent } from '../shared/ad-content/resolve-ad-content.js';
import type { Envelope, EnvelopeInput } from '../shared/envelope/envelope-types.js';
import type { IntentHead } from '../shared/labels.js';
import type { ClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { classifyBatchWithEmbeddings, envelopeInputFor, intentProbabilities, type ClassifyOptions, type HeadProbabilities } from '../shared/pipeline/classify-query.js';
import { startProgress } from '../shared/progress.js';
import type { EvalRow } from './eval-rows.js';

export interface EvaluatedRow {
  row: EvalRow;
  envelope: Envelope;
  probabilities: Record<IntentHead, HeadProbabilities>;
  /** Present when the runtime resolves ad_content and the row has an ad_content gold label (or all rows were asked for). */
  adScores?: AdContentScores;
  /** The model's input to the envelope builder, kept only when asked for (threshold sweeps rebuild envelopes from it). */
  input?: EnvelopeInput;
}

export interface RunOptions extends ClassifyOptions {
  /** Texts per encoder call (default: the encoder's configured batch size). */
  batchSize: number;
  keepInputs?: boolean;
  /** Which rows keep the ad_content resolver scores: those with an ad_content gold label (default) or all. */
  adScoresFor?: 'gold' | 'all';
  label?: string;
}

export async function runPipeline(runtime: ClassifierRuntime, rows: readonly EvalRow[], options: RunOptions): Promise<EvaluatedRow[]> {
  const out: EvaluatedRow[] = [];
  const progress = startProgress(options.label ?? 'evaluating', rows.length, 'rows');
  try {
    for (let start = 0; start < rows.length; start += options.batchSize) {
      const batch = rows.slice(start, start + options.batchSize);
      const classified = await classifyBatchWithEmbeddings(
        runtime,
        batch.map((r) => r.text),
        options,
      );
      batch.forEach((row, i) => {
        const { envelope, embedding } = classified[i] as { envelope: Envelope; embedding: Float32Array };
        const probabilities = intentProbabilities(runtime.artifacts.intentHeads, row.text, embedding);
        out.push({
          row,
          envelope,
          probabilities,
          ...(runtime.adContent && (row.adContent || options.adScoresFor === 'all') ? { adScores: scoreAdContent(runtime.adContent, row.text, embedding) } : {}),
          ...(options.keepInputs ? { input: envelopeInputFor(runtime, row.text, embedding, options) } : {}),
        });
      });
      progress.update(Math.min(rows.length, start + batch.length));
    }
  } finally {
    progress.stop();
  }
  return out;
}
