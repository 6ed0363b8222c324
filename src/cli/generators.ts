/**
 * Subcommands that print generated configuration (statsd_exporter mapping, Grafana and Datadog
 * dashboards, Datadog monitors) from the same naming module the sinks use. Each target module is
 * loaded only when its subcommand runs.
 */
import { InputError } from '../model.js';
import type { Io } from '../run.js';
import { DATADOG_FLAGS, GRAFANA_FLAGS, MAPPING_FLAGS } from './usage.js';

export interface Generator {
  usage: string;
  run(args: string[], env: NodeJS.ProcessEnv): Promise<string>;
}

type Target = (args: string[], env: NodeJS.ProcessEnv) => Promise<string>;

function byTarget(command: string, targets: Record<string, { usage: string; run: Target }>): Generator {
  return {
    usage: Object.values(targets)
      .map((t) => t.usage)
      .join(`\n  training-metrics-gate ${command} `),
    async run(args, env) {
      const [target, ...rest] = args;
      const t = target ? targets[target] : undefined;
      if (!t)
        throw new InputError(
          command,
          null,
          `say which: ${Object.keys(targets).join(' or ')} (e.g. ${command} ${Object.keys(targets)[0]})`,
        );
      return t.run(rest, env);
    },
  };
}

const DATADOG_USAGE = `datadog ${DATADOG_FLAGS}`;
const datadog =
  (what: 'dashboard' | 'monitors'): Target =>
  async (args, env) =>
    (await import('../dashboards/datadog-cli.js')).runDatadogGenerator(what, args, env, `${what} ${DATADOG_USAGE}`);

const prometheus = async () => import('./prometheus-generators.js');

export const GENERATORS: Record<string, Generator> = {
  dashboard: byTarget('dashboard', {
    grafana: {
      usage: `grafana ${GRAFANA_FLAGS}`,
      run: async (a, env) => (await prometheus()).GRAFANA_GENERATOR.run(a, env),
    },
    datadog: { usage: DATADOG_USAGE, run: datadog('dashboard') },
  }),
  monitors: byTarget('monitors', {
    datadog: { usage: DATADOG_USAGE, run: datadog('monitors') },
  }),
  mapping: byTarget('mapping', {
    'statsd-exporter': {
      usage: `statsd-exporter ${MAPPING_FLAGS}`,
      run: async (a, env) => (await prometheus()).MAPPING_GENERATOR.run(['statsd-exporter', ...a], env),
    },
  }),
};

export async function generate(command: string, args: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const g = GENERATORS[command]!;
  try {
    const text = await g.run(args, env);
    process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    return 0;
  } catch (e) {
    io.error(e instanceof InputError ? e.message : `${command}: ${(e as Error).message}`);
    return 2;
  }
}
