/**
 * The part of TensorBoard's `Event` protobuf (tensorflow/core/util/event.proto, summary.proto,
 * tensor.proto) that scalars live in, read with protobufjs from this minimal schema: fields not named
 * here (graphs, images, histograms, audio) are skipped by the decoder unread.
 * A scalar is a `Summary.Value` with `simple_value` (TF1, tensorboardX's add_scalar), or a rank-0
 * numeric `tensor` (TF2 `tf.summary.scalar`, recent torch and tensorboardX writers).
 */
import protobuf from 'protobufjs';

export const EVENT_PROTO = `
syntax = "proto3";
message Event {
  double wall_time = 1;
  int64 step = 2;
  Summary summary = 5;
  SessionLog session_log = 7;
}
message SessionLog {
  int32 status = 1;
}
message Summary {
  message Value {
    string tag = 1;
    float simple_value = 2;
    TensorProto tensor = 8;
    SummaryMetadata metadata = 9;
  }
  repeated Value value = 1;
}
message SummaryMetadata {
  message PluginData { string plugin_name = 1; }
  PluginData plugin_data = 1;
}
message TensorShapeProto {
  message Dim { int64 size = 1; }
  repeated Dim dim = 2;
}
message TensorProto {
  int32 dtype = 1;
  TensorShapeProto tensor_shape = 2;
  bytes tensor_content = 4;
  repeated float float_val = 5;
  repeated double double_val = 6;
  repeated int32 int_val = 7;
  repeated int64 int64_val = 10;
  repeated int32 half_val = 13;
}
`;

const root = protobuf.parse(EVENT_PROTO, { keepCase: true }).root;
const EventType = root.lookupType('Event');

/** SessionLog.SessionStatus.START. */
const SESSION_START = 1;

/** TensorFlow DataType numbers of the numeric scalars read. */
const DT = { FLOAT: 1, DOUBLE: 2, INT32: 3, INT64: 9, BFLOAT16: 14, HALF: 19 } as const;

interface Long {
  toNumber(): number;
}
type Int64 = number | Long;

interface TensorMsg {
  dtype?: number;
  tensor_shape?: { dim?: unknown[] };
  tensor_content?: Uint8Array;
  float_val?: number[];
  double_val?: number[];
  int_val?: number[];
  int64_val?: Int64[];
  half_val?: number[];
}
interface ValueMsg {
  tag?: string;
  simple_value?: number;
  tensor?: TensorMsg;
  metadata?: { plugin_data?: { plugin_name?: string } };
}
interface EventMsg {
  wall_time?: number;
  step?: Int64;
  summary?: { value?: ValueMsg[] };
  session_log?: { status?: number };
}

export interface ScalarPoint {
  tag: string;
  value: number;
}

export interface DecodedEvent {
  step: number;
  wallTime: number;
  scalars: ScalarPoint[];
  /** A `SessionLog.START`: a writer (re)started here; with a step, what follows replaces that step on. */
  start: boolean;
}

const toNumber = (v: Int64 | undefined): number => (v === undefined ? 0 : typeof v === 'number' ? v : v.toNumber());

/** One event record's step, wall time and scalar values (none for other records). */
export function decodeEvent(data: Uint8Array): DecodedEvent {
  const e = EventType.decode(data) as unknown as EventMsg;
  const scalars: ScalarPoint[] = [];
  for (const v of e.summary?.value ?? []) {
    if (!v.tag) continue;
    // proto3 leaves simple_value 0 when unset: a tensor, when present, is what the writer wrote.
    const value = v.tensor ? tensorScalar(v.tensor) : Object.hasOwn(v, 'simple_value') ? v.simple_value! : null;
    if (value !== null) scalars.push({ tag: v.tag, value });
  }
  const start = e.session_log?.status === SESSION_START;
  return { step: toNumber(e.step), wallTime: e.wall_time ?? 0, scalars, start };
}

/** A rank-0 numeric tensor's value, or null (a histogram, an image, text, a vector). */
function tensorScalar(t: TensorMsg): number | null {
  if ((t.tensor_shape?.dim?.length ?? 0) > 0) return null;
  const raw = t.tensor_content;
  const view = raw?.length ? new DataView(raw.buffer, raw.byteOffset, raw.byteLength) : null;
  switch (t.dtype) {
    case DT.FLOAT:
      return view && raw!.length >= 4 ? view.getFloat32(0, true) : (t.float_val?.[0] ?? null);
    case DT.DOUBLE:
      return view && raw!.length >= 8 ? view.getFloat64(0, true) : (t.double_val?.[0] ?? null);
    case DT.INT32:
      return view && raw!.length >= 4 ? view.getInt32(0, true) : (t.int_val?.[0] ?? null);
    case DT.INT64:
      return view && raw!.length >= 8
        ? Number(view.getBigInt64(0, true))
        : t.int64_val?.[0] !== undefined
          ? toNumber(t.int64_val[0])
          : null;
    case DT.HALF:
      return view && raw!.length >= 2 ? halfToNumber(view.getUint16(0, true)) : halfOrNull(t.half_val?.[0]);
    case DT.BFLOAT16: {
      const bits = view && raw!.length >= 2 ? view.getUint16(0, true) : t.half_val?.[0];
      if (bits === undefined) return null;
      const f = new DataView(new ArrayBuffer(4));
      f.setUint32(0, (bits & 0xffff) << 16);
      return f.getFloat32(0);
    }
    default:
      return null;
  }
}

const halfOrNull = (bits: number | undefined) => (bits === undefined ? null : halfToNumber(bits));

/** IEEE 754 binary16 → number. */
function halfToNumber(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exp = (bits >> 10) & 0x1f;
  const frac = bits & 0x3ff;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 31) return frac ? Number.NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}
