/**
 * The part of TensorBoard's `Event` protobuf (tensorflow/core/util/event.proto, summary.proto,
 * tensor.proto) that scalars live in, decoded straight from the record's bytes:
 *
 *   Event    { double wall_time = 1; int64 step = 2; string file_version = 3; Summary summary = 5;
 *              SessionLog session_log = 7; … }
 *   Summary  { repeated Value value = 1; }   Value { string tag = 1; float simple_value = 2;
 *              TensorProto tensor = 8; … }   SessionLog { SessionStatus status = 1; }  (START = 1)
 *   TensorProto { DataType dtype = 1; TensorShapeProto tensor_shape = 2; bytes tensor_content = 4;
 *              repeated float float_val = 5; double double_val = 6; int32 int_val = 7;
 *              int64 int64_val = 10; int32 half_val = 13; }   TensorShapeProto { repeated Dim dim = 2; }
 *
 * A scalar is a `Summary.Value` with `simple_value` (TF1, tensorboardX's add_scalar), or a rank-0 numeric
 * `tensor` (TF2 `tf.summary.scalar`, recent torch and tensorboardX writers). Every other field (graphs,
 * images, histograms, audio, metadata) is skipped unread.
 *
 * Hand-written rather than protobufjs's generated decoder: that one builds an object per message and,
 * given a field with another wire type than the schema's, reads it as the schema's type anyway (a step
 * sent as a string became step 0). Here a known field with the wrong wire type, a length past the end or a
 * cut varint makes the record malformed: the caller skips and counts it, as a record that fails its CRC.
 * Tags are returned as byte ranges of the record; the caller interns them (tag-table.ts).
 * bench/ingest/RESULTS.md compares this with protobufjs's Reader walking the same fields.
 */

/** How a record decoded. */
export enum Decoded {
  Ok = 0,
  /** Not an Event as the schema says (wire types, lengths): skipped and counted. */
  Malformed = 1,
  /** The step is outside ±(2⁵³ − 1), where a double no longer holds every integer: skipped and counted. */
  UnsafeStep = 2,
}

/** TensorFlow DataType numbers of the numeric scalars read. */
const DT_FLOAT = 1;
const DT_DOUBLE = 2;
const DT_INT32 = 3;
const DT_INT64 = 9;
const DT_BFLOAT16 = 14;
const DT_HALF = 19;
const SESSION_START = 1;
/** Deepest nesting of unknown groups skipped (proto2 groups; no TensorBoard writer sends one). */
const MAX_GROUP_DEPTH = 16;

const scratch = new DataView(new ArrayBuffer(8));

/** IEEE 754 binary16 → number. */
export function halfToNumber(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exp = (bits >> 10) & 0x1f;
  const frac = bits & 0x3ff;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 31) return frac ? Number.NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}

function bfloat16ToNumber(bits: number): number {
  scratch.setUint32(0, (bits & 0xffff) << 16);
  return scratch.getFloat32(0);
}

/**
 * Decodes one record at a time into its own fields, reused from record to record (no object per record).
 * After `decode` returns Ok: `step`, `start` (a `SessionLog.START`), and `count` scalars, the i-th with
 * its tag at `tagStart[i]`..`tagEnd[i]` of the record's buffer and its value in `values[i]`.
 */
export class EventDecoder {
  step = 0;
  /** The step as written, when it is outside the safe range (the number `step` is then rounded). */
  stepText = '';
  start = false;
  count = 0;
  tagStart = new Int32Array(64);
  tagEnd = new Int32Array(64);
  values = new Float64Array(64);

  private buf: Uint8Array = new Uint8Array(0);
  private view: DataView = new DataView(new ArrayBuffer(0));
  private pos = 0;
  /** Set by a read that ran past its end or met a wire type where another was due. */
  private bad = false;
  private unsafe = false;
  /** The last int64 read the long way. */
  private big = 0n;

