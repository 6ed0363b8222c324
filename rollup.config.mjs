// Two self-contained ES modules: dist/index.js for the action runner, dist/cli.js for the bin.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { pgNodeStreams } from './scripts/pg-node-streams.mjs';
import { tsTranspile } from './scripts/ts-transpile.mjs';

// @datadog/sketches-js loads its protobuf code only inside toProto()/fromProto(), which we never call
// (we use its key mapping only); the bundler would hoist those requires to load time, so they resolve
// to an inert stand-in instead.
const protobufStandIn = {
  name: 'protobuf-stand-in',
  resolveId: (id, importer) =>
    id === 'protobufjs/minimal' || (/proto\/compiled$/.test(id) && importer?.includes('sketches-js'))
      ? '\0protobuf-stand-in'
      : null,
  load: (id) =>
    id === '\0protobuf-stand-in' ? 'export default { roots: {}, util: {}, Reader: {}, Writer: {} };' : null,
};

const plugins = () => [
  protobufStandIn,
  pgNodeStreams,
  tsTranspile,
  // hot-shots requires its own package.json at load time.
  json(),
  nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }),
  commonjs({ ignoreDynamicRequires: true }),
];

// unix-dgram is hot-shots' optional native dependency for Unix sockets: never bundled.
const external = ['unix-dgram'];

// @actions/core imports its OIDC client (@actions/http-client, undici) and @actions/exec at load time for
// getIDToken() and platform details, which this action never calls; they are a third of its start-up. Treating
// those packages as free of load-time side effects lets the bundle leave out whatever is not used: the PR
// comment (@actions/github) still loads http-client and undici, on demand, in its own chunk.
const sideEffectFree = /node_modules[\\/](@actions[\\/](core|http-client|exec|io)|undici|tunnel)[\\/]/;
const treeshake = { moduleSideEffects: (id, external) => external || !sideEffectFree.test(id) };

const silence = (warning, warn) => {
  // Circular imports inside third-party packages (@actions/*, undici) are theirs, not ours.
  if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return;
  if (warning.code === 'THIS_IS_UNDEFINED') return;
  warn(warning);
};

export default [
  // The action (dist/index.js) and the bin (dist/cli.js) share chunks; stages a run does not use are
  // loaded only when asked for, so `emit` starts without the GitHub client or prom-client.
  {
    input: { index: 'src/action.ts', cli: 'src/cli.ts' },
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      banner: (chunk) => (chunk.isEntry && chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
      // OpenTelemetry's exporter base re-exports a module that imports it back: kept in one chunk, so no
      // two chunks import each other (rollup warns that their order would break).
      manualChunks: (id) =>
        /node_modules[\\/]@opentelemetry[\\/]otlp-exporter-base[\\/]/.test(id) ? 'otlp-exporter-base' : undefined,
    },
    plugins: plugins(),
    external,
    treeshake,
    onwarn: silence,
  },
  // The gpu-monitor sub-action (gpu-monitor/action.yml): one bundle for its main and post steps.
  {
    input: 'src/gpu/monitor/action.ts',
    output: { file: 'gpu-monitor/dist/index.js', format: 'es', inlineDynamicImports: true },
    plugins: plugins(),
    external,
    onwarn: silence,
  },
];
