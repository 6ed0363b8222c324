/**
 * The CLI from src as one file, for tests that run it as a real child process. Built once per test run
 * (vitest's globalSetup) with esbuild, the compiler tsx itself runs on: a child then starts in about a
 * quarter of the CPU time `node --import tsx src/cli.ts` takes, and it is still today's source, never a
 * stale dist/. Third-party packages are bundled as in dist/, and the optional native ones left out.
 */
import { resolve } from 'node:path';

/**
 * Where the build writes it; a test spawns `node SOURCE_CLI …`. Inside this checkout (ignored by git), not
 * under node_modules: checkouts that share one node_modules (a link to another's) each keep their own
 * build, and its optional packages still resolve from the checkout's node_modules.
 */
export const SOURCE_CLI = resolve('test-output/source-cli/cli.mjs');

export async function buildSourceCli(): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [resolve('src/cli.ts')],
    outfile: SOURCE_CLI,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // ES module builds first, as rollup's node-resolve takes them: jsonc-parser's main is a UMD build that
    // requires its parts by relative path at run time.
    mainFields: ['module', 'main'],
    // unix-dgram: hot-shots' optional native package (loaded at run time by path); pg-native and
    // cloudflare:sockets: pg's optional ones, never taken here.
    external: ['unix-dgram', 'pg-native', 'cloudflare:sockets'],
    // The CommonJS packages inside an ES module still call require().
    banner: {
      js: "import { createRequire as __tmgRequire } from 'node:module'; const require = __tmgRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}
