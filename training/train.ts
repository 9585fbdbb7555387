/**
 * `npm run train`: intent heads, ad_content classifier, taxonomy index, calibration, thresholds and the
 * report, written as one new artifact version (artifacts/<version>/) that artifacts/current.json names.
 * Flags: --data FILE (a user's labelled intent file), --out DIR, --seed N, --encoder, --features.
 */
import * as tf from '../shared/tfjs.js';
import { AD_CONTENT_HEAD, AD_CONTENT_TIER1_HEAD, MANIFEST_SCHEMA_VERSION, RESOLVER_FILE, REPORT_JSON_FILE, REPORT_MD_FILE, type ThresholdRecord } from '../shared/artifacts/layout.js';
import { type AppConfig } from '../shared/config.js';
import { CachedEncoder } from '../shared/encoder/embedding-cache.js';
import { createJobEncoder } from '../shared/encoder/create-encoder.js';
import type { Encoder } from '../shared/encoder/encoder.js';
import { HEAD_LABELS, INTENT_HEADS, type IntentHead } from '../shared/labels.js';
import { startProgress } from '../shared/progress.js';
import { verifyTaxonomyFile } from '../shared/taxonomy/taxonomy-file.js';
import { loadTaxonomySources, type Annotations, type TaxonomySources } from '../shared/taxonomy/annotations.js';
import { sha256Hex } from '../shared/hash.js';
import { jsonBytes, removeStaleArtifactTemporaries, writeArtifactVersion, type ArtifactFile, type ManifestDraft } from './artifacts/write-artifacts.js';
import { deriveVersion } from './artifacts/derive-version.js';
import { UserFacingError } from '../shared/errors.js';
import { buildAdContentRows, type AdContentRow } from './data/ad-content-rows.js';
import { loadIntentSplits, trainingFileOf } from './data/load-training-data.js';
import type { LabelledIntentRow } from './data/intent-rows.js';
import { featureSpecOf, finishHead, fitAtChosenL2sEach, fitHeadGroup, rowLogits, splitFeatures, type FittedHead, type HeldOutScore, type LabelledSplit, type TrainedHead } from './fit-head-group.js';
import { chooseTypePriors, intentRowLogits, typePriorMarkdown, typePriorTables, withCalibrationMaps, withTypePriors } from './fit-type-prior.js';
import { selectIntentModel, selectionMarkdown } from './select-intent-model.js';
import { baggingMarkdown, fitBaggedIntentHeads, type FitIntentHeads } from './bag-intent-heads.js';
import { compareRandomSplit, randomSplitMarkdown } from './random-split-comparison.js';
import type { LinearHead } from '../shared/heads/linear-head.js';
import type { CorpusSplit } from './data/corpus/topic-splits.js';
import { evaluateFittedHead, reportMarkdown, type HeadReport } from './report.js';
import { loadUnseenWriterRows, UNSEEN_WRITERS_FILE, unseenWriterMarkdown, unseenWriterReport } from './unseen-writers.js';
import { flattenRows, headFiles, indexFiles } from './serialize.js';
import { decodeMatrix, encodeMatrix, type StoredDtype } from '../shared/artifacts/binary.js';
import type { QueryFeatures } from '../shared/features/feature-set.js';
import { indexEntries, nodeCentroids } from './taxonomy-index.js';
import { fitResolver } from './fit-resolver.js';
import { existsSync } from 'node:fs';
import { tier1Id } from '../shared/taxonomy/taxonomy.js';
import { join } from 'node:path';
import { buildAdContentModel, resolverParamsOf } from '../shared/ad-content/resolve-ad-content.js';
import { ablationMarkdown, ablationTable, adContentAblation } from '../evaluation/ad-content-ablation.js';
import { CONTRAST_CALIBRATION_SET, HELD_OUT_AD_CONTENT_SETS, readAdContentEvalRows, type HeldOutAdContentSet } from './data/ad-content-eval-rows.js';
import type { Split } from '../shared/splits.js';

