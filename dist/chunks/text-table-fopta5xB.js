/**
 * Aligned plain-text columns for the history commands. Cells are untrusted (run and metric names): control
 * characters are written as `\xNN`, so a name cannot break a row, move the cursor or start a new line.
 */
function textTable(header, rows) {
    const all = [header, ...rows].map((row) => row.map(plainCell));
    // A loop, not Math.max(...): a long history would pass more arguments than a call takes.
    const widths = header.map(() => 0);
    for (const row of all)
        for (const [i, cell] of row.entries())
            widths[i] = Math.max(widths[i] ?? 0, cell.length);
    return all
        .map((row) => row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i])))
        .join('  ')
        .trimEnd())
        .join('\n');
}
function plainCell(text) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

export { textTable as t };
