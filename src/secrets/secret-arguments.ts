/**
 * Secrets given by name inside a value: a command line (`--hf_token=hf_…`, `--wandb-key abc`,
 * `PGPASSWORD=x python train.py`), a URL's query (`?access_token=…`), a JSON text (`"password": "…"`).
 * Where the name is a secret's (secret-name.ts), what follows it is replaced by `***` and the name kept, so
 * a recorded command line still says which flags it had. For values a run records (environment fields,
 * manifest config); a flag whose name says nothing (`--model gpt`) is left as it is.
 *
 * Each pattern's repeats are bounded and stop at their own end (white space, a quote), so the cost is
 * linear in the text.
 */
import { looksLikeSecretName } from './secret-name.js';

/** `NAME=VALUE`, the name after a start, a space, a quote or a query's `?`/`&` (so `a==b` is not one). */
const ASSIGNED =
  /(^|[\s&?;,'"(])(-{0,2}[A-Za-z_][A-Za-z0-9_.-]{0,99})=("[^"]{0,4096}"|'[^']{0,4096}'|[^\s&;,'"]{1,4096})/g;
/** `--NAME VALUE` (or `-NAME VALUE`): the value a word that does not start with a dash. */
const FLAG_THEN_VALUE =
  /(^|\s)(--?[A-Za-z][A-Za-z0-9_.-]{0,99})(\s+)("[^"]{0,4096}"|'[^']{0,4096}'|[^\s'"-][^\s'"]{0,4095})/g;
/** `"NAME": "VALUE"` in a JSON text. */
const JSON_MEMBER = /("([A-Za-z0-9_.-]{1,100})"\s{0,8}:\s{0,8})"(?:[^"\\]|\\.){0,4096}"/g;

const flagName = (flag: string): string => flag.replace(/^-+/, '');

export function redactSecretArguments(text: string): string {
  if (!/[=:\s]/.test(text)) return text;
  return text
    .replace(ASSIGNED, (whole, before: string, name: string) =>
      looksLikeSecretName(flagName(name)) ? `${before}${name}=***` : whole,
    )
    .replace(FLAG_THEN_VALUE, (whole, before: string, flag: string, space: string) =>
      looksLikeSecretName(flagName(flag)) ? `${before}${flag}${space}***` : whole,
    )
    .replace(JSON_MEMBER, (whole, head: string, name: string) => (looksLikeSecretName(name) ? `${head}"***"` : whole));
}
