/**
 * Escaping for everything that comes from user files (metric, run and experiment names, tags,
 * config strings). One function per target language; callers never build markup from raw names.
 */

/** Control characters and line breaks: a name is one line. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * Text for GitHub-flavoured Markdown, safe inside a table cell and inline anywhere:
 * `<`, `>`, `&` become entities (no raw HTML can form), `|` and Markdown punctuation are
 * backslash-escaped (no cell split, no emphasis, link or code span), and `@` is followed by a
 * zero-width space so a name never mentions a GitHub user.
 */
export function mdText(value: string): string {
  return value
    .replace(CONTROL, ' ')
    .replace(/[\\`*_{}[\]()#!|~]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/@/g, '@&#8203;')
    .replace(/:\/\//g, ':&#47;&#47;');
}

/** Text for HTML element content and attribute values. */
export function htmlText(value: string): string {
  return value
    .replace(CONTROL, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Text for a quoted Mermaid string (a chart or axis title). Mermaid has no escape for `"` and reads
 * `%%`, `{}`, `<>` and `;` as syntax, so keep only characters that cannot end or extend the string.
 */
export function mermaidText(value: string, max = 80): string {
  return value
    .replace(CONTROL, ' ')
    .replace(/[^\p{L}\p{N} _.,:+\-/[\]()]/gu, '_')
    .slice(0, max)
    .trim();
}

/** A name that is safe in an HTML comment marker and an id: letters, digits, `_`, `.`, `+`, `-`. */
export function slug(value: string, max = 100): string {
  return value
    .replace(/[^A-Za-z0-9_.+-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, max);
}

/**
 * A line the Actions runner reads as a workflow command: `::name…::` at its start (blanks before it
 * included), or the older `##[name]` anywhere in it.
 */
const WORKFLOW_COMMAND = /(?:^|[\r\n])[^\S\r\n]*::|##\[/;

/**
 * Text for a runner's log (stdout and stderr of a step): text that holds a line the runner would take as
 * a command (`::error::`, `::set-output`, `::add-mask::`, `::stop-commands::`…) is wrapped in a
 * `::stop-commands::<token>` … `::<token>::` pair, inside which the runner runs no command. `token` must be
 * unguessable (random per process), or text could end the pair itself. Other text is unchanged.
 */
export function workflowCommandSafe(text: string, token: string): string {
  if (!WORKFLOW_COMMAND.test(text)) return text;
  return `::stop-commands::${token}\n${text}\n::${token}::`;
}