  // A tensor's fields, as the last Value's tensor left them: the first element of each value list.
  private dtype = 0;
  private dims = 0;
  private contentStart = 0;
  private contentEnd = 0;
  /** Which lists (bits by field number) had a first element. */
  private listed = 0;
  private readonly firstOf = new Float64Array(14);

  decode(buf: Uint8Array, start: number, end: number): Decoded {
    if (buf !== this.buf) {
      this.buf = buf;
      this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    }
    this.pos = start;
    this.bad = false;
    this.unsafe = false;
    this.step = 0;
    this.start = false;
    this.count = 0;
    while (this.pos < end && !this.bad) {
      const key = this.uint32(end);
      const wire = key & 7;
      switch (key >>> 3) {
        case 2:
          if (wire !== 0) return Decoded.Malformed;
          this.step = this.int64(end);
          if (this.unsafe) this.stepText = this.big.toString();
          break;
        case 5: {
          const stop = this.lengthEnd(wire, end);
          if (!this.bad) this.summary(stop);
          break;
        }
        case 7: {
          const stop = this.lengthEnd(wire, end);
          if (!this.bad) this.sessionLog(stop);
          break;
        }
        case 1:
          if (wire !== 1) return Decoded.Malformed;
          this.pos += 8;
          break;
        default:
          this.skip(wire, end, 0);
      }
    }
    if (this.bad || this.pos !== end) return Decoded.Malformed;
    return this.unsafe ? Decoded.UnsafeStep : Decoded.Ok;
  }

  private summary(end: number): void {
    while (this.pos < end && !this.bad) {
      const key = this.uint32(end);
      if (key === 0x0a /* value = 1, length-delimited */) {
        const stop = this.lengthEnd(2, end);
        if (!this.bad) this.value(stop);
      } else if (key >>> 3 === 1) this.bad = true;
      else this.skip(key & 7, end, 0);
    }
    if (this.pos !== end) this.bad = true;
  }

  private value(end: number): void {
    let tagStart = 0;
    let tagEnd = 0;
    let simple = Number.NaN;
    let hasSimple = false;
    let hasTensor = false;
    while (this.pos < end && !this.bad) {
      const key = this.uint32(end);
      const wire = key & 7;
      switch (key >>> 3) {
        case 1:
          tagEnd = this.lengthEnd(wire, end);
          tagStart = this.pos;
          this.pos = tagEnd;
          break;
        case 2:
          if (wire !== 5 || this.pos + 4 > end) this.bad = true;
          else {
            simple = this.view.getFloat32(this.pos, true);
            hasSimple = true;
            this.pos += 4;
          }
          break;
        case 8: {
          const stop = this.lengthEnd(wire, end);
          if (!this.bad) {
            this.tensor(stop);
            hasTensor = true;
          }
          break;
        }
        default:
          this.skip(wire, end, 0);
      }
    }
    if (this.bad || tagEnd === tagStart) return;
    // A tensor, when present, is what the writer wrote (a oneof: simple_value is then unset).
    let value: number;
    if (hasTensor) {
      const v = this.tensorScalar();
      if (v === null) return;
      value = v;
    } else if (hasSimple) value = simple;
    else return;
    const i = this.count++;
    if (i === this.values.length) this.grow();
    this.tagStart[i] = tagStart;
    this.tagEnd[i] = tagEnd;
    this.values[i] = value;
  }

  private tensor(end: number): void {
    this.dtype = 0;
    this.dims = 0;
    this.contentStart = this.contentEnd = 0;
    this.listed = 0;
    while (this.pos < end && !this.bad) {
      const key = this.uint32(end);
      const wire = key & 7;
      const field = key >>> 3;
      if (field === 1 && wire === 0) this.dtype = this.uint32(end);
      else if (field === 2 && wire === 2) this.shape(this.lengthEnd(wire, end));
      else if (field === 4 && wire === 2) {
        this.contentEnd = this.lengthEnd(wire, end);
        this.contentStart = this.pos;
        this.pos = this.contentEnd;
      } else if (field === 5 || field === 6 || field === 7 || field === 10 || field === 13)
        this.listValue(field, wire, end);
      else if (field === 1 || field === 2 || field === 4) this.bad = true;
      else this.skip(wire, end, 0);
    }
  }

