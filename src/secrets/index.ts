/**
 * Secrets out of what the tool records and prints: names that say a value is a secret's (secret-name.ts),
 * values shaped like one (secret-shapes.ts), secrets given by name inside a value (secret-arguments.ts),
 * and the field rule that joins them for environments and manifest config (fields.ts). Written once, used
 * by every output: the history, `--json`, the reports, the site, `history show` and `export`.
 */
export { redactFieldValue, redactFields, redactStoredFields, REDACTED, type RedactedFields } from './fields.js';
export { redactSecretArguments } from './secret-arguments.js';
export { looksLikeSecretName, nameParts } from './secret-name.js';
export { redactSecretShapes } from './secret-shapes.js';
export { redactUrlCredentials } from './url-credentials.js';
