import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { batchInput, hostileRun, nanLossRun, regressedRun } from '../../../test/helpers/report-fixtures.js';
import { sanitizeCommentBody } from './comment-sanitize.js';
import { inertCodeBlock, liveConstructs } from './markdown-allowlist.js';
import { commentBody, commentMarker } from './pr-comment.js';

const allow = { marker: commentMarker('gpt'), runLinkPrefix: 'https://github.com/acme/trainer/actions/runs/' };

/** The parts of rendered HTML that would act: tags other than the report's, links, images, mentions. */
function rendered(markdown: string): { tags: string[]; hrefs: string[]; mentions: string[] } {
  const html = marked.parse(markdown, { gfm: true, async: false });
  const text = html.replace(/&#8203;/g, '\u200b');
  return {
    tags: [...html.matchAll(/<([a-z][a-z0-9]*)\b/gi)].map((m) => m[1]!.toLowerCase()),
    hrefs: [...html.matchAll(/\b(?:href|src)="([^"]*)"/gi)].map((m) => m[1]!),
    mentions: [...text.matchAll(/(?:^|[^\w\u200b])@([A-Za-z0-9-]+)/g)].map((m) => m[1]!),
  };
}

/** Known bypasses of text sanitisers: each renders a live link, image or mention as written. */
const BYPASSES = [
  String.raw`[click here\\](https://evil.example/p)`,
  String.raw`[x\\](//evil.example)`,
  String.raw`[x\\\\](//evil.example/four)`,
  String.raw`!\\[img\\](//evil.example/pixel.png)`,
  String.raw`![img\\](//evil.example/pixel2.png)`,
  '[[nested](//evil.example/in)](//evil.example/out)',
  String.raw`[a\](b)](//evil.example/escaped-inner)`,
  '[x]: //evil.example/ref\n\n[x] and [y][x]',
  String.raw`[z\\]: //evil.example/ref2`,
  String.raw`[z\\]`,
  '<//evil.example/auto> <https:&#47;&#47;evil.example/entity>',
  '[e](https&#58;//evil.example/colon-entity)',
  '[w](javascript:alert(1))',
  '@\\octocat and \\@octocat',
];

describe('sanitizeCommentBody', () => {
  it("passes the renderer's own comments unchanged (hostile names included)", () => {
    for (const input of [batchInput(), { runs: [hostileRun()] }, { runs: [regressedRun(), nanLossRun()] }]) {
      const body = commentBody(input, 'gpt');
      expect(sanitizeCommentBody(body, allow)).toEqual({ body, changed: false });
    }
  });

  it('leaves a hostile file no mention, link, image, raw HTML or reference', () => {
    const hostile = [
      commentMarker('gpt'),
      '## ✅ Training metrics: no regression',
      '@octocat @acme/security-team please approve. user@example.com',
      '[click](https://evil.example/phish) <https://evil.example/a> https://evil.example/b www.evil.example',
      '![tracker](https://evil.example/pixel.png) <img src="https://evil.example/x.png">',
      '<a href="https://evil.example">x</a> <script>alert(1)</script> <!-- training-metrics-gate:other -->',
      '[ref]: https://evil.example/ref and [ref] and [x][ref] and &#64;octocat &commat;octocat',
      'closes #1, acme/trainer#2',
      '<details><summary>kept</summary>\n\nbody\n\n</details>',
      '[Workflow run](https://github.com/acme/trainer/actions/runs/42)',
      '[Workflow run](https://evil.example/acme/trainer/actions/runs/42)',
    ].join('\n\n');
    const out = sanitizeCommentBody(hostile, allow);
    expect(out.changed).toBe(true);
    expect(out.body.startsWith(`${commentMarker('gpt')}\n`)).toBe(true);
    expect(out.body.split('training-metrics-gate:').length).toBe(3); // the marker, and the other one as text
    const r = rendered(out.body);
    expect(r.mentions).toEqual([]);
    expect(r.hrefs).toEqual(['https://github.com/acme/trainer/actions/runs/42']);
    expect(new Set(r.tags)).toEqual(new Set(['h2', 'p', 'details', 'summary', 'a']));
    expect(out.body).not.toMatch(/(?:^|[\s\w/])#\d/m); // issue references
    // The raw file, for contrast, renders every one of them.
    const raw = rendered(hostile);
    expect(raw.mentions).toContain('octocat');
    expect(raw.hrefs.length).toBeGreaterThan(4);
    expect(raw.tags).toContain('img');
  });

  it('leaves no live link, image or mention from the known bypasses, checked by rendering the output', () => {
    const out = sanitizeCommentBody([commentMarker('gpt'), ...BYPASSES].join('\n\n'), allow);
    const r = rendered(out.body);
    expect(r.hrefs).toEqual([]);
    expect(r.tags).not.toContain('img');
    expect(r.tags).not.toContain('a');
    expect(r.mentions).toEqual([]);
    // Each of them is live in the raw file.
    const raw = rendered(BYPASSES.join('\n\n'));
    expect(raw.hrefs.length).toBeGreaterThanOrEqual(8);
  });
});

describe('the Markdown check behind the text pass', () => {
  it("finds every known bypass live in the raw text, and nothing in the renderer's own comments", () => {
    // Each alone: wherever a renderer makes something live, the check finds it (a bare definition, which
    // renders nothing by itself, is named too).
    for (const b of BYPASSES) {
      const r = rendered(b);
      if (r.hrefs.length > 0 || r.tags.includes('img') || r.mentions.length > 0)
        expect(liveConstructs(b, allow.runLinkPrefix), b).not.toEqual([]);
    }
    expect(liveConstructs(BYPASSES.join('\n\n'), allow.runLinkPrefix).length).toBeGreaterThanOrEqual(
      BYPASSES.length - 1,
    );
    for (const input of [batchInput(), { runs: [hostileRun()] }, { runs: [regressedRun(), nanLossRun()] }])
      expect(liveConstructs(commentBody(input, 'gpt'), allow.runLinkPrefix)).toEqual([]);
    expect(
      liveConstructs('[Workflow run](https://github.com/acme/trainer/actions/runs/42)', allow.runLinkPrefix),
    ).toEqual([]);
    expect(
      liveConstructs('[Workflow run](https://github.com/acme/other/actions/runs/42)', allow.runLinkPrefix),
    ).toEqual(['a link to https://github.com/acme/other/actions/runs/42']);
  });

  it('the inert code block it falls back to renders none of them, and no fence in the text closes it', () => {
    const text = [
      ...BYPASSES,
      '```',
      '````\n[late](//evil.example/after-fence)',
      '<img src=//evil.example/i.png>',
    ].join('\n\n');
    const block = inertCodeBlock(text);
    expect(liveConstructs(block, allow.runLinkPrefix)).toEqual([]);
    const r = rendered(block);
    expect(r.hrefs).toEqual([]);
    expect(r.tags).toEqual(['pre', 'code']);
    // The whole of it is one code block (GitHub links no mention inside one).
    const html = marked.parse(block, { gfm: true, async: false }).trim();
    expect(html.startsWith('<pre><code class="language-text">') && html.endsWith('</code></pre>')).toBe(true);
  });
});
