import { describe, expect, it } from 'vitest';
import { runnerFields } from './runner.js';

describe('runnerFields', () => {
  it('names os, arch, the hosted image and the container image; a hosted runner name is left out', () => {
    const hosted = {
      name: 'GitHub Actions 17',
      os: 'Linux',
      arch: 'X64',
      environment: 'github-hosted',
      imageOs: 'ubuntu22',
      imageVersion: '20240304.1.0',
    };
    expect(Object.fromEntries(runnerFields(hosted, ' nvcr.io/nvidia/pytorch:24.05-py3 '))).toEqual({
      os: 'Linux',
      arch: 'X64',
      'runner-image': 'ubuntu22 20240304.1.0',
      image: 'nvcr.io/nvidia/pytorch:24.05-py3',
    });
  });

  it('names a self-hosted runner; nothing without a runner or image', () => {
    expect(Object.fromEntries(runnerFields({ name: 'dgx-07', os: 'Linux', environment: 'self-hosted' }, null))).toEqual(
      {
        os: 'Linux',
        runner: 'dgx-07',
      },
    );
    expect(runnerFields(undefined, '')).toEqual([]);
  });
});
