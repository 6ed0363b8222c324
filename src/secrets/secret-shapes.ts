/**
 * Secrets told by their shape, wherever they are in a text: what a provider prints at the start of every
 * token it issues, so no other text looks like one. Each is replaced by `***`; a URL keeps its scheme and
 * host. Used on every line the tool prints or writes (src/http/redact.ts) and on every environment and
 * manifest value it records, so a secret is out before anything is cut.
 *
 *  - a PEM private key block (`-----BEGIN … PRIVATE KEY-----` to its END line, or to the end of the text
 *    when the END line is missing: a value cut at 200 characters keeps its start only);
 *  - GitHub tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`), Hugging Face (`hf_`), OpenAI and
 *    Anthropic (`sk-…`), Stripe (`sk_live_`, `rk_test_`…), Slack (`xoxb-`, `xoxp-`, `xapp-`…), GitLab
 *    (`glpat-`), npm (`npm_`), AWS access key ids (`AKIA…`, `ASIA…`), Google API keys (`AIza…`);
 *  - JSON Web Tokens (`eyJ….eyJ….…`: a JWT's header and claims are base64url JSON objects);
 *  - a URL's credentials (`https://user:token@host` → `https://***@host`), and the path of a webhook URL
 *    (Slack's `hooks.slack.com/services/…`, Discord's `/api/webhooks/…`, Teams' `webhook.office.com`, and
 *    any URL with a `webhook` or `hooks` segment), whose path is its secret.
 * Every pattern starts with a fixed prefix and repeats a bounded character class that cannot run past
 * its own end, so each costs linear time on any text (a megabyte of `hf_hf_hf_…` included).
 */
import { redactUrlCredentials } from './url-credentials.js';

const TOKEN_PREFIXES =
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,255}|github_pat_[A-Za-z0-9_]{20,255}|hf_[A-Za-z0-9]{20,255}|sk-[A-Za-z0-9_-]{20,255}|[rs]k_(?:live|test)_[A-Za-z0-9]{10,255}|xox[abeoprs]-[A-Za-z0-9-]{10,255}|xapp-[A-Za-z0-9-]{10,255}|glpat-[A-Za-z0-9_-]{20,255}|npm_[A-Za-z0-9]{30,255}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35})/g;

const JWT = /\beyJ[A-Za-z0-9_-]{4,8192}\.eyJ[A-Za-z0-9_-]{4,8192}\.[A-Za-z0-9_-]{0,8192}/g;

/** A URL up to its end (white space, a quote, a bracket): scheme and host, then the rest. */
const URL = /\b(https?:\/\/)([^\s/?#'"<>()[\]]{1,255})([/?#][^\s'"<>()[\]]{0,8192})?/gi;
const WEBHOOK_HOST = /(^|\.)(hooks\.slack\.com|webhook\.office\.com|hooks\.zapier\.com)$/i;
const WEBHOOK_PATH = /\/(?:api\/)?(?:webhooks?|hooks)(?:\/|$)/i;

const BEGIN = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;
const END = /-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;

export function redactSecretShapes(text: string): string {
  let out = privateKeys(text);
  out = out.replace(TOKEN_PREFIXES, '***').replace(JWT, '***');
  out = out.replace(URL, (whole, scheme: string, host: string, rest: string | undefined) => {
    if (!rest) return whole;
    const at = host.lastIndexOf('@');
    const bareHost = at < 0 ? host : host.slice(at + 1);
    return WEBHOOK_HOST.test(bareHost) || WEBHOOK_PATH.test(rest) ? `${scheme}${host}/***` : whole;
  });
  return redactUrlCredentials(out);
}

/** Each private key block out, its END line found after its BEGIN line (one pass over the text). */
function privateKeys(text: string): string {
  if (!text.includes('PRIVATE KEY-----')) return text;
  const parts: string[] = [];
  let from = 0;
  BEGIN.lastIndex = 0;
  for (let m = BEGIN.exec(text); m; m = BEGIN.exec(text)) {
    parts.push(text.slice(from, m.index), '***');
    END.lastIndex = m.index + m[0].length;
    const end = END.exec(text);
    from = end ? end.index + end[0].length : text.length;
    BEGIN.lastIndex = from;
  }
  parts.push(text.slice(from));
  return parts.join('');
}
