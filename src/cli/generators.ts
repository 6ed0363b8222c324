/**
 * Subcommands that print generated configuration (statsd_exporter mapping, Grafana and Datadog
 * dashboards, Datadog monitors) from the same naming module the sinks use.
 */
import type { Io } from '../run.js';

export interface Generator {
  usage: string;
  run(args: string[], env: NodeJS.ProcessEnv): Promise<string>;
}

export const GENERATORS: Record<string, Generator> = {};

export async function generate(command: string, args: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const g = GENERATORS[command]!;
  try {
    process.stdout.write(await g.run(args, env));
    return 0;
  } catch (e) {
    io.error(`${command}: ${(e as Error).message}`);
    return 2;
  }
}
