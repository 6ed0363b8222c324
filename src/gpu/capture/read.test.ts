import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../model.js';
import { mergeGpuSamples, parseGpuText, readGpuFile, readGpuScrape } from './read.js';
import { parseGpuScrape } from './scrape.js';

const real = (name: string) => new URL(`../../../fixtures/real/${name}`, import.meta.url).pathname;

describe('readGpuFile on real captures', () => {
  it('nvidia-smi CSV, 8 GPUs interleaved: keys by the `gpu` column because `index` never varies; flags the partial last sample', async () => {
    const s = await readGpuFile(real('nvidia_smi_8gpu_interleaved_gpu_glasses.csv'));
    expect(s.format).toBe('nvidia-smi-csv');
    expect(s.gpus.map((g) => g.label)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(s.gpus.map((g) => g.times.length)).toEqual([6, 6, 6, 5, 5, 5, 5, 5]);
    expect(s.truncated).toBe(true);
    expect(s.warnings.join()).toMatch(/covers 3 of 8 GPUs/);
    const g7 = s.gpus[7]!;
    expect(g7.fields.memTotalMiB![0]).toBe(81559);
    expect(g7.fields.powerW![0]).toBeCloseTo(73.43);
    expect(g7.times[0]).toBe(Date.UTC(2025, 8, 8, 9, 26, 50)); // +08:00 honoured
    expect(g7.fields.util).toBeUndefined(); // no utilization column in this capture
  });

  it('nvidia-smi CSV with every field: units in header and values, [N/A] and deprecated cells', async () => {
    const s = await readGpuFile(real('nvidia_smi_query_gpu_all_fields_h100_load_capture.csv'));
    expect(s.gpus).toHaveLength(1);
    const g = s.gpus[0]!;
    expect(g.name).toBe('NVIDIA H100 80GB HBM3');
    expect(g.uuid).toBe('GPU-00000000-0000-0000-0000-000000000000');
    expect(g.label).toBe('0');
    expect(g.fields).toMatchObject({
      util: [100],
      memUtil: [11],
      memUsedMiB: [19818],
      memTotalMiB: [81559],
      powerW: [631.95],
      tempC: [59],
      smClockMHz: [1980],
    });
    expect(g.times[0]).toBe(Date.UTC(2026, 6, 14, 8, 12, 53, 353));
  });

  it('nvidia-smi dmon: whitespace columns under two # lines, no times', async () => {
    const s = await readGpuFile(real('nvidia_smi_dmon_h100_load_whitespace.txt'));
    expect(s.format).toBe('nvidia-smi-dmon');
    const g = s.gpus[0]!;
    expect(g.fields.util).toEqual([100, 100, 100, 100, 100]);
    expect(g.fields.powerW).toEqual([631, 634, 633, 634, 636]);
    expect(g.fields.tempC).toEqual([63, 63, 64, 64, 65]);
    expect(g.times.every(Number.isNaN)).toBe(true);
  });

  it('amd-smi CSV: quoted list cells, CRLF rows with a bare-LF blank line, partial last group', async () => {
    const s = await readGpuFile(real('amdsmi_gpu_metrics_quoted_lists_inferencex_EXCERPT.csv'));
    expect(s.format).toBe('amd-smi-csv');
    expect(s.gpus).toHaveLength(8);
    expect(s.gpus[0]!.fields.powerW).toEqual([238, 239]);
    expect(s.gpus[0]!.fields.util).toEqual([0, 0]);
    expect(s.gpus[7]!.times).toHaveLength(1);
    expect(s.truncated).toBe(true);
  });
});

describe('readGpuFile on captures written by wrappers', () => {
  it('snake_case names with unit suffixes, gpu_index splitting 8 GPUs, ISO times with Z', async () => {
    const s = await readGpuFile(real('nvidia_smi_wrapper_snake_case_units_8gpu_iso_z.csv'));
    expect(s.gpus.map((g) => g.label)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(s.gpus.every((g) => g.times.length === 639)).toBe(true);
    const g0 = s.gpus[0]!;
    expect(Object.keys(g0.fields).sort()).toEqual(['powerW', 'tempC', 'util']);
    expect(g0.fields.tempC![0]).toBe(38);
    expect(g0.fields.util![0]).toBe(100);
    expect(g0.fields.powerW![0]).toBeCloseTo(387.26);
    expect(g0.times[0]).toBe(Date.UTC(2025, 8, 24, 3, 48, 33, 493));
    expect(s.gpus[1]!.fields.tempC![0]).toBe(60);
  });

  it("nvidia-smi's dotted names with Unix-epoch seconds: the timestamp is time, never a metric", async () => {
    const s = await readGpuFile(real('nvidia_smi_wrapper_unix_epoch_dotted_names.csv'));
    expect(s.gpus).toHaveLength(1);
    const g = s.gpus[0]!;
    expect(Object.keys(g.fields).sort()).toEqual(['memTotalMiB', 'memUsedMiB', 'util']);
    expect(g.times[0]).toBe(1764189075000);
    expect(g.times).toHaveLength(90);
    expect(g.fields.memUsedMiB!.slice(0, 4)).toEqual([1, 442, 4846, 10544]);
    expect(g.fields.util![3]).toBe(93);
  });

  it('a header repeated before every sample, values with their unit ("85 %")', async () => {
    const s = await readGpuFile(real('nvidia_smi_header_repeated_every_sample.csv'));
    expect(s.gpus).toHaveLength(1);
    expect(s.gpus[0]!.fields.util!.slice(0, 2)).toEqual([85, 100]);
    expect(s.gpus[0]!.times).toHaveLength(40);
  });

  it('a header-less capture is refused naming the file and saying how to capture it', async () => {
    const path = real('nvidia_smi_noheader_nounits_no_index_4gpu.csv');
    const err = await readGpuFile(path).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(
      new RegExp(
        `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1: no header: the first line is a sample \\("2025/09/08 14:14:37.120, 0, 11409"\\)`,
      ),
    );
    expect((err as InputError).message).toMatch(/--format=csv \(nounits is fine\)/);
  });

  it('other wrapper spellings by the same rule: camelCase, _pct, _MiB, _mW, epoch in ms (by name or size), offsets', () => {
    const text = [
      'time_ms,gpuIndex,gpu_util_pct,memoryUsedMiB,memory_total_GiB,power_mW,gpu_temp_C',
      '1758685713493,0,97,40960,80,350000,61',
      '1758685713493,1,95,40000,80,340000,60',
      '1758685718493,0,98,41000,80,351000,62',
      '1758685718493,1,96,40100,80,341000,61',
      '',
    ].join('\n');
    const s = parseGpuText('w.csv', text);
    expect(s.gpus.map((g) => g.label)).toEqual(['0', '1']);
    const g0 = s.gpus[0]!;
    expect(g0.times).toEqual([1758685713493, 1758685718493]);
    expect(g0.fields).toMatchObject({
      util: [97, 98],
      memUsedMiB: [40960, 41000],
      memTotalMiB: [81920, 81920],
      powerW: [350, 351],
      tempC: [61, 62],
    });
    const iso = parseGpuText(
      'o.csv',
      'timestamp,gpu_index,utilization_gpu_percent\n2025-09-08T17:26:50+08:00,0,5\n2025-09-08 09:26:55Z,0,6\n1757323620,0,7\n',
    );
    expect(iso.gpus[0]!.times).toEqual([
      Date.UTC(2025, 8, 8, 9, 26, 50),
      Date.UTC(2025, 8, 8, 9, 26, 55),
      Date.UTC(2025, 8, 8, 9, 27, 0),
    ]);
  });
});

describe('readGpuScrape', () => {
  it('nvidia_gpu_exporter exposition: ratios to percent, bytes to MiB, name and index from nvidia_smi_gpu_info', async () => {
    const s = await readGpuScrape(real('prometheus_exposition_nvidia_gpu_exporter_h100_load.metrics'));
    const g = s.gpus[0]!;
    expect(g).toMatchObject({ label: '0', name: 'NVIDIA H100 80GB HBM3', busId: '00000000:00:09.0' });
    expect(g.fields.util).toEqual([100]);
    expect(g.fields.memUtil![0]).toBeCloseTo(11);
    expect(g.fields.memUsedMiB).toEqual([19818]);
    expect(g.fields.memTotalMiB).toEqual([81559]);
    expect(g.fields.smClockMHz).toEqual([1980]);
  });

  it('dcgm-exporter scrape: profiling fields, total memory from used + free, two GPUs', () => {
    const text = [
      '# HELP DCGM_FI_DEV_GPU_UTIL GPU utilization (in %).',
      '# TYPE DCGM_FI_DEV_GPU_UTIL gauge',
      'DCGM_FI_DEV_GPU_UTIL{gpu="0",UUID="GPU-a",device="nvidia0",modelName="NVIDIA A100-SXM4-80GB",Hostname="n1"} 97',
      'DCGM_FI_DEV_GPU_UTIL{gpu="1",UUID="GPU-b",device="nvidia1",modelName="NVIDIA A100-SXM4-80GB",Hostname="n1"} 95',
      'DCGM_FI_DEV_FB_USED{gpu="0",UUID="GPU-a",Hostname="n1"} 70000',
      'DCGM_FI_DEV_FB_FREE{gpu="0",UUID="GPU-a",Hostname="n1"} 11000',
      'DCGM_FI_DEV_FB_RESERVED{gpu="0",UUID="GPU-a",Hostname="n1"} 559',
      'DCGM_FI_DEV_POWER_USAGE{gpu="0",UUID="GPU-a",Hostname="n1"} 351.5',
      'DCGM_FI_PROF_SM_ACTIVE{gpu="0",UUID="GPU-a",Hostname="n1"} 0.31',
      'DCGM_FI_PROF_PIPE_TENSOR_ACTIVE{gpu="0",UUID="GPU-a",Hostname="n1"} 0.12',
      '',
    ].join('\n');
    const s = parseGpuScrapeText(text);
    expect(s.gpus.map((g) => g.label)).toEqual(['0', '1']);
    const g0 = s.gpus[0]!;
    expect(g0.name).toBe('NVIDIA A100-SXM4-80GB');
    expect(g0.fields.util).toEqual([97]);
    expect(g0.fields.smActive![0]).toBeCloseTo(31);
    expect(g0.fields.tensorActive![0]).toBeCloseTo(12);
    expect(g0.fields.memTotalMiB).toEqual([81559]);
    expect(s.gpus[1]!.fields.smActive![0]).toBeNaN();
  });

  it('a malformed line is an InputError naming its line', () => {
    const err = catchError(() =>
      parseGpuScrapeText('DCGM_FI_DEV_GPU_UTIL{gpu="0"} 1\nDCGM_FI_DEV_GPU_UTIL{gpu="1" 2\n'),
    );
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).line).toBe(2);
    const bad = catchError(() => parseGpuScrapeText('DCGM_FI_DEV_GPU_UTIL{gpu="0"} lots\n'));
    expect((bad as InputError).message).toMatch(/:1: DCGM_FI_DEV_GPU_UTIL: "lots" is not a number/);
    expect(catchError(() => parseGpuScrapeText('up 1\n'))).toBeInstanceOf(InputError);
  });
});

