"""Write one large TensorBoard event file for the ingest benchmark.

Usage:
    python make_big.py OUTFILE SIZE_MB [--writer direct|tensorboardx] [--seed N]

Writes steps 1, 2, 3, ... until the file holds at least SIZE_MB MiB
(finishing the step in progress). Each step has 20 scalar tags, one Event
per value as tensorboardX and torch.utils.tensorboard write them
(`simple_value`); every 100 steps an `eval/loss` scalar, every 1000 steps
one histogram (a non-scalar record a reader must skip). Wall times are
fixed (1.7e9 + 0.5 s per step) and the values come from a seeded
generator, so the same arguments give the same file.

--writer direct (default) frames the records itself: TFRecord framing
(u64 length, masked CRC32C of the length, data, masked CRC32C of the data)
around Event protos laid out exactly as protobuf serialises them; the
header event and the histograms are built with
tensorboard.compat.proto.event_pb2 / summary_pb2, and the first step's
hand-laid scalar records are checked against event_pb2 serialisation
before anything is written. The CRC comes from google_crc32c when it is
installed, otherwise from tensorboard's own pure-Python crc32c (much
slower).

--writer tensorboardx writes the same records through
tensorboardX.SummaryWriter.add_scalar / add_histogram_raw (about ten
times slower). Apart from the header event (whose wall time is the real
time in that mode) the two files are byte-identical.
"""

import argparse
import os
import struct
import sys
import tempfile
import time

import numpy as np
from tensorboard.compat.proto import event_pb2, summary_pb2

try:
    import google_crc32c

    def crc32c(data):
        return google_crc32c.value(data)

    CRC_IMPL = "google_crc32c"
except ImportError:  # pragma: no cover
    from tensorboard.compat.tensorflow_stub.pywrap_tensorflow import crc32c

    CRC_IMPL = "tensorboard pure-python crc32c"

T0 = 1_700_000_000.0
DT = 0.5
CHUNK = 500  # steps generated at once

TAGS = [
    "train/loss",
    "train/grad_norm",
    "train/z_loss",
    "lr-AdamW",
    "throughput/tokens_per_sec",
    "throughput/samples_per_sec",
    "perf/mfu",
    "perf/step_time_ms",
    "memory/allocated_gb",
    "memory/reserved_gb",
] + [f"layers/{i:02d}/grad_norm" for i in range(10)]


def masked_crc(data):
    x = crc32c(data)
    return (((x >> 15) | (x << 17)) + 0xA282EAD8) & 0xFFFFFFFF


_LEN_HEADERS = {}


def frame(data):
    """TFRecord framing; the framed length header is cached per length."""
    n = len(data)
    head = _LEN_HEADERS.get(n)
    if head is None:
        h = struct.pack("<Q", n)
        head = _LEN_HEADERS[n] = h + struct.pack("<I", masked_crc(h))
    return b"".join((head, data, struct.pack("<I", masked_crc(data))))


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def scalar_tail_prefix(tag_bytes):
    """Bytes of a scalar Event from its summary field up to the float value.

    Event: 1 wall_time (double), 2 step (int64 varint), 5 summary (message);
    Summary: 1 value (repeated message); Summary.Value: 1 tag (string),
    2 simple_value (float, 4 bytes). Only wall_time, step and the float vary.
    """
    v_len = 1 + len(varint(len(tag_bytes))) + len(tag_bytes) + 1 + 4
    s_len = 1 + len(varint(v_len)) + v_len
    return (
        b"\x2a" + varint(s_len) + b"\x0a" + varint(v_len)
        + b"\x0a" + varint(len(tag_bytes)) + tag_bytes + b"\x15"
    )


def scalar_event_bytes(prefix, wall_time, step_varint, value_f32_bytes):
    return b"".join((b"\x09", struct.pack("<d", wall_time), b"\x10", step_varint, prefix, value_f32_bytes))


