/**
 * Names that say their value is a secret: a field of an environment file, a manifest's config key, a
 * command-line flag, an environment variable, a URL's query parameter. A name is split into its word parts
 * (at every character that is not a letter or digit, and where a lower-case letter or digit meets an
 * upper-case one: `hfToken` → `hf`, `token`; `SLACK_WEBHOOK_URL` → `slack`, `webhook`, `url`), and it is a
 * secret's when
 *  - a part is one of WORDS, whole (`GH_PAT`, `MYSQL_PWD`, `CI_JOB_JWT`, `SESSION_ID`, `ssh.key`): `path`,
 *    `keyring`, `monkey`, `passport`, `author` and `tokenizers` are other words;
 *  - a part ends with one of ENDINGS, the words long enough not to end other words by chance: one word
 *    written without a break (`PGPASSWORD`, `HFTOKEN`, `clientsecret`, `APIKey`);
 *  - two neighbouring parts are one of PAIRS (`api key`, `access key`, `private key`).
 * Plurals are only where a secret's name takes one (`secrets`, `credentials`, `cookies`): `max_tokens`
 * counts tokens and `num_keys` keys.
 */

const WORDS = new Set([
  'pass',
  'pwd',
  'pat',
  'jwt',
  'key',
  'auth',
  'authorization',
  'session',
  'sessionid',
  'cookie',
  'cookies',
  'webhook',
  'webhooks',
  'secrets',
  'credentials',
  'bearer',
]);

const ENDINGS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'accesskey',
  'privatekey',
  'credential',
];

const PAIRS = new Set(['api key', 'access key', 'private key', 'secret key', 'client secret']);

/** A name's word parts, lower-cased: `AWS_ACCESS_KEY_ID` → `aws`, `access`, `key`, `id`. */
export function nameParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function looksLikeSecretName(name: string): boolean {
  // A name is at most a few words: a megabyte of one is not a name, and is not split.
  if (name.length > 1000) return false;
  const parts = nameParts(name);
  return parts.some((p, i) => WORDS.has(p) || ENDINGS.some((e) => p.endsWith(e)) || PAIRS.has(`${p} ${parts[i + 1]}`));
}
