/**
 * The commands that print generated configuration (statsd_exporter mapping, Grafana and Datadog
 * dashboards, Datadog monitors) from the same naming module the sinks use: `<command> <target> [flags]`.
 * Each target's file (commands/<command>-<target>.ts) is loaded only when it runs.
 */
import { InputError } from '../model.js';
import type { Io } from '../run.js';
import { DATADOG_FLAGS, GRAFANA_FLAGS, MAPPING_FLAGS } from './help.js';

/** One target of a command: its flags (for `--help`), and flags → the text to print. */
interface Target {
  usage: string;
  run(args: string[], env: NodeJS.ProcessEnv): Promise<string>;
}

export interface Generator {
  usage: string;
  /** `args` start with the target's name. */
  run(args: string[], env: NodeJS.ProcessEnv): Promise<string>;
}

function byTarget(command: string, targets: Record<string, Target>): Generator {
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

export const GENERATORS: Record<string, Generator> = {
  dashboard: byTarget('dashboard', {
    grafana: {
      usage: `grafana ${GRAFANA_FLAGS}`,
      run: async (args, env) => (await import('./commands/dashboard-grafana.js')).dashboardGrafana(args, env),
    },
    datadog: {
      usage: `datadog ${DATADOG_FLAGS}`,
      run: async (args, env) => (await import('./commands/dashboard-datadog.js')).dashboardDatadog(args, env),
    },
  }),
  monitors: byTarget('monitors', {
    datadog: {
      usage: `datadog ${DATADOG_FLAGS}`,
      run: async (args, env) => (await import('./commands/monitors-datadog.js')).monitorsDatadog(args, env),
    },
  }),
  mapping: byTarget('mapping', {
    'statsd-exporter': {
      usage: `statsd-exporter ${MAPPING_FLAGS}`,
      run: async (args) => (await import('./commands/mapping-statsd-exporter.js')).mappingStatsdExporter(args),
    },
  }),
};

/** Run a generator command and print what it made; a bad flag or a refused API call is exit code 2. */
export async function generate(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  io: Io & { print(text: string): void },
): Promise<number> {
  const g = GENERATORS[command]!;
  try {
    const text = await g.run(args, env);
    io.print(text.endsWith('\n') ? text : `${text}\n`);
    return 0;
  } catch (e) {
    io.error(e instanceof InputError ? e.message : `${command}: ${(e as Error).message}`);
    return 2;
  }
}
