/**
 * TensorBoard event records for tests, encoded with protobufjs from the schema of the fields the reader
 * reads (tensorflow/core/util/event.proto, summary.proto, tensor.proto), framed as TFRecords.
 */
import protobuf from 'protobufjs';
import { maskedCrc32c } from '../../src/ingest/tensorboard/tfrecord.js';

export const EVENT_PROTO = `
syntax = "proto3";
message Event {
  double wall_time = 1;
  int64 step = 2;
  string file_version = 3;
  Summary summary = 5;
  SessionLog session_log = 7;
}
message SessionLog {
  int32 status = 1;
}
message Summary {
  message Value {
    string tag = 1;
    // A oneof, as in summary.proto: a simple_value of 0 is written.
    oneof value {
      float simple_value = 2;
      TensorProto tensor = 8;
    }
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

export const EventType = protobuf.parse(EVENT_PROTO, { keepCase: true }).root.lookupType('Event');

/** One TFRecord: length, its masked CRC32C, the data, its masked CRC32C. */
export function record(data: Uint8Array): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt32LE(data.length, 0);
  head.writeUInt32LE(0, 4);
  head.writeUInt32LE(maskedCrc32c(head.subarray(0, 8)), 8);
  const tail = Buffer.alloc(4);
  tail.writeUInt32LE(maskedCrc32c(data), 0);
  return Buffer.concat([head, data, tail]);
}

export type Value = { tag: string; simple_value?: number; tensor?: Record<string, unknown> };

/** An Event's bytes from a plain object (protobufjs's fromObject). */
export const eventBytes = (fields: Record<string, unknown>): Uint8Array =>
  EventType.encode(EventType.fromObject(fields)).finish();

/** A framed scalar event at `step`. */
export const event = (step: number | string, values: Value[], wall = 1000 + Number(step)): Buffer =>
  record(eventBytes({ wall_time: wall, step, summary: { value: values } }));

/** The header event every writer starts a file with. */
export const header = (wall = 1): Buffer => record(eventBytes({ wall_time: wall, file_version: 'brain.Event:2' }));

/** A `SessionLog.START` at `step`: a writer opened with purge_step. */
export const sessionStart = (step: number, wall = 2): Buffer =>
  record(eventBytes({ wall_time: wall, step, session_log: { status: 1 } }));

export const floatTensor = (x: number) => {
  const b = Buffer.alloc(4);
  b.writeFloatLE(x);
  return { dtype: 1, tensor_content: b };
};