def scalar_event_proto(tag, wall_time, step, value):
    e = event_pb2.Event(wall_time=wall_time, step=step)
    e.summary.value.add(tag=tag, simple_value=value)
    return e.SerializeToString()


def curves(rng, first, n):
    s = np.arange(first, first + n, dtype=np.float64)[:, None]
    noise = rng.standard_normal((n, len(TAGS)))
    base = np.empty((n, len(TAGS)))
    base[:, 0:1] = 1.9 + 7.5 * s ** -0.45
    base[:, 1:2] = 0.6 + 2.0 * s ** -0.5
    base[:, 2:3] = 1e-4 + 1e-3 * s ** -0.3
    base[:, 3:4] = np.where(s <= 2000, 3e-4 * s / 2000, 3e-5 + 2.7e-4 * np.exp(-(s - 2000) / 2e5))
    base[:, 4:5] = 118_000.0
    base[:, 5:6] = 115.0
    base[:, 6:7] = 0.42
    base[:, 7:8] = 4_400.0
    base[:, 8:9] = 61.5
    base[:, 9:10] = 72.0
    base[:, 10:] = 0.05 + 0.3 * s ** -0.4
    scale = np.array([0.015, 0.05, 0.02, 0.0, 0.02, 0.02, 0.02, 0.02, 0.001, 0.0] + [0.05] * 10)
    return (base * (1.0 + scale * noise)).astype(np.float32)


def histogram(rng, step):
    values = rng.standard_normal(4096) * 0.02
    limits = np.linspace(-0.08, 0.08, 31)[1:].tolist() + [1.7976931348623157e308]
    counts, _ = np.histogram(values, bins=[-np.inf] + limits[:-1] + [np.inf])
    return dict(
        tag="weights/layer0",
        min=float(values.min()),
        max=float(values.max()),
        num=float(values.size),
        sum=float(values.sum()),
        sum_squares=float((values * values).sum()),
        bucket_limits=limits,
        bucket_counts=[float(c) for c in counts],
    )


def histogram_event_bytes(h, wall_time, step):
    e = event_pb2.Event(wall_time=wall_time, step=step)
    e.summary.value.add(
        tag=h["tag"],
        histo=summary_pb2.HistogramProto(
            min=h["min"],
            max=h["max"],
            num=h["num"],
            sum=h["sum"],
            sum_squares=h["sum_squares"],
            bucket_limit=h["bucket_limits"],
            bucket=h["bucket_counts"],
        ),
    )
    return e.SerializeToString()


def steps(seed):
    """Yield (step, wall_time, float32 row of len(TAGS) values, histogram or None)."""
    rng = np.random.default_rng(seed)
    hrng = np.random.default_rng(seed + 1)
    first = 1
    while True:
        vals = curves(rng, first, CHUNK)
        for i in range(CHUNK):
            step = first + i
            h = histogram(hrng, step) if step % 1000 == 0 else None
            yield step, T0 + DT * step, vals[i], h
        first += CHUNK


EVAL_EVERY = 100
EVAL_OFFSET = 0.06


def one_event_bytes(wt_bytes, sv, raw):
    """All of a step's scalars in one Event: Summary.value repeated, one Value per tag."""
    values = []
    for j, t in enumerate(TAGS):
        tag = t.encode()
        v = b"".join((b"\x0a", varint(len(tag)), tag, b"\x15", raw[4 * j : 4 * j + 4]))
        values.append(b"".join((b"\x0a", varint(len(v)), v)))
    summary = b"".join(values)
    return b"".join((b"\x09", wt_bytes, b"\x10", sv, b"\x2a", varint(len(summary)), summary))


