import { describe, expect, it } from 'vitest';
import { looksLikeConda, parseCondaList } from './conda-list.js';

const LIST = `# packages in environment at /opt/conda:
#
# Name                    Version                   Build  Channel
_libgcc_mutex             0.1                        main
pytorch                   2.4.1           py3.11_cuda12.4_cudnn9.1.0_0    pytorch
cuda-version              12.4                 h3060b56_3    conda-forge
nvidia-nccl-cu12          2.20.5                   pypi_0    pypi
`;

describe('parseCondaList', () => {
  it('reads name and version columns under the header, names normalised', () => {
    expect(Object.fromEntries(parseCondaList('env.txt', LIST))).toEqual({
      '-libgcc-mutex': '0.1',
      pytorch: '2.4.1',
      'cuda-version': '12.4',
      'nvidia-nccl-cu12': '2.20.5',
    });
  });

  it('reads the --export form', () => {
    const text = '# platform: linux-64\npytorch=2.5.0=py3.11_cuda12.6_0\nnccl=2.21.5.1=h6103f9b_0\n';
    expect(Object.fromEntries(parseCondaList('env.txt', text))).toEqual({ pytorch: '2.5.0', nccl: '2.21.5.1' });
  });

  it('refuses a line of one column, naming its line', () => {
    expect(() => parseCondaList('env.txt', '# Name Version\npytorch 2.4.1 py 0\nlonely\n')).toThrow(
      /^env\.txt:3: not a conda list line/,
    );
  });

  it('is told from pip freeze by its header or its first entry', () => {
    expect(looksLikeConda(LIST)).toBe(true);
    expect(looksLikeConda('pytorch=2.5.0=py3.11_0\n')).toBe(true);
    expect(looksLikeConda('numpy 1.26.4 py311_0\n')).toBe(true);
    expect(looksLikeConda('# comment\ntorch==2.4.1\n')).toBe(false);
    expect(looksLikeConda('flash-attn @ file:///w.whl\n')).toBe(false);
  });
});
