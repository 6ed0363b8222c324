/**
 * bench/gate/RESULTS.md holds the gate benchmark's table and, after it, sections other benchmarks write
 * (`## …` headings): each writer replaces only its own part and keeps the rest.
 */
import { readFile } from 'node:fs/promises';

async function existing(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return '';
  }
}

/** The file's `## ` sections (from the first heading on), '' when it has none or does not exist. */
export async function sectionsOf(path: string): Promise<string> {
  const text = await existing(path);
  const at = text.search(/^## /m);
  return at < 0 ? '' : `\n${text.slice(at)}`;
}

/** The file with the section under `heading` replaced by `body` (appended when it is not there yet). */
export async function withSection(path: string, heading: string, body: string): Promise<string> {
  const text = await existing(path);
  const section = `## ${heading}\n\n${body.trimEnd()}\n`;
  const start = text.indexOf(`## ${heading}\n`);
  if (start < 0) return `${text.trimEnd()}\n\n${section}`;
  const next = text.slice(start + 3).search(/^## /m);
  const end = next < 0 ? text.length : start + 3 + next;
  return `${text.slice(0, start)}${section}${next < 0 ? '' : `\n${text.slice(end)}`}`;
}
