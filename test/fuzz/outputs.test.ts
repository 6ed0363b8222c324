/**
 * Seeded fuzzing of what the tool writes (output-inputs.ts): the trend site built from a mutated history,
 * into a folder holding a symlink, and a mutated `--environment` file recorded into a history. The rules
 * of inputs.test.ts, and each input's own: no leak, no misread, no lost data. Settings in suite.ts.
 */
import { outputInputs } from './output-inputs.js';
import { fuzzSuite } from './suite.js';

fuzzSuite('outputs', outputInputs());
