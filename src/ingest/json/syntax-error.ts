/**
 * JSON.parse's syntax error as words and the offset it names, without the excerpt of the text V8 quotes
 * (`Unexpected token 'g', "{"k": ghp_abcdef"... is not valid JSON`): a cut excerpt can hold a secret's
 * prefix that no redaction matches, and a file's contents never go into a message as they are.
 */
export function jsonSyntaxError(e: Error): { offset: number | null; what: string } {
  const first = e.message.split('\n')[0]!;
  const at = /at position (\d+)/.exec(first);
  const what = first.replace(/ in JSON at position \d+.*$/, '').replace(/, (?:\.\.\.)?".*$/, '');
  return { offset: at ? Number(at[1]) : null, what };
}
