import { describe, expect, it } from 'vitest';
import { textTable } from '../../shared/text-table.js';

describe('textTable', () => {
  it('pads every column to its widest cell: first left, the rest right, by default', () => {
    expect(textTable(['head', 'n'], [['intent_type', '7'], ['a', '1234']])).toEqual(['head            n', 'intent_type     7', 'a            1234']);
  });

  it('follows the given alignment, keeps separate columns apart and trims trailing spaces', () => {
    expect(textTable(['train', 'calibration', ''], [['1', '22', 'note'], ['333', '4', '']], { align: ['right', 'right', 'left'] })).toEqual([
      'train  calibration',
      '    1           22  note',
      '  333            4',
    ]);
  });
});
