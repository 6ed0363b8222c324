/** Secrets out of every message a request can produce: error lines, URLs echoed back by a server. */

/** Replace every occurrence of each secret (and its URL-encoded form) with `***`. */
export function redactSecrets(text: string, secrets: (string | null | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join('***');
  }
  // A key someone put into a URL's query string.
  return out.replace(/((?:api|application)[_-]?key=)[^&\s"']+/gi, '$1***');
}
