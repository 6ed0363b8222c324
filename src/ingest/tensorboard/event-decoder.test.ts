/**
 * The decoder against protobufjs's encoding of the same fields: simple values, every tensor layout a
 * writer uses (tensor_content, packed and one-per-key value lists, the dtype after the values), a START,
 * and records that are not Events.
 */
import { describe, expect, it } from 'vitest';
import { eventBytes } from '../../../test/helpers/tfevents.js';
import { Decoded, EventDecoder, decodeEvent } from './event-decoder.js';

const one = (tensor: Record<string, unknown>) =>
  decodeEvent(eventBytes({ step: 3, summary: { value: [{ tag: 't', tensor }] } }));
const le = (write: (b: Buffer) => void, n: number) => {
  const b = Buffer.alloc(n);
  write(b);
  return b;
};

describe('EventDecoder', () => {
  it('reads step, simple values and tensors as the writers encode them', () => {
    const e = decodeEvent(
      eventBytes({
        wall_time: 5,
        step: 123456789012,
        summary: { value: [{ tag: 'a', simple_value: 0.5 }, { tag: 'b' }] },
      }),
    );
    expect(e).toEqual({ step: 123456789012, scalars: [{ tag: 'a', value: 0.5 }], start: false });
    expect(one({ dtype: 1, float_val: [1.5, 2] })?.scalars).toEqual([{ tag: 't', value: 1.5 }]);
    expect(one({ dtype: 2, double_val: [0.1] })?.scalars[0]?.value).toBe(0.1);
    expect(one({ dtype: 3, int_val: [-7] })?.scalars[0]?.value).toBe(-7);
    expect(one({ dtype: 9, int64_val: ['-9000000000'] })?.scalars[0]?.value).toBe(-9e9);
    expect(one({ dtype: 19, half_val: [0x3c00] })?.scalars[0]?.value).toBe(1);
    expect(one({ dtype: 14, half_val: [0x3fc0] })?.scalars[0]?.value).toBe(1.5);
    expect(one({ dtype: 1, tensor_content: le((b) => b.writeFloatLE(2.5), 4) })?.scalars[0]?.value).toBe(2.5);
    expect(one({ dtype: 2, tensor_content: le((b) => b.writeDoubleLE(0.3), 8) })?.scalars[0]?.value).toBe(0.3);
    expect(one({ dtype: 9, tensor_content: le((b) => b.writeBigInt64LE(-5n), 8) })?.scalars[0]?.value).toBe(-5);
    // Not scalars: a vector, a string tensor.
    expect(one({ dtype: 1, tensor_shape: { dim: [{ size: 2 }] }, float_val: [1, 2] })?.scalars).toEqual([]);
    expect(one({ dtype: 7 })?.scalars).toEqual([]);
  });

  it('reads value lists one per key and a dtype that comes after them', () => {
    // TensorProto { float_val: 4.0 (unpacked, key 0x2d), float_val: 5.0, dtype: DT_FLOAT }.
    const tensor = Buffer.concat([
      Buffer.from([0x2d]),
      le((b) => b.writeFloatLE(4), 4),
      Buffer.from([0x2d]),
      le((b) => b.writeFloatLE(5), 4),
      Buffer.from([0x08, 0x01]),
    ]);
    const value = Buffer.concat([Buffer.from([0x0a, 0x01, 0x74, 0x42, tensor.length]), tensor]);
    const summary = Buffer.concat([Buffer.from([0x0a, value.length]), value]);
    const event = Buffer.concat([Buffer.from([0x10, 0x02, 0x2a, summary.length]), summary]);
    expect(decodeEvent(event)).toEqual({ step: 2, scalars: [{ tag: 't', value: 4 }], start: false });
  });

  it('says a START, and refuses what is not an Event', () => {
    expect(decodeEvent(eventBytes({ step: 50, session_log: { status: 1 } }))).toEqual({
      step: 50,
      scalars: [],
      start: true,
    });
    const d = new EventDecoder();
    const cases: [string, number[]][] = [
      ['a step as a string', [0x12, 0x01, 0x37]],
      ['a cut varint', [0x10, 0xff]],
      ['a length past the end', [0x2a, 0x05, 0x0a]],
      ['a wall time cut short', [0x09, 0x00, 0x00]],
      ['a simple value as a varint', [0x2a, 0x06, 0x0a, 0x04, 0x0a, 0x01, 0x61, 0x10]],
      ['wire type 7', [0x0f]],
    ];
    for (const [what, bytes] of cases)
      expect(d.decode(Uint8Array.from(bytes), 0, bytes.length), what).toBe(Decoded.Malformed);
    expect(d.decode(Uint8Array.from([0x10, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x10]), 0, 9)).toBe(
      Decoded.UnsafeStep,
    );
  });
});
