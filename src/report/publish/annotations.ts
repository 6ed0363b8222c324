/**
 * Annotations on the job page: an error per regression, a warning per metric that could not be
 * judged (insufficient history, missing) and per incomplete run. Written to a sink so the action
 * passes `@actions/core` and tests pass a recorder.
 */
import type { GateResult, RunSummary } from '../../model.js';
import { formatChange } from '../render/format.js';

export interface AnnotationProps {
  title?: string;
  file?: string;
}

export interface AnnotationSink {
  error(message: string, props?: AnnotationProps): void;
  warning(message: string, props?: AnnotationProps): void;
}

/** GitHub shows at most 10 error and 10 warning annotations per step; the tenth says how many more there are. */
export const ANNOTATIONS_PER_KIND = 10;

interface Note {
  message: string;
  props: AnnotationProps;
}

/** Emit the annotations for a set of gate results; `summaries` (optional) supply the source file of each run. */
export function annotate(
  results: readonly GateResult[],
  sink: AnnotationSink,
  summaries: readonly RunSummary[] = [],
): { errors: number; warnings: number } {
  const errors: Note[] = [];
  const warnings: Note[] = [];
  for (const gate of results) {
    const source = summaries.find((s) => s.experiment === gate.experiment && s.name === gate.name)?.source;
    const who = gate.name && gate.name !== gate.experiment ? `${gate.experiment} / ${gate.name}` : gate.experiment;
    const props = (title: string): AnnotationProps => (source ? { title, file: source } : { title });
    for (const m of gate.metrics) {
      const change = m.change !== null && Number.isFinite(m.change) ? ` ${formatChange(m.change)}` : '';
      if (m.verdict === 'regression') {
        errors.push({ message: `${who}: ${m.name}${change}: ${m.reason}`, props: props(`Regression: ${m.name}`) });
      } else if (m.verdict === 'insufficient-history') {
        warnings.push({
          message: `${who}: ${m.name} not judged: ${m.reason}`,
          props: props(`Insufficient history: ${m.name}`),
        });
      } else if (m.verdict === 'missing') {
        warnings.push({ message: `${who}: ${m.name} missing: ${m.reason}`, props: props(`Missing metric: ${m.name}`) });
      }
    }
    if (!gate.run.complete || gate.run.truncated) {
      const { steps, expectedSteps, truncated } = gate.run;
      const of = expectedSteps !== null ? `${steps} of ${expectedSteps} steps` : `${steps} steps`;
      warnings.push({
        message: `${who}: run incomplete (${of}${truncated ? '; the file ends inside a row' : ''}); its numbers may not be comparable`,
        props: props('Incomplete run'),
      });
    }
  }
  emit(errors, (n) => sink.error(n.message, n.props), 'regressions');
  emit(warnings, (n) => sink.warning(n.message, n.props), 'warnings');
  return { errors: errors.length, warnings: warnings.length };
}

function emit(notes: Note[], send: (n: Note) => void, what: string): void {
  if (notes.length <= ANNOTATIONS_PER_KIND) {
    notes.forEach(send);
    return;
  }
  notes.slice(0, ANNOTATIONS_PER_KIND - 1).forEach(send);
  const rest = notes.length - (ANNOTATIONS_PER_KIND - 1);
  send({
    message: `${rest} more ${what}; see the job summary for all of them`,
    props: { title: `${rest} more ${what}` },
  });
}
