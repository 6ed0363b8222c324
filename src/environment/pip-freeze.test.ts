import { describe, expect, it } from 'vitest';
import { InputError } from '../model.js';
import { parsePipFreeze } from './pip-freeze.js';

describe('parsePipFreeze', () => {
  it('reads pins, direct references, editable checkouts; skips comments, blank lines and options', () => {
    const text = [
      '# pip freeze of the training image',
      '--index-url https://download.pytorch.org/whl/cu124',
      'torch==2.4.1+cu124',
      'Nvidia_NCCL_cu12==2.20.5',
      'ruamel.yaml===0.18.6',
      'triton==3.0.0 ; python_version >= "3.8"',
      'flash-attn @ file:///wheels/flash_attn-2.6.3-cp311-linux_x86_64.whl',
      '-e git+https://github.com/NVIDIA/Megatron-LM.git@0123abc#egg=megatron_core',
      '-e /src/local-package',
      '',
    ].join('\n');
    expect(Object.fromEntries(parsePipFreeze('req.txt', text))).toEqual({
      torch: '2.4.1+cu124',
      'nvidia-nccl-cu12': '2.20.5',
      'ruamel-yaml': '0.18.6',
      triton: '3.0.0',
      'flash-attn': 'file:///wheels/flash_attn-2.6.3-cp311-linux_x86_64.whl',
      'megatron-core': 'git+https://github.com/NVIDIA/Megatron-LM.git@0123abc#egg=megatron_core',
    });
  });

  it('refuses a line it cannot read, naming file and line', () => {
    const e = (() => {
      try {
        parsePipFreeze('req.txt', 'torch==2.4.1\ntorch >= 2\n');
      } catch (err) {
        return err as InputError;
      }
    })();
    expect(e).toBeInstanceOf(InputError);
    expect(e!.message).toMatch(/^req\.txt:2: not a pip freeze line/);
  });

  it('quotes a bad line without the prefix of a token cut at the quote limit (a secret is whole or absent)', () => {
    const token = `ghp_${'x'.repeat(60)}`;
    const line = `torch 2.4.1 installed-from https://ci:${token}@git.example.com/torch.git`;
    expect(() => parsePipFreeze('req.txt', `${line}\n`)).toThrow(
      /^req\.txt:1: not a pip freeze line .*: "torch 2\.4\.1 installed-from …"$/,
    );
    expect(() => parsePipFreeze('req.txt', `${line}\n`)).not.toThrow(/ghp_|ci:/);
  });
});
