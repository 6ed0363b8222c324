/** The fields the tool records itself (runner.ts, nvidia-smi-text.ts), in the order they are named first. */
const TOOL_FIELDS = ['image', 'driver', 'cuda', 'runner-image', 'os', 'arch', 'runner'];
function formatEnvironmentValue(value) {
    if (value === undefined)
        return '(none)';
    const short = value.replace(/\b([0-9a-f]{12})[0-9a-f]{4,}\b/g, '$1…');
    const chars = [...short];
    return chars.length > 60 ? `${chars.slice(0, 59).join('')}…` : short;
}
/** The tool's own fields first, in TOOL_FIELDS' order, then the rest by name. */
function environmentFieldOrder(a, b) {
    const rank = (f) => {
        const i = TOOL_FIELDS.indexOf(f);
        return i < 0 ? TOOL_FIELDS.length : i;
    };
    return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}
/** `torch 2.4.1 → 2.5.0, cuda 12.4 → 12.6` (and `and N more`). */
function formatEnvironmentChanges(changes, max = 6) {
    const ordered = [...changes].sort((a, b) => environmentFieldOrder(a.field, b.field));
    const named = ordered
        .slice(0, max)
        .map((c) => `${c.field} ${formatEnvironmentValue(c.from)} → ${formatEnvironmentValue(c.to)}`);
    const more = ordered.length - named.length;
    return `${named.join(', ')}${more > 0 ? `, and ${more} more field${more === 1 ? '' : 's'}` : ''}`;
}
/** The sentence the report, `history changes` and the site show. */
function formatEnvironmentExplanation(e, max = 6) {
    if (e.changes.length === 0 && e.near) {
        const n = Math.abs(e.near.offset);
        const where = `${n} run${n === 1 ? '' : 's'} ${e.near.offset < 0 ? 'before' : 'after'} the first bad one`;
        const id = /^\d+$/.test(e.near.run.runId) ? ` #${e.near.run.runId}` : '';
        return `environment unchanged between these runs, but it changed ${where} (run ${e.near.run.run}${id}): ${formatEnvironmentChanges(e.near.changes, max)}`;
    }
    if (e.changes.length === 0) {
        const names = e.named?.length ? `: ${[...e.named].sort(environmentFieldOrder).join(', ')}` : '';
        return `environment unchanged (${e.fields} field${e.fields === 1 ? '' : 's'}${names}): look at the code first`;
    }
    return `coincides with: ${formatEnvironmentChanges(e.changes, max)}`;
}

export { TOOL_FIELDS as T, formatEnvironmentChanges as a, environmentFieldOrder as e, formatEnvironmentExplanation as f };
