/** The Pushgateway URL: checked when the options are read (before any file), shown without credentials. */
import { InputError } from '../../model.js';

/** The URL without credentials, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.username || u.password) {
      u.username = '***';
      u.password = '';
    }
    return u.toString().replace(/\/$/, '');
  } catch {
    return '(invalid URL)';
  }
}

/** A pushgateway-url that is not an http(s) URL is the user's mistake: InputError, exit 2. */
export function checkPushgatewayUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InputError(
      'pushgateway-url',
      null,
      `"${redactUrl(url)}" is not a URL (expected e.g. http://pushgateway:9091)`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InputError('pushgateway-url', null, `"${redactUrl(url)}" is not an http(s) URL`);
  }
}
