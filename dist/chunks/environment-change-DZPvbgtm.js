function environmentChanges(before, after) {
    if (!before || !after)
        return [];
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
