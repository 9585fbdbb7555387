import { describe, expect, it } from 'vitest';
import { decodeMatrix, encodeMatrix, fromFloat16Bits, toFloat16Bits } from '../../../shared/artifacts/binary.js';

const MIN_SUBNORMAL = 2 ** -24;
const MIN_NORMAL = 2 ** -14;
const MAX_HALF = 65504;

describe('float16 codec', () => {
  it.each([
    [0, 0x0000],
    [-0, 0x8000],
    [1, 0x3c00],
    [-2, 0xc000],
    [0.5, 0x3800],
    [MAX_HALF, 0x7bff],
    [MIN_NORMAL, 0x0400],
    [MIN_SUBNORMAL, 0x0001],
    [MIN_NORMAL - MIN_SUBNORMAL, 0x03ff],
  ])('encodes %d as %s', (value, bits) => {
    expect(toFloat16Bits(value)).toBe(bits);
    expect(Object.is(fromFloat16Bits(bits), value)).toBe(true);
  });

  it('round-trips every finite half exactly', () => {
    const mismatches: number[] = [];
    for (let bits = 0; bits < 0x10000; bits++) {
      if ((bits & 0x7c00) !== 0x7c00 && toFloat16Bits(fromFloat16Bits(bits)) !== bits) mismatches.push(bits);
    }
    expect(mismatches).toEqual([]);
  });

  it('rounds halfway cases to the even mantissa', () => {
    const ulpAtOne = 2 ** -10;
    // 1 + ulp/2 lies between 0x3c00 (even) and 0x3c01: to even, down.
    expect(toFloat16Bits(1 + ulpAtOne / 2)).toBe(0x3c00);
    // 1 + 3ulp/2 lies between 0x3c01 and 0x3c02 (even): to even, up.
    expect(toFloat16Bits(1 + (3 * ulpAtOne) / 2)).toBe(0x3c02);
    // Just above halfway rounds up, just below rounds down.
    expect(toFloat16Bits(1 + ulpAtOne / 2 + 2 ** -20)).toBe(0x3c01);
    expect(toFloat16Bits(1 + ulpAtOne / 2 - 2 ** -20)).toBe(0x3c00);
  });

  it('rounds subnormals to nearest even and flushes below half the smallest subnormal to signed zero', () => {
    expect(toFloat16Bits(1.5 * MIN_SUBNORMAL)).toBe(0x0002);
    expect(toFloat16Bits(2.5 * MIN_SUBNORMAL)).toBe(0x0002);
    expect(toFloat16Bits(0.5 * MIN_SUBNORMAL)).toBe(0x0000);
    expect(toFloat16Bits(0.75 * MIN_SUBNORMAL)).toBe(0x0001);
    expect(toFloat16Bits(-MIN_SUBNORMAL / 4)).toBe(0x8000);
    // The largest subnormal plus half an ulp rounds up into the smallest normal.
    expect(toFloat16Bits(MIN_NORMAL - MIN_SUBNORMAL / 2)).toBe(0x0400);
  });

  it('overflows to infinity and keeps infinities and NaN', () => {
    expect(toFloat16Bits(65520)).toBe(0x7c00); // halfway above the largest half rounds to even: infinity
    expect(toFloat16Bits(65519)).toBe(0x7bff);
    expect(toFloat16Bits(1e6)).toBe(0x7c00);
    expect(toFloat16Bits(-1e6)).toBe(0xfc00);
    expect(toFloat16Bits(Infinity)).toBe(0x7c00);
    expect(toFloat16Bits(-Infinity)).toBe(0xfc00);
    expect(fromFloat16Bits(0x7c00)).toBe(Infinity);
    expect(fromFloat16Bits(0xfc00)).toBe(-Infinity);
    expect(Number.isNaN(fromFloat16Bits(toFloat16Bits(NaN)))).toBe(true);
  });

  it('matrices round-trip through both dtypes and refuse a wrong length', () => {
    const values = Float32Array.from([0, 1, -2.5, 0.1, 1e-6, 300]);
    expect(decodeMatrix(encodeMatrix(values, 'float32'), 'float32', values.length)).toEqual(values);
    const half = decodeMatrix(encodeMatrix(values, 'float16'), 'float16', values.length);
    values.forEach((v, i) => expect(Math.abs((half[i] as number) - v)).toBeLessThanOrEqual(Math.abs(v) * 2 ** -11 + MIN_SUBNORMAL / 2));
    expect(() => decodeMatrix(encodeMatrix(values, 'float16'), 'float16', values.length + 1)).toThrow(/expected 7 float16 values/);
  });
});