def write_direct(path, limit, seed, one_event=False):
    prefixes = [scalar_tail_prefix(t.encode()) for t in TAGS]
    eval_prefix = scalar_tail_prefix(b"eval/loss")
    header = event_pb2.Event(wall_time=T0, file_version="brain.Event:2").SerializeToString()
    written = 0
    nsteps = 0
    pack_d = struct.pack
    with open(path, "wb") as f:
        out = [frame(header)]
        pending = len(out[0])
        for step, wt, row, h in steps(seed):
            sv = varint(step)
            wt_bytes = pack_d("<d", wt)
            raw = row.tobytes()
            if one_event:
                data = one_event_bytes(wt_bytes, sv, raw)
                if step == 1 or step % 10_000 == 0:
                    e = event_pb2.Event(wall_time=wt, step=step)
                    for j, t in enumerate(TAGS):
                        e.summary.value.add(tag=t, simple_value=float(row[j]))
                    assert data == e.SerializeToString()
                rec = frame(data)
                out.append(rec)
                pending += len(rec)
            for j, prefix in enumerate(prefixes if not one_event else []):
                data = b"".join((b"\x09", wt_bytes, b"\x10", sv, prefix, raw[4 * j : 4 * j + 4]))
                if step == 1 or step % 10_000 == 0:
                    assert data == scalar_event_proto(TAGS[j], wt, step, float(row[j])), TAGS[j]
                rec = frame(data)
                out.append(rec)
                pending += len(rec)
            if step % EVAL_EVERY == 0:
                v = np.float32(row[0] + np.float32(EVAL_OFFSET))
                data = scalar_event_bytes(eval_prefix, wt + 0.25, sv, v.tobytes())
                assert data == scalar_event_proto("eval/loss", wt + 0.25, step, float(v))
                rec = frame(data)
                out.append(rec)
                pending += len(rec)
            if h is not None:
                rec = frame(histogram_event_bytes(h, wt + 0.3, step))
                out.append(rec)
                pending += len(rec)
            nsteps = step
            if written + pending >= limit or len(out) > 50_000:
                f.write(b"".join(out))
                written += pending
                out = []
                pending = 0
                if written >= limit:
                    break
    return written, nsteps


def write_tensorboardx(path, limit, seed):
    from tensorboardX import SummaryWriter

    logdir = tempfile.mkdtemp(prefix=".tbx-", dir=os.path.dirname(os.path.abspath(path)))
    w = SummaryWriter(logdir, flush_secs=3600, max_queue=10_000)
    real = w._get_file_writer().event_writer._ev_writer._file_name
    nsteps = 0
    for step, wt, row, h in steps(seed):
        for j, tag in enumerate(TAGS):
            w.add_scalar(tag, float(row[j]), step, walltime=wt)
        if step % EVAL_EVERY == 0:
            w.add_scalar("eval/loss", float(np.float32(row[0] + np.float32(EVAL_OFFSET))), step, walltime=wt + 0.25)
        if h is not None:
            w.add_histogram_raw(
                h["tag"], h["min"], h["max"], h["num"], h["sum"], h["sum_squares"],
                h["bucket_limits"], h["bucket_counts"], step, walltime=wt + 0.3,
            )
        nsteps = step
        if step % 200 == 0:
            w.flush()
            if os.path.getsize(real) >= limit:
                break
    w.close()
    os.replace(real, path)
    os.rmdir(logdir)
    return os.path.getsize(path), nsteps


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outfile")
    ap.add_argument("size_mb", type=float)
    ap.add_argument("--writer", choices=["direct", "tensorboardx"], default="direct")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--one-event",
        action="store_true",
        help="direct writer: a step's 20 scalars in one Event (as TF2's Keras callback and tf.summary in one call write them)",
    )
    args = ap.parse_args()
    limit = int(args.size_mb * 1024 * 1024)
    os.makedirs(os.path.dirname(os.path.abspath(args.outfile)), exist_ok=True)
    t = time.perf_counter()
    if args.writer == "direct":
        size, nsteps = write_direct(args.outfile, limit, args.seed, args.one_event)
    else:
        size, nsteps = write_tensorboardx(args.outfile, limit, args.seed)
    secs = time.perf_counter() - t
    print(
        f"{args.outfile}: {size} bytes, {nsteps} steps, {len(TAGS)} tags per step, "
        f"{secs:.1f} s ({args.writer}, crc: {CRC_IMPL})",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
