/**
 * The CLI's Io: results on stdout, warnings and errors on stderr. Every message passes here, so this is
 * where secrets are taken out and where untrusted text (run, metric and file names, API error bodies) is
 * kept from starting a workflow command when the CLI runs in an Actions step.
 */
import { randomUUID } from 'node:crypto';
import { SecretRegistry } from '../http/redact.js';
import { parseOtlpHeaders } from '../sinks/otlp/target.js';
import { workflowCommandSafe } from '../report/render/escape.js';
import { type ProgressSink, progressFromEnvironment, SILENT } from '../progress/index.js';
import type { Io } from '../run.js';
import { OutputStreams } from './output-streams.js';

/** Environment variables the commands read secrets from. */
const SECRET_ENV = [
  'DD_API_KEY',
  'DD_APP_KEY',
  'DD_APPLICATION_KEY',
  'GITHUB_TOKEN',
  'GRAFANA_TOKEN',
  'PGPASSWORD',
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
  'OTEL_EXPORTER_OTLP_METRICS_HEADERS',
] as const;

export class ConsoleIo implements Io {
  readonly secrets = new SecretRegistry();
  /** Unguessable, so untrusted text cannot end a stop-commands pair itself. */
  private readonly token = randomUUID();

  /** Progress of long work on stderr, once `showProgress` has said how (none until then). */
  progress: ProgressSink = SILENT;

  /** `terminal`, `now`: what stderr is and what time it is, for progress (given by tests). */
  constructor(
    readonly streams: OutputStreams = new OutputStreams(),
    private readonly progressClock: { terminal?: boolean; now?: () => number } = {},
  ) {}

  /**
   * Progress on stderr from here on: a redrawn line in a terminal, plain lines in a CI log; none with
   * `quiet`. Its text has its secrets taken out; it is one line that starts with words of ours.
   */
  showProgress(env: NodeJS.ProcessEnv, quiet: boolean): void {
    this.progress = progressFromEnvironment({
      env,
      quiet,
      stderrIsTerminal: this.progressClock.terminal ?? process.stderr.isTTY === true,
      write: (text) => this.streams.write('stderr', this.secrets.redact(text)),
      ...(this.progressClock.now ? { now: this.progressClock.now } : {}),
    });
  }

  /** Register the secrets an environment holds (before anything is printed). */
  addSecretsFrom(env: NodeJS.ProcessEnv): void {
    for (const name of SECRET_ENV) this.secrets.add(env[name]);
    // Each OTLP header's value too (an API key), as it would be printed alone.
    for (const name of SECRET_ENV.filter((n) => n.endsWith('_HEADERS')))
      for (const value of Object.values(parseOtlpHeaders(env[name] ?? ''))) this.secrets.add(value);
  }

  info(message: string): void {
    this.streams.write('stdout', `${this.safe(message)}\n`);
  }

  warn(message: string): void {
    this.streams.write('stderr', `${this.safe(`warning: ${message}`)}\n`);
  }

  error(message: string): void {
    this.streams.write('stderr', `${this.safe(`error: ${message}`)}\n`);
  }

  /**
   * Text printed as it is (help, a generated configuration meant for a file), secrets still taken out:
   * a stop-commands pair would end up inside the file it is redirected to.
   */
  print(text: string): void {
    this.streams.write('stdout', this.secrets.redact(text));
  }

  /**
   * Data a command prints as its result (a history listed or exported): secrets taken out and kept from
   * starting a workflow command, but never cut, unlike a message.
   */
  data(text: string): void {
    this.streams.write('stdout', workflowCommandSafe(this.secrets.redact(text), this.token));
  }

  private safe(message: string): string {
    return workflowCommandSafe(this.secrets.message(message), this.token);
  }
}