  private shape(end: number): void {
    while (this.pos < end && !this.bad) {
      const key = this.uint32(end);
      if (key >>> 3 === 2) this.dims++;
      this.skip(key & 7, end, 0);
    }
  }

  /**
   * A value list's elements (float_val 5, double_val 6, int_val 7, int64_val 10, half_val 13), packed
   * (one length-delimited run) or one per key; the first is kept. The dtype may come after them.
   */
  private listValue(field: number, wire: number, end: number): void {
    const fixed = field === 5 ? 5 : field === 6 ? 1 : 0;
    const packed = wire === 2;
    if (!packed && wire !== fixed) {
      this.bad = true;
      return;
    }
    const stop = packed ? this.lengthEnd(wire, end) : end;
    if (this.bad) return;
    if (this.pos === stop) return; // an empty packed run
    const at = this.pos;
    let v: number;
    if (fixed === 5) {
      if (at + 4 > stop) {
        this.bad = true;
        return;
      }
      v = this.view.getFloat32(at, true);
      this.pos = at + 4;
    } else if (fixed === 1) {
      if (at + 8 > stop) {
        this.bad = true;
        return;
      }
      v = this.view.getFloat64(at, true);
      this.pos = at + 8;
    } else {
      const unsafe = this.unsafe;
      v = this.int64(stop);
      this.unsafe = unsafe; // a value, not a step: a large int64 is a rounded number
      if (field === 7) v |= 0;
    }
    const bit = 1 << field;
    if (!(this.listed & bit)) {
      this.listed |= bit;
      this.firstOf[field] = v;
    }
    if (packed) this.pos = stop;
  }

  /** A rank-0 numeric tensor's value, or null (a histogram, an image, text, a vector). */
  private tensorScalar(): number | null {
    if (this.dims > 0) return null;
    const n = this.contentEnd - this.contentStart;
    const at = this.contentStart;
    const view = this.view;
    const first = (field: number): number | null => (this.listed & (1 << field) ? this.firstOf[field]! : null);
    switch (this.dtype) {
      case DT_FLOAT:
        return n >= 4 ? view.getFloat32(at, true) : first(5);
      case DT_DOUBLE:
        return n >= 8 ? view.getFloat64(at, true) : first(6);
      case DT_INT32:
        return n >= 4 ? view.getInt32(at, true) : first(7);
      case DT_INT64:
        return n >= 8 ? Number(view.getBigInt64(at, true)) : first(10);
      case DT_HALF:
      case DT_BFLOAT16: {
        const bits = n >= 2 ? view.getUint16(at, true) : first(13);
        if (bits === null) return null;
        return this.dtype === DT_HALF ? halfToNumber(bits) : bfloat16ToNumber(bits);
      }
      default:
        return null;
    }
  }

  private sessionLog(end: number): void {
    while (this.pos < end && !this.bad) {
      const key = this.uint32(end);
      if (key === 0x08 /* status = 1, varint */) this.start = this.uint32(end) === SESSION_START;
      else if (key >>> 3 === 1) this.bad = true;
      else this.skip(key & 7, end, 0);
    }
  }

  private grow(): void {
    const n = this.values.length * 2;
    const ts = new Int32Array(n);
    ts.set(this.tagStart);
    this.tagStart = ts;
    const te = new Int32Array(n);
    te.set(this.tagEnd);
    this.tagEnd = te;
    const vs = new Float64Array(n);
    vs.set(this.values);
    this.values = vs;
  }

