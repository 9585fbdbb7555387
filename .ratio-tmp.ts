import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { loadConfig } from './shared/config.js';
import { createEncoder } from './shared/encoder/create-encoder.js';
import { createThreadEncoder } from './shared/encoder/thread-encoder.js';
import { loadClassifierRuntime } from './shared/pipeline/classifier-runtime.js';
import { classifyStream } from './shared/pipeline/bulk-classify.js';
const N = Number(process.argv[2] ?? 4096);
const file = '/tmp/qi/ratio-input.jsonl';
const lines = readFileSync('/tmp/qi/in100k.jsonl', 'utf8').split('\n').filter((l) => l.startsWith('{"id"')).slice(0, N);
writeFileSync(file, lines.join('\n') + '\n');
const texts = lines.map((l) => (JSON.parse(l) as { text: string }).text.trim());
const config = loadConfig();
const plain = await createEncoder(config.encoder);
const runtime = await loadClassifierRuntime(config, { encoder: await createThreadEncoder(config.encoder) });
await plain.embed(texts.slice(0, 256)); await runtime.encoder.embed(texts.slice(0, 256));
const enc: number[] = [], bulk: number[] = [];
for (let r = 0; r < 3; r++) {
  let t = performance.now();
  for (let i = 0; i < texts.length; i += 1024) await plain.embed(texts.slice(i, i + 1024));
  enc.push(texts.length / ((performance.now() - t) / 1000));
  t = performance.now();
  await classifyStream(runtime, createReadStream(file), new Writable({ write(_c, _e, cb) { cb(); } }), { textField: 'text', inputFormat: 'jsonl', outputFormat: 'jsonl', progress: { update() {}, stop() {} } });
  bulk.push(texts.length / ((performance.now() - t) / 1000));
  console.log(`run ${r + 1}: encoder alone (in-process, calls of 1024, batch 64) ${enc[r]!.toFixed(1)} texts/s; bulk classify (encoder thread) ${bulk[r]!.toFixed(1)} rows/s; ratio ${(bulk[r]! / enc[r]!).toFixed(3)}`);
}
const med = (x: number[]) => [...x].sort((a, b) => a - b)[1]!;
console.log(`median: encoder ${med(enc).toFixed(1)} texts/s, bulk ${med(bulk).toFixed(1)} rows/s, ratio ${(med(bulk) / med(enc)).toFixed(3)}`);
await plain.dispose(); await runtime.encoder.dispose();
