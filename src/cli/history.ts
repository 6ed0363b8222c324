/**
 * `history <list|show|remove|quarantine|accept|migrate|export|changes|site>`: look after a stored history with any
 * store (JSON file, git data branch, PostgreSQL). Each subcommand's file (commands/history-<name>.ts) is
 * loaded only when it runs and returns the text to print. Exit codes as everywhere: 0 done, 2 bad input
 * (an unknown or ambiguous run, a flag missing, a history that cannot be trusted) or a store that failed.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { InputError, type HistoryRecord } from '../model.js';
import { type ProgressSink, SILENT } from '../progress/index.js';
import type { HistoryStore } from '../store/store.js';

export interface HistoryIo {
  info(message: string): void;
  error(message: string): void;
  /** A finding beside the result (a symlink replaced by a file written); error where absent. */
  warn?(message: string): void;
  /** The command's result: whole, never cut at the message limit (info where absent). */
  data?(text: string): void;
  secrets?: { add(secret: string | null | undefined): void };
  /** Progress on stderr from here on (the CLI's ConsoleIo). */
  showProgress?(env: NodeJS.ProcessEnv, quiet: boolean): void;
  progress?: ProgressSink;
}

/** What a subcommand is handed besides its flags: where progress and findings go. */
export interface SubcommandIo {
  progress(quiet: boolean): ProgressSink;
  warn(message: string): void;
}

/** A subcommand that tells nothing (tests, and callers with no terminal). */
export const QUIET_SUBCOMMAND: SubcommandIo = { progress: () => SILENT, warn: () => {} };

interface Subcommand {
  usage: string;
  /**
   * `tell.progress(quiet)`: where long work (an export, a site) tells how far it is, once its flags are
   * read; `tell.warn`: a finding beside the result (a symlink replaced by a file written).
   */
  run(args: string[], env: NodeJS.ProcessEnv, tell: SubcommandIo): Promise<string>;
}

const H = '--history H';
export const HISTORY_COMMANDS: Record<string, Subcommand> = {
  list: {
    usage: `list ${H}`,
    run: async (a, e) => (await import('./commands/history-list.js')).historyList(a, e),
  },
  show: {
    usage: `show ${H} --experiment E [--fingerprint F]`,
    run: async (a, e) => (await import('./commands/history-show.js')).historyShow(a, e),
  },
  remove: {
    usage: `remove ${H} --experiment E --run ID [--fingerprint F]`,
    run: async (a, e) => (await import('./commands/history-remove.js')).historyRemove(a, e),
  },
  quarantine: {
    usage: `quarantine ${H} --experiment E --run ID [--reason TEXT] [--fingerprint F]`,
    run: async (a, e) => (await import('./commands/history-quarantine.js')).historyQuarantine(a, e),
  },
  accept: {
    usage: `accept ${H} --experiment E --from RUN [--fingerprint F]`,
    run: async (a, e) => (await import('./commands/history-accept.js')).historyAccept(a, e),
  },
  migrate: {
    usage: 'migrate --from A --to B',
    run: async (a, e) => (await import('./commands/history-migrate.js')).historyMigrate(a, e),
  },
  export: {
    usage: `export ${H} [--experiment E] [--output FILE.csv] [--quiet]`,
    run: async (a, e, t) => (await import('./commands/history-export.js')).historyExport(a, e, t),
  },
  changes: {
    usage: `changes ${H} --experiment E [--min-magnitude FRACTION] [--fingerprint F] [--config FILE]`,
    run: async (a, e) => (await import('./commands/history-changes.js')).historyChanges(a, e),
  },
  site: {
    usage: `site ${H} --output DIR [--config FILE] [--title TEXT] [--quiet]`,
    run: async (a, e, t) => (await import('./commands/history-site.js')).historySite(a, e, t),
  },
};

export const HISTORY_USAGE = Object.values(HISTORY_COMMANDS)
  .map((c) => c.usage)
  .join('\n  training-metrics-gate history ');

export async function runHistory(args: string[], env: NodeJS.ProcessEnv, io: HistoryIo): Promise<number> {
  const [name, ...rest] = args;
  const sub = name ? HISTORY_COMMANDS[name] : undefined;
  if (!sub) {
    io.error(`history: say which: ${Object.keys(HISTORY_COMMANDS).join(', ')} (see training-metrics-gate --help)`);
    return 2;
  }
  try {
    const progress = (quiet: boolean): ProgressSink => {
      io.showProgress?.(env, quiet);
      return io.progress ?? SILENT;
    };
    const warn = (m: string) => (io.warn ? io.warn(m) : io.error(`warning: ${m}`));
    const text = await sub.run(rest, env, { progress, warn });
    // The whole result (a 10,000-run export is data, not a message), still unable to start a workflow
    // command whatever a name in the history says.
    if (text) {
      if (io.data) io.data(text.endsWith('\n') ? text : `${text}\n`);
      else io.info(text.replace(/\n$/, ''));
    }
    return 0;
  } catch (e) {
    io.error(e instanceof InputError ? e.message : `history ${name}: ${(e as Error).message.split('\n')[0]}`);
    return 2;
  }
}

/** Strict flags of one subcommand; an unknown flag or a missing value is an InputError. */
export function historyFlags(
  command: string,
  args: string[],
  options: NonNullable<ParseArgsConfig['options']>,
  required: readonly string[],
): Record<string, string | undefined> {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ args, options, allowPositionals: false, strict: true }).values;
  } catch (e) {
    throw new InputError(`history ${command}`, null, (e as Error).message.split('\n')[0]!);
  }
  for (const name of required)
    if (typeof values[name] !== 'string' || values[name] === '')
      throw new InputError(`history ${command}`, null, `--${name} is required (${HISTORY_COMMANDS[command]!.usage})`);
  return values as Record<string, string | undefined>;
}

/** The store a flag names; a history that does not exist is an error for every subcommand but migrate's target. */
export async function openExisting(
  spec: string,
  env: NodeJS.ProcessEnv,
): Promise<{ store: HistoryStore; runs: HistoryRecord[] }> {
  const { openHistory } = await import('../store/index.js');
  const store = openHistory(spec, { env });
  const history = await store.readIfExists();
  if (!history)
    throw new InputError(store.location, null, 'the history does not exist (no such file, branch or table)');
  return { store, runs: history.runs };
}
