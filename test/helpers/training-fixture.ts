/** A small, complete training fixture: intent rows for every head, a four-node taxonomy with annotations. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_CONFIG, type AppConfig } from '../../shared/config.js';
import type { Annotations } from '../../shared/taxonomy/annotations.js';
import { parseTaxonomy, type Taxonomy } from '../../shared/taxonomy/taxonomy.js';

const COMBOS = [
  { frame: 'what is {s} and how does it work', intent_type: 'informational', intent_subtype: 'education', decision_phase: 'awareness' },
  { frame: '{s} versus the other brand which is better', intent_type: 'commercial', intent_subtype: 'comparison', decision_phase: 'consideration' },
  { frame: 'buy {s} now with fast shipping', intent_type: 'transactional', intent_subtype: 'purchase', decision_phase: 'action' },
  { frame: 'my {s} stopped working after the update', intent_type: 'support', intent_subtype: 'troubleshooting', decision_phase: 'support' },
  { frame: 'set up my new {s} for the first time', intent_type: 'support', intent_subtype: 'onboarding_setup', decision_phase: 'post_purchase' },
  { frame: 'any discount code for {s} this week', intent_type: 'commercial', intent_subtype: 'deal_seeking', decision_phase: 'decision' },
] as const;

const SUBJECTS = ['laptop', 'router', 'espresso machine', 'crm tool', 'running shoes', 'phone plan', 'vacuum', 'tent', 'camera', 'tablet', 'smart watch', 'printer', 'headphones', 'monitor', 'blender', 'bike', 'drone', 'keyboard'];

export async function writeIntentFixture(dir: string): Promise<string> {
  const rows = COMBOS.flatMap((combo, c) =>
    SUBJECTS.map((subject, s) => ({ text: combo.frame.replace('{s}', subject), intent_type: combo.intent_type, intent_subtype: combo.intent_subtype, decision_phase: combo.decision_phase, split: ['train', 'train', 'train', 'calibration', 'test'][(s + c) % 5] })),
  );
  const path = join(dir, 'intent-fixture.jsonl');
  await writeFile(path, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

const TSV = [
  'Relational ID System\t\t\tContent Taxonomy v3.1 Tiered Categories\t\t\t\tExtension',
  'Unique ID\tParent\tName\tTier 1\tTier 2\tTier 3\tTier 4\t',
  '1\t\tTechnology\tTechnology\t\t\t\t',
  '2\t1\tLaptops\tTechnology\tLaptops\t\t\t',
  '3\t\tTravel\tTravel\t\t\t\t',
  '4\t3\tHotels\tTravel\tHotels\t\t\t',
].join('\r\n');

export function taxonomyFixture(): { taxonomy: Taxonomy; annotations: Annotations } {
  const annotation = (aliases: string[], queries: string[]) => ({ aliases, queries });
  return {
    taxonomy: parseTaxonomy(TSV),
    annotations: {
      nodes: new Map([
        ['1', annotation(['tech', 'gadgets'], ['latest tech news', 'cool gadgets this year', 'tech trends', 'gadget reviews', 'new devices'])],
        ['2', annotation(['notebook computer', 'macbook'], ['best laptop for college', 'macbook air or dell xps', 'laptop battery life', 'cheap notebook', 'gaming laptop deals'])],
        ['3', annotation(['trips', 'vacation'], ['plan a trip to spain', 'vacation ideas for july', 'travel tips', 'where to go in spring', 'road trip planning'])],
        ['4', annotation(['hotel rooms', 'motels'], ['cheap hotel in paris', 'hotel with pool near disney', 'book a motel tonight', 'best hotels in rome', 'hotel cancellation policy'])],
      ]),
      regulated: new Map(),
      extensions: [],
      polysemy: [{ text: 'macbook for a python class', node: '2', word: 'python' }],
    },
  };
}

/** Default configuration made small enough to train in seconds, writing under `dir`. */
export function fixtureConfig(dir: string): AppConfig {
  const small = { epochs: 3, batchSize: 32, l2Grid: [1e-4] };
  return {
    ...DEFAULT_CONFIG,
    paths: { ...DEFAULT_CONFIG.paths, artifactsDir: join(dir, 'artifacts'), embedCacheDir: join(dir, 'cache') },
    training: {
      ...DEFAULT_CONFIG.training,
      intent: { ...DEFAULT_CONFIG.training.intent, ...small, ngramBuckets: 256 },
      adContent: { ...DEFAULT_CONFIG.training.adContent, ...small },
    },
    // Fixture fits take milliseconds; starting fit threads (tsx in each) would cost seconds. The
    // threaded path is covered by test/training/fit-threads.test.ts.
    jobThreads: 1,
  };
}
