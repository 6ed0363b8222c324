import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULE, compileScanRows, moduleText } from '../../scripts/build-wasm.js';

describe('the committed WebAssembly row scanner', () => {
  it(`matches a fresh compile of assembly/scan-rows.ts (else run \`npm run build:wasm\`)`, async () => {
    const fresh = moduleText(await compileScanRows());
    expect(readFileSync(MODULE, 'utf8') === fresh, `${MODULE} is stale: run npm run build:wasm`).toBe(true);
  });
});
