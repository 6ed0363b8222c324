/**
 * The order test files start in. vitest runs the longest first when it has timings from an earlier run,
 * but a fresh clone (CI) has none, and its fallback left a 45 s fuzz file to start last and run alone
 * on one core for the final minute. So: the fuzz files first, then the end-to-end files under test/,
 * then the unit tests beside the code, which are short and fill the gaps at the end; within each group
 * vitest's own order (longest first where timings exist).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const group = (file: string): number =>
  /[/\\]test[/\\]fuzz[/\\]/.test(file) ? 0 : /[/\\]test[/\\]/.test(file) ? 1 : 2;

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    return ordered
      .map((spec, i) => ({ spec, i, g: group(spec.moduleId) }))
      .sort((a, b) => a.g - b.g || a.i - b.i)
      .map((x) => x.spec);
  }
}
