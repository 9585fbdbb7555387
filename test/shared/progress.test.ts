import { describe, expect, it } from 'vitest';
import { formatDuration, plainProgress, progressLine } from '../../shared/progress.js';

function sink() {
  const lines: string[] = [];
  return { lines, stream: { write: (chunk: string) => lines.push(chunk.trimEnd()) > 0 } as unknown as NodeJS.WritableStream };
}

describe('progress in logs (stderr not a TTY)', () => {
  it('formats count, percentage, rate and ETA', () => {
    expect(progressLine('embedding', 'texts', 250, 1000, 5)).toBe('embedding: 250/1000 texts (25%), 50.0 texts/s, ETA 15s');
    expect(progressLine('embedding', 'texts', 1000, 1000, 130)).toBe('embedding: 1000/1000 texts (100%), 7.7 texts/s, done in 2m10s');
    expect(progressLine('classify', 'rows', 30, 0, 3)).toBe('classify: 30 rows, 10.0 rows/s');
    expect(formatDuration(7380)).toBe('2h03m');
  });

  it('prints one line per 10% and at least every 15 s, and a last line', () => {
    const { lines, stream } = sink();
    let now = 0;
    const progress = plainProgress('embedding', 1000, 'texts', { stream, now: () => now });
    for (let done = 10; done <= 1000; done += 10) {
      now += 100; // 10 texts per 0.1 s
      progress.update(done);
    }
    progress.stop();
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('embedding: 100/1000 texts (10%), 100.0 texts/s, ETA 9s');
    expect(lines.at(-1)).toBe('embedding: 1000/1000 texts (100%), 100.0 texts/s, done in 10s');

    const slow = sink();
    now = 0;
    const slowProgress = plainProgress('train', 1000, 'steps', { stream: slow.stream, now: () => now });
    for (let done = 1; done <= 50; done++) {
      now += 1000; // 1 step/s: 10% would take 100 s
      slowProgress.update(done);
    }
    slowProgress.stop();
    expect(slow.lines.map((l) => l.split(' ')[1])).toEqual(['15/1000', '30/1000', '45/1000', '50/1000']);
  });

  it('restarts rate and ETA when the total changes, and stays silent for nothing to do', () => {
    const { lines, stream } = sink();
    let now = 0;
    const progress = plainProgress('embedding', 100, 'texts', { stream, now: () => now });
    now = 1000;
    progress.update(10, 40);
    expect(lines).toEqual(['embedding: 10/40 texts (25%), 0.0 texts/s, ETA ?']);
    const quiet = sink();
    plainProgress('embedding', 0, 'texts', { stream: quiet.stream }).stop();
    expect(quiet.lines).toEqual([]);
  });
});
