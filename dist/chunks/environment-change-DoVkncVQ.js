import { b9 as redactStoredFields } from './postgres-url-BezLfty4.js';

/**
 * What changed in the environment between two runs: the fields (driver, CUDA, image, runner, packages …)
 * whose values differ, in name order. A field present on one side only is a change too (from or to
 * `undefined`); a run with no recorded environment has nothing to compare, so it yields no change rather
 * than "everything appeared". Both sides are read as every output shows a history's fields
 * (src/secrets/: a secret-named field `[redacted]`, a secret inside a value `***`), so no explanation
 * names a secret a record holds.
 */
function environmentChanges(before, after) {
    if (!before || !after)
        return [];
    before = redactStoredFields(before);
    after = redactStoredFields(after);
    const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
    const out = [];
    for (const field of [...fields].sort()) {
        const from = Object.hasOwn(before, field) ? before[field] : undefined;
        const to = Object.hasOwn(after, field) ? after[field] : undefined;
        if (from !== to)
            out.push({ field, from, to });
    }
    return out;
}

export { environmentChanges as e };
