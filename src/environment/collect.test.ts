import { describe, expect, it } from 'vitest';
import { collectEnvironment } from './collect.js';

describe('collectEnvironment', () => {
  it('joins runner, capture, image and files; a file overrides what came before it', () => {
    const { environment, warnings } = collectEnvironment({
      runner: { name: 'dgx-07', os: 'Linux', environment: 'self-hosted' },
      containerImage: 'nvcr.io/nvidia/pytorch@sha256:ab',
      captures: ['timestamp, driver_version\n2024/01/01, 550.54.15\n', 'no header here\n'],
      files: [
        { source: 'freeze.txt', text: 'torch==2.4.1\nnvidia-nccl-cu12==2.20.5\n' },
        { source: 'extra.json', text: '{"cuda": "12.4", "torch": "2.4.1+cu124"}' },
      ],
    });
    expect(warnings).toEqual([]);
    expect(environment).toEqual({
      os: 'Linux',
      runner: 'dgx-07',
      driver: '550.54.15',
      image: 'nvcr.io/nvidia/pytorch@sha256:ab',
      'nvidia-nccl-cu12': '2.20.5',
      torch: '2.4.1+cu124',
      cuda: '12.4',
    });
  });

  it('is null when nothing says anything', () => {
    expect(collectEnvironment({ captures: ['timestamp, index\n'] })).toEqual({ environment: null, warnings: [] });
  });

  it('passes a bad file on as its InputError', () => {
    expect(() => collectEnvironment({ files: [{ source: 'f.txt', text: 'torch==1\n???\n' }] })).toThrow(/^f\.txt:2: /);
  });

  it('records a field named like a secret as [redacted], says so once, and redacts registered secrets and URL credentials', () => {
    const token = 'ghp_abcdefghijklmnop0123456789';
    const { environment, warnings } = collectEnvironment({
      files: [
        {
          source: 'env.json',
          text: JSON.stringify({
            HF_TOKEN: 'hf_live_secret',
            wandb: { apiKey: 'k-123' },
            note: `built with ${token}`,
            index: 'https://ci:hunter2@pypi.example.com/simple',
            tokenizers: '0.19.1',
          }),
        },
        { source: 'freeze.txt', text: `mypkg @ https://user:${token}@git.example.com/mypkg.tar.gz\n` },
      ],
      redact: (text) => text.split(token).join('***'),
    });
    expect(environment).toEqual({
      HF_TOKEN: '[redacted]',
      'wandb.apiKey': '[redacted]',
      note: 'built with ***',
      index: 'https://***@pypi.example.com/simple',
      tokenizers: '0.19.1',
      mypkg: 'https://***@git.example.com/mypkg.tar.gz',
    });
    expect(JSON.stringify(environment)).not.toMatch(/hf_live_secret|k-123|hunter2|ghp_/);
    expect(warnings).toEqual([
      'environment: 2 fields named like a secret recorded as [redacted], not as given: "HF_TOKEN", "wandb.apiKey"',
    ]);
  });

  it('redacts a registered secret before the record cuts a long value, so no prefix of it is kept', () => {
    const secret = 's'.repeat(50);
    const { environment } = collectEnvironment({
      files: [{ source: 'env.json', text: JSON.stringify({ cmd: `${'x'.repeat(180)}${secret}` }) }],
      redact: (text) => text.split(secret).join('***'),
    });
    expect(environment!.cmd).toBe(`${'x'.repeat(180)}***`);
  });

  it("names a secret-like field in its warning with the run's registered secrets out of the name", () => {
    const secret = 'ghp_abcdefghijklmnop0123456789';
    const { warnings } = collectEnvironment({
      files: [{ source: 'env.json', text: JSON.stringify({ [`token_${secret}`]: 'x' }) }],
      redact: (text) => text.split(secret).join('***'),
    });
    expect(warnings.join('\n')).toContain('"token_***"');
    expect(warnings.join('\n')).not.toContain(secret);
  });

  it("keeps a package list's versions, whatever the package is called, and still redacts a JSON file's field", () => {
    const { environment, warnings } = collectEnvironment({
      files: [
        { source: 'requirements.txt', text: 'google-auth==2.35.0\noauthlib==3.2.2\ntorch==2.5.0\n' },
        { source: 'env.json', text: JSON.stringify({ 'google-auth': 'ya29.secret' }) },
        { source: 'more.txt', text: 'oauthlib==3.2.2\n' },
      ],
    });
    expect(environment).toMatchObject({ 'google-auth': '[redacted]', oauthlib: '3.2.2', torch: '2.5.0' });
    expect(warnings).toEqual([
      'environment: 1 field named like a secret recorded as [redacted], not as given: "google-auth"',
    ]);
  });
});
