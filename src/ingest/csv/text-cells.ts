/** Text found in numeric columns, per column: read as missing, reported once per column. */
export class TextCells {
  private readonly counts: number[];
  private readonly first: (string | null)[];

  constructor(private readonly columns: string[]) {
    this.counts = columns.map(() => 0);
    this.first = columns.map(() => null);
  }

  add(column: number, line: number, text: string): void {
    if (this.counts[column]!++ === 0)
      this.first[column] = `line ${line}: "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
  }

  has(column: number): boolean {
    return this.counts[column]! > 0;
  }

  warnings(): string[] {
    return this.columns.flatMap((name, c) =>
      this.counts[c]
        ? [
            `column "${name}": ${this.counts[c]} cell${this.counts[c] === 1 ? '' : 's'} not a number, read as missing (first at ${this.first[c]})`,
          ]
        : [],
    );
  }
}
