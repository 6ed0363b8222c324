/**
 * The file name of an experiment's page: a readable slug of the experiment and fingerprint (letters,
 * digits, `_`, `.`, `+`, `-`; no `/`, no leading dot, so no path leaves the site's folder) and a short
 * hash of the exact pair, so two names that slug alike never share a file.
 */
import { createHash } from 'node:crypto';
import { slug } from '../report/render/escape.js';

export function pageFile(experiment: string, fingerprint: string): string {
  const hash = createHash('sha256').update(`${experiment}\u0000${fingerprint}`).digest('hex').slice(0, 10);
  const name = slug(`${experiment}${fingerprint ? `-${fingerprint}` : ''}`, 60) || 'experiment';
  return `${name}-${hash}`;
}
