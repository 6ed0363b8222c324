/**
 * An `--environment FILE`'s text → field → value, its kind told by its content (sniff, then parse): a JSON
 * object (json-environment.ts), nvidia-smi output (its driver and CUDA version; nvidia-smi-text.ts),
 * `conda list` output (conda-list.ts), else `pip freeze` output (pip-freeze.ts).
 */
import { InputError } from '../model.js';
import { looksLikeConda, parseCondaList } from './conda-list.js';
import { parseJsonEnvironment } from './json-environment.js';
import { driverInfo } from './nvidia-smi-text.js';
import { parsePipFreeze } from './pip-freeze.js';

export type EnvironmentFileKind = 'json' | 'nvidia-smi' | 'conda' | 'pip';

/**
 * nvidia-smi's own lines: its table's banner (`| NVIDIA-SMI 550.54.15  Driver Version: …`, or its
 * `NVIDIA-SMI has failed …`), or `nvidia-smi -q`'s `Driver Version : …`, each where a line starts; the
 * words elsewhere (a comment in a package list) do not make a file nvidia-smi's.
 */
const NVIDIA_SMI_LINE = /^[\s|+]*(?:NVIDIA-SMI\b|Driver Version\s*:)/m;

export function environmentFileKind(text: string): EnvironmentFileKind {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return 'json';
  if (NVIDIA_SMI_LINE.test(text)) return 'nvidia-smi';
  return looksLikeConda(text) ? 'conda' : 'pip';
}

export interface EnvironmentFile {
  kind: EnvironmentFileKind;
  fields: Map<string, string>;
}

export function parseEnvironmentFile(source: string, text: string): EnvironmentFile {
  const body = text.replace(/^\uFEFF/, '');
  const kind = environmentFileKind(body);
  return { kind, fields: parseAs(kind, source, body) };
}

function parseAs(kind: EnvironmentFileKind, source: string, body: string): Map<string, string> {
  switch (kind) {
    case 'json':
      return parseJsonEnvironment(source, body);
    case 'nvidia-smi': {
      const info = driverInfo(body);
      if (!info.driver && !info.cuda)
        throw new InputError(source, null, 'looks like nvidia-smi output but names no driver or CUDA version');
      return new Map(Object.entries(info));
    }
    case 'conda':
      return parseCondaList(source, body);
    case 'pip':
      return parsePipFreeze(source, body);
  }
}