describe('GPU CSV edge cases', () => {
  const header =
    'timestamp, index, uuid, name, utilization.gpu [%], memory.used [MiB], memory.total [MiB], power.draw [W]';
  const row = (t: string, i: number, util: string) =>
    `2026/07/14 08:12:${t}.000, ${i}, GPU-${i}, NVIDIA H100 80GB HBM3, ${util}, 1000, 81559, 300.00`;

  it('nounits values with the unit in the header, a repeated header after a restart, and a cut last line', () => {
    const text = [
      header,
      row('00', 0, '90'),
      row('00', 1, '[N/A]'),
      header,
      row('05', 0, '80'),
      row('05', 1, '70'),
      '2026/07/14 08:12:10.000, 0, GPU-0, NVI',
    ].join('\n');
    const s = parseGpuText('gpu.csv', text);
    expect(s.gpus.map((g) => g.fields.util)).toEqual([
      [90, 80],
      [Number.NaN, 70],
    ]);
    expect(s.truncated).toBe(true);
    expect(s.warnings.join()).toMatch(/last line is incomplete/);
  });

  it('a short row before the end, and text where a number belongs, are InputErrors with the line', () => {
    const short = catchError(() =>
      parseGpuText('gpu.csv', [header, '2026/07/14 08:12:00.000, 0, GPU-0', row('05', 0, '1'), ''].join('\n')),
    );
    expect((short as InputError).message).toBe('gpu.csv:2: 3 fields, but the header has 8');
    const text = catchError(() => parseGpuText('gpu.csv', [header, row('00', 0, 'busy'), ''].join('\n')));
    expect((text as InputError).message).toBe('gpu.csv:2: column "utilization.gpu [%]": "busy" is not a number');
    const time = catchError(() =>
      parseGpuText('gpu.csv', [header, row('00', 0, '1').replace('2026/07/14 08:12:00.000', 'noon'), ''].join('\n')),
    );
    expect((time as InputError).message).toBe('gpu.csv:2: "noon" is not a time');
  });

  it('a file with no GPU columns, an empty file and a missing file are InputErrors', async () => {
    expect(catchError(() => parseGpuText('x.csv', 'step,loss\n1,2\n'))).toBeInstanceOf(InputError);
    expect(catchError(() => parseGpuText('x.csv', ''))).toBeInstanceOf(InputError);
    await expect(readGpuFile(join(mkdtempSync(join(tmpdir(), 'gpu-')), 'nope.csv'))).rejects.toThrow(/file not found/);
  });

  it('dmon with times and frame-buffer memory, repeated headers, "-" for no value', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpu-'));
    const path = join(dir, 'dmon.txt');
    writeFileSync(
      path,
      [
        '#Date       Time        gpu    pwr  gtemp     sm    mem     fb   bar1',
        '#YYYYMMDD   HH:MM:SS    Idx      W      C      %      %     MB     MB',
        ' 20260714   08:00:00      0    300     50     90     40  70000      5',
        ' 20260714   08:00:00      1      -     51     20     10  70001      5',
        '#Date       Time        gpu    pwr  gtemp     sm    mem     fb   bar1',
        '#YYYYMMDD   HH:MM:SS    Idx      W      C      %      %     MB     MB',
        ' 20260714   08:00:05      0    310     52     95     41  70002      5',
        '',
      ].join('\n'),
    );
    const s = await readGpuFile(path);
    expect(s.format).toBe('nvidia-smi-dmon');
    expect(s.gpus[0]!.times).toEqual([Date.UTC(2026, 6, 14, 8), Date.UTC(2026, 6, 14, 8, 0, 5)]);
    expect(s.gpus[0]!.fields.memUsedMiB).toEqual([70000, 70002]);
    expect(s.gpus[1]!.fields.powerW![0]).toBeNaN();
    const bad = catchError(() => parseGpuText('d.txt', '# gpu sm\n# Idx %\n 0 90 7\n'));
    expect((bad as InputError).message).toBe('d.txt:3: 3 columns, but the header names 2');
  });

  it('mergeGpuSamples keeps CSVs of different machines apart, relabelling clashing GPUs', () => {
    const csv = (t: string) =>
      parseGpuText('n.csv', `timestamp, index, utilization.gpu [%]\n${t}, 0, 50\n${t}, 1, 60\n`);
    const m = mergeGpuSamples([csv('2026/01/01 00:00:00.000'), csv('2026/01/01 00:00:00.000')]);
    expect(m.gpus.map((g) => g.label)).toEqual(['0', '1', '1:0', '1:1']);
  });

  it('mergeGpuSamples joins scrapes of the same GPU in time order', () => {
    const a = parseGpuScrapeText('DCGM_FI_DEV_GPU_UTIL{gpu="0",UUID="GPU-a"} 50 2000\n');
    const b = parseGpuScrapeText(
      'DCGM_FI_DEV_GPU_UTIL{gpu="0",UUID="GPU-a"} 60 1000\nDCGM_FI_DEV_GPU_TEMP{gpu="0",UUID="GPU-a"} 40 1000\n',
    );
    const m = mergeGpuSamples([a, b]);
    expect(m.gpus).toHaveLength(1);
    expect(m.gpus[0]!.times).toEqual([1000, 2000]);
    expect(m.gpus[0]!.fields.util).toEqual([60, 50]);
    expect(m.gpus[0]!.fields.tempC).toEqual([40, Number.NaN]);
  });
});

function parseGpuScrapeText(text: string) {
  return parseGpuScrape('scrape.prom', text);
}
function catchError(f: () => unknown): unknown {
  try {
    f();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}
