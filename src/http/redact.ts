/**
 * Secrets out of every message and output: error lines, URLs echoed back by a server, the files the tool
 * writes. The secrets a run knows (registered), then every secret told by its shape (src/secrets/).
 */
import { redactSecretShapes } from '../secrets/index.js';

export { redactUrlCredentials } from '../secrets/index.js';

/**
 * Replace every occurrence of each secret (and its URL-encoded form) with `***`; then every secret told by
 * its shape (a token's prefix, a JWT, a private key, a URL's credentials or a webhook's path).
 */
export function redactSecrets(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join('***');
  }
  // A key someone put into a URL's query string.
  out = out.replace(/((?:api|application)[_-]?key=)[^&\s"']+/gi, '$1***');
  return redactSecretShapes(out);
}

/**
 * Redact, then cut: a cut made first can leave a secret's prefix that no longer matches the whole secret.
 * `max` counts characters of the redacted text.
 */
export function redactThenCut(text: string, secrets: readonly (string | null | undefined)[], max: number): string {
  const redacted = redactSecrets(text, secrets);
  return redacted.slice(0, max);
}

/**
 * The secrets of one process: every output goes through `redact`. `onNew` sees each secret once
 * (the action registers it with the runner's log masking there, so a mask is added once, not per use).
 */
export class SecretRegistry {
  private readonly values = new Set<string>();

  constructor(private readonly onNew: (secret: string) => void = () => {}) {}

  add(secret: string | null | undefined): void {
    if (!secret || this.values.has(secret)) return;
    this.values.add(secret);
    this.onNew(secret);
  }

  redact(text: string): string {
    return redactSecrets(text, [...this.values]);
  }

  /**
   * A message as it may be printed: redacted, then cut to `max` characters, so a file that quotes a
   * megabyte of itself in an error (a huge key, a huge cell) prints one readable line.
   */
  message(text: string, max = MAX_MESSAGE): string {
    const redacted = this.redact(text);
    return redacted.length <= max ? redacted : `${redacted.slice(0, max)}… (${redacted.length - max} more characters)`;
  }
}

/** The longest message printed to a console, in characters. */
export const MAX_MESSAGE = 2000;
