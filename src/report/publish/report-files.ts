/** The report as files: `--markdown OUT.md` and `--html OUT.html` (the action's artifact). */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InputError } from '../../model.js';
import { renderHtml } from '../render/html.js';
import { renderMarkdown } from '../render/markdown.js';
import type { ReportInput } from '../report-input.js';

/** Write the full report to the paths given (parent folders are created); a path that cannot be written is an InputError. */
export async function writeReportFiles(
  input: ReportInput,
  paths: { markdown?: string | null; html?: string | null },
): Promise<{ markdown?: string; html?: string }> {
  const written: { markdown?: string; html?: string } = {};
  if (paths.markdown) {
    await writeText(paths.markdown, renderMarkdown(input));
    written.markdown = paths.markdown;
  }
  if (paths.html) {
    await writeText(paths.html, renderHtml(input));
    written.html = paths.html;
  }
  return written;
}

async function writeText(path: string, text: string): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text, 'utf8');
  } catch (err) {
    throw new InputError(
      path,
      null,
      `cannot write the report: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}
