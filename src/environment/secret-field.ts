/**
 * Fields an environment never records as given: one whose name looks like a secret's. A name is split into
 * its word parts (at every character that is not a letter or digit, and where a lower-case letter meets an
 * upper-case one: `hfToken` → `hf`, `token`), and it looks like a secret's when a part is one of SECRET_WORDS
 * or two neighbouring parts are `api key`, `access key` or `private key` (`GITHUB_TOKEN`, `db.password`,
 * `apiKey`, `AWS_ACCESS_KEY_ID`, `x-auth`). Parts are whole: `tokenizers` or `max_tokens` is not a secret's
 * name, while the package `google-auth` is (its version is then recorded as `[redacted]` too).
 */

const SECRET_WORDS = new Set([
  'token',
  'secret',
  'secrets',
  'password',
  'passwords',
  'passwd',
  'apikey',
  'accesskey',
  'privatekey',
  'credential',
  'credentials',
  'auth',
  'authorization',
]);

const SECRET_PAIRS = new Set(['api key', 'access key', 'private key']);

/** What a record keeps instead of a secret-looking field's value. */
export const REDACTED = '[redacted]';

export function looksLikeSecretName(name: string): boolean {
  const parts = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return parts.some((p, i) => SECRET_WORDS.has(p) || SECRET_PAIRS.has(`${p} ${parts[i + 1]}`));
}
