import { describe, expect, it } from 'vitest';
import { InputError } from '../model.js';
import { sniffKind } from './sniff.js';

const kind = (text: string, name = 'f') => sniffKind(name, new TextEncoder().encode(text));
const refusal = (text: string) => {
  try {
    return kind(text);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).message;
  }
};

describe('sniffKind', () => {
  it('looks at the first 50 lines that are not blank, however many blank lines come between them', () => {
    const rows = Array.from({ length: 60 }, (_, i) => JSON.stringify({ step: i, rank: 63, loss: 1 }));
    // A rank's part of a 64-rank log: 63 blank lines before and between its rows.
    expect(kind(`${'\n'.repeat(63)}${rows.join('\n'.repeat(64))}`)).toBe('json');
    const mlperf = ':::MLLOG {"key": "train_loss", "value": 2.1}';
    // A refusal names the line in the file: the head began after 120 blank lines.
    expect(() => sniffKind('f', new TextEncoder().encode(`${mlperf}\n`), 120)).toThrow(/^f:121: an MLPerf result log/);
  });

  it('tells a JSON array from a console log that starts with a bracket', () => {
    expect(kind('[{"step": 1, "loss": 2}]')).toBe('json');
    expect(kind('[\n  {"step": 1}\n]')).toBe('json');
    expect(kind('{"log_history": []}')).toBe('json');
    expect(
      refusal('[2024-01-01 12:00:00,000] [INFO] [engine.py:1] starting\n[2024-01-01 12:00:01,000] [INFO] step 1\n'),
    ).toMatch(/^f:1: a DeepSpeed\/console text log/);
    expect(refusal('[rank0]: loss 2.1 at step 3\n[rank0]: loss 2.0 at step 4\n')).toMatch(/console text log/);
  });

  it('reads a CSV whose rows start with a timestamp, and one whose columns are GPU fields beside a step', () => {
    expect(kind('time,step,loss\n2025-01-01T10:00:00,1,2.3\n2025-01-01T10:00:01,2,2.2\n')).toBe('csv');
    expect(kind('step,loss,utilization.gpu,memory.used\n1,2.3,97,1000\n')).toBe('csv');
    expect(refusal('utilization.gpu,memory.used\n97,1000\n')).toMatch(/an nvidia-smi capture .*--gpu-csv/);
    // No step column, but a loss: a training log that also logs its GPU.
    expect(kind('timestamp,loss,utilization.gpu\n2025-01-01T10:00:00,2.3,97\n')).toBe('csv');
  });

  it('names an MLPerf log, a scrape and a header-less table of numbers by their lines', () => {
    expect(refusal('+ echo start\n0: :::MLLOG {"key": "run_start"}\n')).toMatch(/^f:2: an MLPerf result log/);
    expect(refusal('# HELP up 1 if up\n# TYPE up gauge\nup 1\n')).toMatch(/a Prometheus scrape/);
    expect(refusal('1 2.5\n2 2.4\n3 2.3\n')).toMatch(/a header-less space-separated table/);
    // One line of numbers could be anything short; a CSV of numbers with a header is a table.
    expect(kind('step loss\n1 2.5\n2 2.4\n')).toBe('csv');
  });

  it('takes a TensorBoard file by its name or its first record', () => {
    expect(kind('anything', 'runs/events.out.tfevents.1.host')).toBe('tensorboard');
  });
});
