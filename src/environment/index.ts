/**
 * The environment a run ran on, field → value: driver and CUDA version from nvidia-smi, the container
 * image, the runner, and the packages of an `--environment` file (JSON, pip freeze, conda list, or
 * nvidia-smi output), bounded for the record.
 */
export { MAX_FIELDS, MAX_VALUE } from './bound.js';
export { collectEnvironment, type CollectedEnvironment, type EnvironmentSources } from './collect.js';
export { environmentFileKind, parseEnvironmentFile } from './environment-file.js';
export { packageName } from './package-name.js';
export { readEnvironment } from './read.js';