export interface TrainOptions {
  config: AppConfig;
  /** A user's labelled intent file instead of data/intent/. */
  dataFile?: string;
  log?: (line: string) => void;
  /** Stages to run (default: all, written as a fresh version); a subset derives from the current version. */
  stages?: readonly Stage[];
  /** Injected for tests: an encoder, and a taxonomy with its annotations, instead of the configured ones. */
  encoder?: Encoder;
  taxonomy?: TaxonomySources;
}

async function verifiedTaxonomySources(config: AppConfig): Promise<TaxonomySources> {
  await verifyTaxonomyFile(config.paths.taxonomyFile);
  return loadTaxonomySources(config.paths.taxonomyFile);
}

export interface TrainResult {
  version: string;
  dir: string;
  reports: HeadReport[];
  seconds: number;
}

/** Embed many texts once (deduplicated), with a progress bar. */
async function embedAll(encoder: Encoder, texts: readonly string[], label: string): Promise<Map<string, Float32Array>> {
  const unique = [...new Set(texts)];
  const progress = startProgress(label, unique.length, 'texts');
  // The cache reports progress over the texts it must embed (cached ones cost nothing).
  const vectors = await encoder.embed(unique, { onProgress: (done, total) => progress.update(done, total) });
  progress.stop();
  return new Map(unique.map((text, i) => [text, vectors[i] as Float32Array]));
}

function intentSplit(rows: readonly LabelledIntentRow[], vectors: Map<string, Float32Array>): LabelledSplit {
  const targets = Object.fromEntries(
    INTENT_HEADS.map((head) => [head, Int32Array.from(rows, (row) => (row[head] === undefined ? -1 : HEAD_LABELS[head].indexOf(row[head] as string)))]),
  );
  return { texts: rows.map((r) => r.text), embeddings: rows.map((r) => vectors.get(r.text) as Float32Array), targets };
}

/** ad_content rows with two targets: the node, and its tier-1 category for the tier-1 head. */
function adContentSplit(rows: readonly AdContentRow[], nodeIndex: Map<string, number>, tier1Position: (nodeId: string) => number, vectors: Map<string, Float32Array>): LabelledSplit {
  return {
    texts: rows.map((r) => r.text),
    embeddings: rows.map((r) => vectors.get(r.text) as Float32Array),
    targets: {
      [AD_CONTENT_HEAD]: Int32Array.from(rows, (r) => nodeIndex.get(r.ad_content_id) ?? -1),
      [AD_CONTENT_TIER1_HEAD]: Int32Array.from(rows, (r) => tier1Position(r.ad_content_id)),
    },
  };
}

function thresholdRecord(fitted: FittedHead, target: number, floor: number): ThresholdRecord {
  return { threshold: fitted.threshold.threshold, target_precision: target, target_met: fitted.threshold.targetMet, floor };
}

export const STAGES = ['heads', 'ad-content', 'index'] as const;
/** Stored precision: the intent heads are small and stay float32; ad_content and the index are half-size float16. */
const INTENT_DTYPE: StoredDtype = 'float32';
const AD_CONTENT_DTYPE: StoredDtype = 'float16';
const INDEX_DTYPE: StoredDtype = 'float16';
export type Stage = (typeof STAGES)[number];

/** What one stage contributes to an artifact version. */
interface StageOutput {
  files: ArtifactFile[];
  reports: HeadReport[];
  draft: Partial<ManifestDraft>;
  /** Extra report content: Markdown lines for report.md and fields for report.json. */
  reportSections?: string[];
  reportFields?: Record<string, unknown>;
}

