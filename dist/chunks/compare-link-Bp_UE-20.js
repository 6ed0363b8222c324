/**
 * The compare view between two commits, `<server>/<owner>/<repo>/compare/<good>...<bad>`. Both SHAs must be
 * hexadecimal and the repository `owner/name` before anything goes into the link: they come from the
 * history, which anyone who can push the data branch can edit.
 */
const SHA = /^[0-9a-f]{7,64}$/i;
const REPOSITORY = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
function compareUrl(serverUrl, repository, good, bad) {
    if (!SHA.test(good) || !SHA.test(bad) || !REPOSITORY.test(repository))
        return null;
    let base;
    try {
        base = new URL(serverUrl || 'https://github.com');
    }
    catch {
        return null;
    }
    if (base.protocol !== 'https:' && base.protocol !== 'http:')
        return null;
    return `${base.origin}${base.pathname.replace(/\/+$/, '')}/${repository}/compare/${good}...${bad}`;
}
/** A SHA shortened for display, or '' when it is not hexadecimal. */
function shortSha(sha) {
    return SHA.test(sha) ? sha.slice(0, 12) : '';
}

export { compareUrl as c, shortSha as s };
