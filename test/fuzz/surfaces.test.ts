/**
 * Seeded fuzzing of the newer surfaces (surface-inputs.ts): `watch` tailing a file its command rewrites,
 * `calibrate` with one run mutated, `check --bisect` with a mutated run or history, a mutated manifest
 * recorded into a real PostgreSQL. The same rules as inputs.test.ts; settings in suite.ts.
 */
import { surfaceInputs } from './surface-inputs.js';
import { fuzzSuite } from './suite.js';

fuzzSuite('surfaces', surfaceInputs());
