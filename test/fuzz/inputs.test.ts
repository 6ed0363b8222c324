/**
 * Seeded fuzzing of every file type the CLI reads: mutated cases each, run through main(argv, env) in a
 * case server, a spread-out few again as real processes. Each case must exit 0, 1 or 2, print no stack
 * trace and start no workflow command, end within its time bound with its heap bounded, and a history
 * `record` refused must be left byte-identical. The newer surfaces (watch, calibrate, `check --bisect`,
 * the PostgreSQL store) are in surfaces.test.ts; settings and how to rerun a case in suite.ts.
 */
import { INPUTS } from './inputs.js';
import { fuzzSuite } from './suite.js';

fuzzSuite('inputs', INPUTS);
