/**
 * The compare view between two commits, `<server>/<owner>/<repo>/compare/<good>...<bad>`. Both SHAs must be
 * hexadecimal and the repository `owner/name` before anything goes into the link: they come from the
 * history, which anyone who can push the data branch can edit.
 */
const SHA = /^[0-9a-f]{7,64}$/i;
const REPOSITORY = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

export function compareUrl(serverUrl: string, repository: string, good: string, bad: string): string | null {
  if (!SHA.test(good) || !SHA.test(bad) || !REPOSITORY.test(repository)) return null;
  let base: URL;
  try {
    base = new URL(serverUrl || 'https://github.com');
  } catch {
    return null;
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') return null;
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}/${repository}/compare/${good}...${bad}`;
}

/** A SHA shortened for display, or '' when it is not hexadecimal. */
export function shortSha(sha: string): string {
  return SHA.test(sha) ? sha.slice(0, 12) : '';
}
