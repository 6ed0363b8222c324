/**
 * Tags interned from their bytes: an event file repeats the same few tags millions of times, so each is
 * looked up by a hash of its bytes and compared byte for byte, and only a tag never seen before is
 * decoded into a string. Writers log their tags in the same order step after step, so the tag that
 * followed the last one found is tried first, with one comparison and no hash.
 */
const utf8 = new TextDecoder();

interface Entry {
  bytes: Uint8Array;
  index: number;
  next: Entry | null;
}

export class TagTable {
  /** Tags in order of first appearance. */
  readonly names: string[] = [];
  private readonly byHash = new Map<number, Entry>();
  private readonly byName = new Map<string, number>();
  /** By tag index: the entry found after it last time. */
  private readonly follows: (Entry | undefined)[] = [];
  private last = 0;

  get size(): number {
    return this.names.length;
  }

  /** The index of the tag in `buf[start, end)`, or -1 when it is new. */
  find(buf: Uint8Array, start: number, end: number): number {
    const guess = this.follows[this.last];
    if (guess !== undefined && same(guess.bytes, buf, start, end)) {
      this.last = guess.index;
      return guess.index;
    }
    let entry = this.byHash.get(hash(buf, start, end)) ?? null;
    for (; entry; entry = entry.next)
      if (same(entry.bytes, buf, start, end)) {
        this.follows[this.last] = entry;
        this.last = entry.index;
        return entry.index;
      }
    return -1;
  }

  /** The index of the tag in `buf[start, end)`, added when new. */
  intern(buf: Uint8Array, start: number, end: number): number {
    const found = this.find(buf, start, end);
    if (found >= 0) return found;
    const h = hash(buf, start, end);
    const bytes = buf.slice(start, end);
    const name = utf8.decode(bytes);
    // Two byte strings that are not UTF-8 can decode alike (U+FFFD): one name, one column.
    let index = this.byName.get(name);
    if (index === undefined) {
      index = this.names.length;
      this.names.push(name);
      this.byName.set(name, index);
    }
    const entry: Entry = { bytes, index, next: this.byHash.get(h) ?? null };
    this.byHash.set(h, entry);
    this.follows[this.last] = entry;
    this.last = index;
    return index;
  }
}

/** FNV-1a over the bytes, as a small integer key. */
function hash(buf: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ buf[i]!, 0x01000193);
  return h & 0x3fffffff; // a small integer: Map keys stay unboxed
}

function same(a: Uint8Array, buf: Uint8Array, start: number, end: number): boolean {
  if (a.length !== end - start) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== buf[start + i]) return false;
  return true;
}
