/** The options of an `emit` run outside any workflow, as the in-process tests of the sinks start one. */
import { DEFAULT_OPTIONS, githubContextFromEnv, type Options } from '../../src/options.js';

export function emitOptions(more: Partial<Options>): Options {
  return { ...DEFAULT_OPTIONS, command: 'emit', github: githubContextFromEnv({}), notices: [], ...more };
}
