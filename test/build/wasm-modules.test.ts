import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES, compile, moduleText } from '../../scripts/build-wasm.js';

describe('the committed WebAssembly modules', () => {
  it.each(MODULES)('$module matches a fresh compile of $source (else run `npm run build:wasm`)', async (m) => {
    const fresh = moduleText(m, await compile(m));
    expect(readFileSync(m.module, 'utf8') === fresh, `${m.module} is stale: run npm run build:wasm`).toBe(true);
  });
});