export async function train(options: TrainOptions): Promise<TrainResult> {
  const started = performance.now();
  const { config } = options;
  const stages = new Set<Stage>(options.stages ?? STAGES);
  const log = options.log ?? ((line: string) => console.error(line));
  const { paths, training } = config;

  const { taxonomy, annotations } = options.taxonomy ?? (await verifiedTaxonomySources(config));
  const intent = stages.has('heads') ? await loadIntentSplits(paths.dataDir, options.dataFile) : undefined;
  // Rows by unseen writers belong to the project corpus: a user's own data file is calibrated on its own.
  const writers = intent && !options.dataFile ? await loadUnseenWriterRows(paths.dataDir) : { calibration: undefined, evaluation: undefined };
  const adRows = stages.has('ad-content') ? buildAdContentRows(taxonomy, annotations) : [];
  const adBySplit = (split: Split) => adRows.filter((r) => r.split === split);
  const entries = indexEntries(taxonomy, annotations);
  if (intent) log(`data: intent ${intent.splits.train.length}/${intent.splits.selection.length}/${intent.splits.calibration.length}/${intent.splits.test.length} (train/selection/calibration/test, topics held out)`);
  if (adRows.length) log(`data: ad_content ${adBySplit('train').length}/${adBySplit('calibration').length}/${adBySplit('test').length} over ${taxonomy.nodes.length} taxonomy nodes`);

  for (const name of await removeStaleArtifactTemporaries(paths.artifactsDir)) log(`removed ${name}, left in ${paths.artifactsDir} by a killed run`);
  // Sets outside the corpus, read when present: the evaluation sets are reported, the contrast calibration set joins the resolver search.
  const readSet = async (set: HeldOutAdContentSet) => {
    const file = join(paths.dataDir, set.file);
    return adRows.length && existsSync(file) ? { set, rows: await readAdContentEvalRows(file, taxonomy) } : undefined;
  };
  const evaluationSets = (await Promise.all(HELD_OUT_AD_CONTENT_SETS.map(readSet))).filter((h) => h !== undefined);
  const contrastCalibration = (await readSet(CONTRAST_CALIBRATION_SET))?.rows;
  const encoder = new CachedEncoder(options.encoder ?? (await createJobEncoder(config.encoder, config.jobThreads)), paths.embedCacheDir);
  const texts = [
    ...evaluationSets.flatMap((h) => h.rows.texts),
    ...(contrastCalibration?.texts ?? []),
    ...(intent ? Object.values(intent.splits).flat().map((r) => r.text) : []),
    ...[...(writers.calibration ?? []), ...(writers.evaluation ?? [])].map((r) => r.text),
    ...adRows.map((r) => r.text),
    ...(stages.has('index') || stages.has('ad-content') ? entries.texts : []),
  ];
  const vectors = await embedAll(encoder, texts, 'embedding');
  /** Seconds since the run started, for the milestone lines (where a cold run's time goes). */
  const at = () => `at ${Math.round((performance.now() - started) / 1000)} s`;
  log(`embeddings: ${vectors.size} unique texts (${encoder.stats.hits} cached, ${encoder.stats.misses} new) with ${encoder.id} (${at()})`);
  const progress = (stage: string) => (message: string) => log(`${stage}: ${message}`);
  const nodeIds = taxonomy.nodes.map((n) => n.id);

  const outputs: StageOutput[] = [];
  // The intent and ad_content stages share nothing but the embeddings: they run side by side, so one
  // fills the cores the other leaves idle (its single fits, calibration and scoring).
  const intentStage = async (): Promise<StageOutput | undefined> => {
    if (!intent) return undefined;
    const split = (name: CorpusSplit) => intentSplit(intent.splits[name], vectors);
    const [train, held, calibration, test] = [split('train'), intent.splits.selection.length ? split('selection') : split('calibration'), split('calibration'), split('test')];
    const headSpecs = INTENT_HEADS.map((head) => ({ name: head, labels: HEAD_LABELS[head], targetPrecision: training.targetPrecision[head] }));
    const groupOptions = { config: training.intent, seed: training.seed, thresholdFloor: training.thresholdFloor, threads: config.jobThreads, backend: config.encoder.tfjsBackend, onProgress: progress('intent heads') };
    const selection = await selectIntentModel(train, { split: held, name: intent.splits.selection.length ? 'selection' : 'calibration' }, headSpecs, training.intent, training.intentSelection, groupOptions);
    log(`intent heads: chose ${selection.candidate.name}, L2 ${JSON.stringify(selection.l2)} on the ${selection.scoredOn} split (${at()})`);
    const chosen = { ...groupOptions, config: selection.config };
    const spec = featureSpecOf(selection.config);
    const priorTables = (rows: LabelledSplit) => typePriorTables(rows, training.intentTypePrior.smoothing);
    const priorChoice = chooseTypePriors(selection.heads as Record<IntentHead, LinearHead>, selection.l2, priorTables(train), held, splitFeatures(spec, held), training.intentTypePrior);
    log(`intent heads: type priors ${JSON.stringify(priorChoice.settings)} on the ${selection.scoredOn} split`);
    const refitList = intent.splits.selection.length ? [...intent.splits.train, ...intent.splits.selection] : intent.splits.train;
    const refitRows = intentSplit(refitList, vectors);
    const fitChosen: FitIntentHeads = (fits) =>
      fitAtChosenL2sEach(fits.map(({ rows, seedOffset }) => ({ train: intentSplit(rows, vectors), seed: chosen.seed + seedOffset })), headSpecs, spec, selection.l2, chosen);
    const refitted = await fitBaggedIntentHeads(refitList, training.intentBagging, fitChosen, progress('intent heads'));
    const decoding = withTypePriors(refitted, priorChoice.settings, priorTables(refitRows));
    const trained = Object.fromEntries(
      INTENT_HEADS.map((head) => {
        const l2Search = selection.table.filter((r) => r.candidate === selection.candidate.name).map((r) => r.scores[head] as HeldOutScore);
        return [head, { ...decoding[head], spec, l2: selection.l2[head] as number, l2Search }];
      }),
    ) as Record<IntentHead, TrainedHead>;
    const calibrationFeatures = splitFeatures(spec, calibration);
    const writerSplit = writers.calibration && intentSplit(writers.calibration, vectors);
    const writerFeatures = writerSplit && splitFeatures(spec, writerSplit);
    // In INTENT_HEADS order, each head calibrated on logits decoded through the maps fitted before it:
    // a decoded-pair phase prior reads the type and subtype as the envelope serves them.
    const heads: Record<string, FittedHead> = {};
    const served = () => withCalibrationMaps(trained, heads);
    for (const h of headSpecs) {
      const calibrationLogits = intentRowLogits(served(), calibrationFeatures)[h.name];
      const writerRows = writerSplit && writerFeatures && { logits: intentRowLogits(served(), writerFeatures)[h.name], targets: writerSplit.targets[h.name] as Int32Array };
      heads[h.name] = finishHead(trained[h.name], h, calibrationLogits, calibration.targets[h.name] as Int32Array, training.thresholdFloor, writerRows);
    }
    const fitted = (head: string) => heads[head] as FittedHead;
    const testLogits = intentRowLogits(served(), splitFeatures(spec, test));
    const reports = INTENT_HEADS.map((head) => evaluateFittedHead(head, fitted(head), testLogits[head], test.targets[head] as Int32Array));
    const naturalSplit = writers.evaluation && intentSplit(writers.evaluation, vectors);
    const writerReport = naturalSplit && unseenWriterReport(heads as Record<IntentHead, FittedHead>, intentRowLogits(served(), splitFeatures(spec, naturalSplit)), naturalSplit.targets as Record<IntentHead, Int32Array>);
    log(`intent heads: refitted, calibrated and evaluated (${at()}); now the random-split comparison`);
    const randomComparison = await compareRandomSplit(
      Object.values(intent.splits).flat(),
      (rows) => intentSplit(rows, vectors),
      (rows) => fitBaggedIntentHeads(rows, { members: 1 }, fitChosen),
      { heads: selection.heads, train, test },
      headSpecs,
      { spec, l2ByHead: selection.l2, typePrior: { settings: priorChoice.settings, smoothing: training.intentTypePrior.smoothing } },
      progress('intent heads'),
    );
    log(`intent heads: random-split comparison done (${at()})`);
    return {
      files: INTENT_HEADS.flatMap((head) => headFiles(head, fitted(head), INTENT_DTYPE)),
      reports,
      draft: {
        feature_sets: { intent: spec },
        training_data: [...intent.files, ...(writers.calibration ? [await trainingFileOf(paths.dataDir, UNSEEN_WRITERS_FILE, writers.calibration.length)] : [])],
        hyperparameters: { intent: { ...selection.config, chosen_features: selection.candidate.name, chosen_l2: selection.l2, type_priors: priorChoice.settings } },
        labels: Object.fromEntries(INTENT_HEADS.map((h) => [h, [...HEAD_LABELS[h]]])),
        thresholds: Object.fromEntries(INTENT_HEADS.map((h) => [h, thresholdRecord(fitted(h), training.targetPrecision[h], training.thresholdFloor)])),
      },
      reportSections: [
        ...selectionMarkdown(selection, INTENT_HEADS),
        ...baggingMarkdown(training.intentBagging),
        ...typePriorMarkdown(priorChoice, selection.scoredOn),
        ...randomSplitMarkdown(randomComparison),
        ...(writerReport ? unseenWriterMarkdown(writerReport, writers.calibration?.length ?? 0) : []),
      ],
      reportFields: {
        intent_selection: selection.table,
        intent_chosen: { features: selection.candidate.name, l2: selection.l2 },
        intent_type_prior: priorChoice,
        random_split_comparison: randomComparison,
        ...(writerReport ? { unseen_writers: writerReport } : {}),
      },
    };
  };
  const adContentStage = async (): Promise<StageOutput | undefined> => {
    if (!adRows.length) return undefined;
    const nodeIndex = new Map(nodeIds.map((id, i) => [id, i]));
    const tier1Ids = [...new Set(nodeIds.map((id) => tier1Id(taxonomy, id)))];
    const tier1Position = (id: string) => tier1Ids.indexOf(tier1Id(taxonomy, id));
    const split = (name: Split) => adContentSplit(adBySplit(name), nodeIndex, tier1Position, vectors);
    const test = split('test');
    const heads = await fitHeadGroup(
      split('train'),
      split('calibration'),
      [
        { name: AD_CONTENT_HEAD, labels: nodeIds, targetPrecision: training.targetPrecision.ad_content },
        { name: AD_CONTENT_TIER1_HEAD, labels: tier1Ids, targetPrecision: training.targetPrecision.ad_content },
      ],
      { config: training.adContent, seed: training.seed, thresholdFloor: training.thresholdFloor, threads: config.jobThreads, backend: config.encoder.tfjsBackend, onProgress: progress('ad_content') },
    );
    const fitted = heads[AD_CONTENT_HEAD] as FittedHead;
    const tier1Fitted = heads[AD_CONTENT_TIER1_HEAD] as FittedHead;
    const loaded = (head: FittedHead) => ({ head: head.head, featureSet: head.featureSet, calibration: head.calibration.map, modelPath: '', calibrationPath: '' });
    const resolverParts = {
      classifier: loaded(fitted),
      tier1Head: loaded(tier1Fitted),
      index: { nodeIds, entryNode: Int32Array.from(nodeIds.keys()), dim: encoder.dim, vectors: flattenRows(nodeCentroids(entries, (t) => vectors.get(t) as Float32Array)) },
      taxonomy,
      regulated: annotations.regulated,
      threshold: fitted.threshold.threshold,
    };
    const calibrationRows = adBySplit('calibration');
    const resolverTexts = [...calibrationRows.map((r) => r.text), ...(contrastCalibration?.texts ?? [])];
    const resolver = fitResolver(
      resolverParts,
      { texts: resolverTexts, embeddings: resolverTexts.map((t) => vectors.get(t) as Float32Array), goldIds: [...calibrationRows.map((r) => r.ad_content_id), ...(contrastCalibration?.goldIds ?? [])] },
      training.adContentResolver,
    );
    log(`ad_content: heads fitted and calibrated; resolver grid searched (${at()})`);
    log(`ad_content resolver: index weight ${resolver.index_weight}, lexical weight ${resolver.lexical_weight}, gate ${resolver.lexical_gate}, tier-first ${resolver.tier_first}, tier-1 head weight ${resolver.tier1_head_weight}, walk-up threshold ${resolver.walk_up_threshold}, contrast queries node-first ${resolver.contrast_node_first} (calibration split${contrastCalibration ? ` and ${contrastCalibration.texts.length} contrast calibration queries` : ''})`);
    const served = buildAdContentModel({ ...resolverParts, params: resolverParamsOf(resolver) });
    const testRows = adBySplit('test');
    const ablations = [
      { on: 'ad_content test split: held-out hand-written and polysemy queries', rows: adContentAblation(served, { texts: testRows.map((r) => r.text), embeddings: testRows.map((r) => vectors.get(r.text) as Float32Array), goldIds: testRows.map((r) => r.ad_content_id), polysemy: testRows.map((r) => r.source === 'polysemy') }) },
      ...evaluationSets.map(({ set, rows }) => ({ on: `${set.file}: never trained, calibrated or tuned on`, rows: adContentAblation(served, { ...rows, embeddings: rows.texts.map((t) => vectors.get(t) as Float32Array) }) })),
    ];
    for (const a of ablations) log(`ad_content ablation on ${a.on}\n${ablationTable(a.rows).join('\n')}`);
    log(`ad_content: ablations done (${at()})`);
    return {
      files: [...headFiles(AD_CONTENT_HEAD, fitted, AD_CONTENT_DTYPE, true), ...headFiles(AD_CONTENT_TIER1_HEAD, tier1Fitted, AD_CONTENT_DTYPE, true), { path: RESOLVER_FILE, bytes: jsonBytes(resolver), optional: true }],
      reports: [storedPrecisionReport(AD_CONTENT_HEAD, fitted, AD_CONTENT_DTYPE, splitFeatures(fitted.featureSet, test), test.targets[AD_CONTENT_HEAD] as Int32Array)],
      draft: {
        feature_sets: { ad_content: fitted.featureSet },
        training_data: [
          { path: 'taxonomy/annotations', sha256: annotationsDigest(annotations), rows: adRows.length },
          ...(contrastCalibration ? [await trainingFileOf(paths.dataDir, CONTRAST_CALIBRATION_SET.file, contrastCalibration.texts.length)] : []),
        ],
        hyperparameters: { ad_content: { ...training.adContent, chosen_l2: fitted.l2 } },
        labels: { [AD_CONTENT_HEAD]: nodeIds },
        thresholds: { [AD_CONTENT_HEAD]: thresholdRecord(fitted, training.targetPrecision.ad_content, training.thresholdFloor) },
      },
      reportSections: ablations.flatMap((a) => ablationMarkdown(a.rows, a.on)),
      reportFields: { ad_content_ablation: ablations },
    };
  };
  for (const output of await Promise.all([intentStage(), adContentStage()])) if (output) outputs.push(output);
  if (stages.has('index')) {
    const centroids = nodeCentroids(entries, (t) => vectors.get(t) as Float32Array);
    outputs.push({ files: indexFiles(entries.nodeIds, entries.nodeIds.map((_, i) => i), centroids, INDEX_DTYPE), reports: [], draft: {} });
  }

  const shared: ManifestDraft = {
    schema_version: MANIFEST_SCHEMA_VERSION,
    encoder: { id: encoder.id, fingerprint: encoder.fingerprint, dim: encoder.dim },
    feature_sets: {},
    taxonomy_sha256: taxonomy.sha256,
    training_data: [],
    // The effective training configuration (defaults <- --config file <- flags), as `query-intent train --config` reads it.
    hyperparameters: { training_config: training },
    seed: training.seed,
    labels: {},
    thresholds: {},
    library_versions: { '@tensorflow/tfjs-core': tf.version_core },
  };
  const written = stages.size === STAGES.length ? await writeFresh(paths.artifactsDir, shared, outputs) : await writeDerived(paths.artifactsDir, shared, outputs, [...stages]);
  await encoder.dispose();
  return { version: written.version, dir: written.dir, reports: written.reports, seconds: (performance.now() - started) / 1000 };
}

