/** The report as files: `--markdown OUT.md` and `--html OUT.html` (the action's artifact). */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InputError } from '../../model.js';
import { renderHtml } from '../render/html.js';
import { renderMarkdown } from '../render/markdown.js';
import type { ReportInput } from '../report-input.js';
import { replacedLinkWarning, writeFileAtomic } from '../../write-file.js';

/** Write the full report to the paths given (parent folders are created); a path that cannot be written is an InputError. */
export async function writeReportFiles(
  input: ReportInput,
  paths: { markdown?: string | null; html?: string | null },
  warn: (message: string) => void = () => {},
): Promise<{ markdown?: string; html?: string }> {
  const written: { markdown?: string; html?: string } = {};
  if (paths.markdown) {
    await writeText(paths.markdown, renderMarkdown(input), warn);
    written.markdown = paths.markdown;
  }
  if (paths.html) {
    await writeText(paths.html, renderHtml(input), warn);
    written.html = paths.html;
  }
  return written;
}

/** Whole or not at all, never through a symlink (write-file.ts). */
async function writeText(path: string, text: string, warn: (message: string) => void): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    if ((await writeFileAtomic(path, text)).replacedLink) warn(replacedLinkWarning(path));
  } catch (err) {
    throw new InputError(
      path,
      null,
      `cannot write the report: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}
