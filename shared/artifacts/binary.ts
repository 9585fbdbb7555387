/** Little-endian float32 / float16 matrices for artifact files (plain bytes, never executable formats). */

export type StoredDtype = 'float32' | 'float16';

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** IEEE 754 half precision, round to nearest even. */
export function toFloat16Bits(value: number): number {
  f32[0] = value;
  const x = u32[0] as number;
  const sign = (x >>> 16) & 0x8000;
  const exponent = (x >>> 23) & 0xff;
  let mantissa = x & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  const e = exponent - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    mantissa |= 0x800000;
    const shift = 14 - e;
    let half = mantissa >>> shift;
    const rest = mantissa & ((1 << shift) - 1);
    const halfway = 1 << (shift - 1);
    if (rest > halfway || (rest === halfway && half & 1)) half += 1;
    return sign | half;
  }
  let half = (e << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && half & 1)) half += 1;
  return sign | half;
}

export function fromFloat16Bits(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >>> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (mantissa / 1024);
  if (exponent === 0x1f) return mantissa ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + mantissa / 1024);
}

export function encodeMatrix(values: Float32Array, dtype: StoredDtype): Buffer {
  if (dtype === 'float32') {
    const out = Buffer.alloc(values.length * 4);
    values.forEach((v, i) => out.writeFloatLE(v, i * 4));
    return out;
  }
  const out = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => out.writeUInt16LE(toFloat16Bits(v), i * 2));
  return out;
}

export function decodeMatrix(bytes: Buffer, dtype: StoredDtype, expectedLength: number): Float32Array {
  const width = dtype === 'float32' ? 4 : 2;
  if (bytes.length !== expectedLength * width) {
    throw new Error(`expected ${expectedLength} ${dtype} values (${expectedLength * width} bytes), found ${bytes.length} bytes`);
  }
  const out = new Float32Array(expectedLength);
  for (let i = 0; i < expectedLength; i++) out[i] = dtype === 'float32' ? bytes.readFloatLE(i * 4) : fromFloat16Bits(bytes.readUInt16LE(i * 2));
  return out;
}