/** Report a head as served from reduced-precision weights, recording the accuracy cost of storing it so. */
function storedPrecisionReport(name: string, fitted: FittedHead, dtype: StoredDtype, features: readonly QueryFeatures[], targets: Int32Array): HeadReport {
  const weights = decodeMatrix(encodeMatrix(fitted.head.weights, dtype), dtype, fitted.head.weights.length);
  const storedHead = { ...fitted.head, weights };
  const stored = evaluateFittedHead(name, { ...fitted, head: storedHead }, rowLogits(storedHead, features), targets);
  const full = evaluateFittedHead(name, fitted, rowLogits(fitted.head, features), targets);
  return { ...stored, storage: { dtype, test_accuracy_full_precision: full.test.calibrated.accuracy, test_accuracy_stored: stored.test.calibrated.accuracy } };
}

const STORAGE_NOTE = 'Weights are stored as float32 for the intent heads and float16 for ad_content and the taxonomy index (size budget).';

function mergeDraft(base: ManifestDraft, outputs: readonly StageOutput[]): ManifestDraft {
  const merged = structuredClone(base);
  for (const { draft } of outputs) {
    Object.assign(merged.feature_sets, draft.feature_sets);
    Object.assign(merged.hyperparameters, draft.hyperparameters);
    Object.assign(merged.labels, draft.labels);
    Object.assign(merged.thresholds, draft.thresholds);
    const replaced = new Set((draft.training_data ?? []).map((d) => d.path));
    merged.training_data = [...merged.training_data.filter((d) => !replaced.has(d.path)), ...(draft.training_data ?? [])];
  }
  return merged;
}

