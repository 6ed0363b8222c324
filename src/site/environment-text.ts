/** Environment changes in words: `cuda 12.4 → 12.6, torch 2.3.0 → (none)`. Plain text; the page escapes it. */
import type { EnvironmentChange } from '../gate/index.js';

export function environmentText(changes: readonly EnvironmentChange[]): string {
  return changes.map((c) => `${c.field} ${c.from ?? '(none)'} → ${c.to ?? '(none)'}`).join(', ');
}