  /** The end of a length-delimited field whose length is at `pos` (the wire type must be 2). */
  private lengthEnd(wire: number, end: number): number {
    if (wire !== 2) {
      this.bad = true;
      return end;
    }
    const length = this.uint32(end);
    const stop = this.pos + length;
    if (stop > end) {
      this.bad = true;
      return end;
    }
    return stop;
  }

  /** A varint of at most 32 bits (keys, lengths, enums, dtypes); longer ones keep their low 32 bits. */
  private uint32(end: number): number {
    const buf = this.buf;
    let p = this.pos;
    // Keys and short lengths are one byte.
    if (p < end && buf[p]! < 0x80) {
      this.pos = p + 1;
      return buf[p]!;
    }
    let value = 0;
    for (let shift = 0; shift < 70; shift += 7) {
      if (p >= end) {
        this.bad = true;
        this.pos = end;
        return 0;
      }
      const b = buf[p++]!;
      if (shift < 32) value |= (b & 0x7f) << shift;
      if (b < 0x80) {
        this.pos = p;
        return value >>> 0;
      }
    }
    this.bad = true;
    this.pos = end;
    return 0;
  }

  /** An int64 varint as a number; `unsafe` when it is outside ±(2⁵³ − 1). */
  private int64(end: number): number {
    const buf = this.buf;
    const from = this.pos;
    let p = from;
    let low = 0;
    // Up to 4 bytes (28 bits) in integer arithmetic: every step below 268 million.
    for (let shift = 0; shift < 28; shift += 7) {
      if (p >= end) return this.cut(end);
      const b = buf[p++]!;
      low |= (b & 0x7f) << shift;
      if (b < 0x80) {
        this.pos = p;
        return low;
      }
    }
    // Longer: read it whole as a BigInt, two's complement in 64 bits (a negative int64 takes 10 bytes).
    let big = BigInt(low);
    for (let shift = 28n; shift < 70n; shift += 7n) {
      if (p >= end) return this.cut(end);
      const b = buf[p++]!;
      big |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) {
        this.pos = p;
        const v = BigInt.asIntN(64, big);
        this.big = v;
        if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) this.unsafe = true;
        return Number(v);
      }
    }
    return this.cut(end);
  }

  private cut(end: number): number {
    this.bad = true;
    this.pos = end;
    return 0;
  }

  /** Skip a field of an unknown number by its wire type. */
  private skip(wire: number, end: number, depth: number): void {
    switch (wire) {
      case 0:
        this.uint32(end);
        return;
      case 1:
        this.pos += 8;
        break;
      case 2:
        this.pos = this.lengthEnd(wire, end);
        return;
      case 5:
        this.pos += 4;
        break;
      case 3: {
        // A group: fields until its end-group key.
        if (depth >= MAX_GROUP_DEPTH) {
          this.bad = true;
          return;
        }
        while (!this.bad) {
          if (this.pos >= end) {
            this.bad = true;
            return;
          }
          const key = this.uint32(end);
          if ((key & 7) === 4) return;
          this.skip(key & 7, end, depth + 1);
        }
        return;
      }
      default:
        this.bad = true;
        return;
    }
    if (this.pos > end) {
      this.bad = true;
      this.pos = end;
    }
  }
}

export interface DecodedEvent {
  step: number;
  scalars: { tag: string; value: number }[];
  /** A `SessionLog.START`: a writer (re)started here; what it follows is purged from its step on. */
  start: boolean;
}

const utf8 = new TextDecoder();
const one = new EventDecoder();

/** One record's step and scalars as plain values (for a record at a time, as `watch` reads them); null when malformed. */
export function decodeEvent(data: Uint8Array): DecodedEvent | null {
  if (one.decode(data, 0, data.length) !== Decoded.Ok) return null;
  const scalars: { tag: string; value: number }[] = [];
  for (let i = 0; i < one.count; i++)
    scalars.push({ tag: utf8.decode(data.subarray(one.tagStart[i], one.tagEnd[i])), value: one.values[i]! });
  return { step: one.step, scalars, start: one.start };
}
