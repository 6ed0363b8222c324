/** Types for the part of hot-shots' helpers module used here (hot-shots exports `./*`, typed only at its root). */
declare module 'hot-shots/lib/helpers.js' {
  /** Tags as hot-shots writes them on a line: each key and value sanitised of the protocol's characters. */
  export function formatTags(tags: string[] | Record<string, string>, telegraf?: boolean): string[];
}
