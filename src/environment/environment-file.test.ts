import { describe, expect, it } from 'vitest';
import { environmentFileKind, parseEnvironmentFile } from './environment-file.js';

describe('parseEnvironmentFile', () => {
  it('tells the kinds apart by content', () => {
    expect(environmentFileKind('\n {"torch": "2.5.0"}')).toBe('json');
    expect(environmentFileKind('| NVIDIA-SMI 550.54.15   Driver Version: 550.54.15   CUDA Version: 12.4 |')).toBe(
      'nvidia-smi',
    );
    expect(environmentFileKind('# packages in environment at /opt/conda:\npytorch 2.4.1 py_0 pytorch\n')).toBe('conda');
    expect(environmentFileKind('torch==2.4.1\n')).toBe('pip');
    expect(environmentFileKind('Driver Version                            : 550.54.15\n')).toBe('nvidia-smi');
  });

  it("is not nvidia-smi's for the words inside another line (a comment in a package list)", () => {
    const pip = '# pinned for NVIDIA-SMI 550 hosts (Driver Version: 550)\ntorch==2.4.1\n';
    expect(environmentFileKind(pip)).toBe('pip');
    expect(parseEnvironmentFile('req.txt', pip).fields).toEqual(new Map([['torch', '2.4.1']]));
  });

  it('parses each kind into fields', () => {
    expect(Object.fromEntries(parseEnvironmentFile('a', '\uFEFF{"image": "sha256:ab"}').fields)).toEqual({
      image: 'sha256:ab',
    });
    expect(
      Object.fromEntries(parseEnvironmentFile('b', 'Driver Version: 550.54.15   CUDA Version: 12.4').fields),
    ).toEqual({
      driver: '550.54.15',
      cuda: '12.4',
    });
    expect(parseEnvironmentFile('c', 'Torch==2.4.1\n')).toEqual({ kind: 'pip', fields: new Map([['torch', '2.4.1']]) });
  });

  it('refuses nvidia-smi output that names neither version', () => {
    expect(() => parseEnvironmentFile('smi.txt', 'NVIDIA-SMI has failed because it could not communicate')).toThrow(
      /^smi\.txt: looks like nvidia-smi output/,
    );
  });
});