async function writeFresh(artifactsDir: string, shared: ManifestDraft, outputs: readonly StageOutput[]) {
  const reports = outputs.flatMap((o) => o.reports);
  const fields = Object.assign({}, ...outputs.map((o) => o.reportFields ?? {})) as Record<string, unknown>;
  const files = [...outputs.flatMap((o) => o.files), { path: REPORT_JSON_FILE, bytes: jsonBytes({ heads: reports, ...fields }) }];
  const sections = outputs.flatMap((o) => o.reportSections ?? []);
  const result = await writeArtifactVersion(artifactsDir, mergeDraft(shared, outputs), files, {
    describeVersion: (version) => [{ path: REPORT_MD_FILE, bytes: Buffer.from(reportMarkdown(version, reports, [STORAGE_NOTE], sections)) }],
  });
  return { ...result, reports };
}

/** One or two stages retrained: the current version's other files and manifest entries carry over. */
async function writeDerived(artifactsDir: string, shared: ManifestDraft, outputs: readonly StageOutput[], stages: readonly Stage[]) {
  const produced = new Set(outputs.flatMap((o) => o.files.map((f) => f.path)));
  const newReports = outputs.flatMap((o) => o.reports);
  let reports: HeadReport[] = [];
  const result = await deriveVersion(artifactsDir, (base) => {
    if (base.draft.encoder.fingerprint !== shared.encoder.fingerprint) {
      throw new UserFacingError(`the current artifacts were trained on encoder ${base.draft.encoder.id}; retrain every stage (npm run train) to change encoders`);
    }
    const previous = base.files.find((f) => f.path === REPORT_JSON_FILE);
    const oldReports = previous ? (JSON.parse(previous.bytes.toString('utf8')) as { heads: HeadReport[] }).heads : [];
    const replacedHeads = new Set(newReports.map((r) => r.head));
    reports = [...oldReports.filter((r) => !replacedHeads.has(r.head)), ...newReports];
    return {
      draft: mergeDraft({ ...base.draft, taxonomy_sha256: shared.taxonomy_sha256, seed: shared.seed }, outputs),
      files: [...base.files.filter((f) => !produced.has(f.path)), ...outputs.flatMap((o) => o.files)],
      note: `retrained stage${stages.length > 1 ? 's' : ''} ${stages.join(', ')}`,
      reports,
      sections: outputs.flatMap((o) => o.reportSections ?? []),
      fields: Object.assign({}, ...outputs.map((o) => o.reportFields ?? {})) as Record<string, unknown>,
    };
  });
  return { ...result, reports };
}

function annotationsDigest(annotations: Annotations): string {
  return sha256Hex(JSON.stringify({ nodes: [...annotations.nodes.entries()], regulated: [...annotations.regulated.entries()], extensions: annotations.extensions, polysemy: annotations.polysemy }));
}
