import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { INJECTED_COMMANDS, runnerCommands } from '../../../test/helpers/workflow-commands.js';
import { htmlText, mdText, mermaidText, slug, workflowCommandSafe } from './escape.js';

describe('mdText', () => {
  it('leaves no raw HTML, no cell split and no mention in GFM output', () => {
    const name = '<img src=x onerror=alert(1)> | `x` @octocat **b**';
    const html = marked.parse(`| a | b |\n|---|---|\n| ${mdText(name)} | z |`, { gfm: true, async: false });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<code>');
    expect(html).not.toContain('<strong>');
    expect(html.match(/<td>/g)).toHaveLength(2);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('turns line breaks into spaces so a name stays on its row', () => {
    expect(mdText('a\nb\r\nc')).toBe('a b c');
  });

  it('defuses URLs so a name does not become a link', () => {
    const html = marked.parse(mdText('see https://evil.example/x'), { gfm: true, async: false });
    expect(html).not.toContain('<a ');
  });
});

describe('htmlText', () => {
  it('escapes the five HTML specials', () => {
    expect(htmlText(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('mermaidText', () => {
  it('keeps nothing that could end a quoted string or open a directive', () => {
    expect(mermaidText('lm "loss" %%{init}%% <b>;')).toBe('lm _loss_ ___init___ _b__');
  });
});

describe('slug', () => {
  it('keeps letters, digits, dot, dash and underscore', () => {
    expect(slug('gpt3 15b / <x> -->')).toBe('gpt3-15b-x');
  });
});

describe('workflowCommandSafe', () => {
  const token = 'f1e2d3c4-0000-4000-8000-123456789abc';
  it('leaves ordinary text as it is', () => {
    expect(workflowCommandSafe('run a: 3 metrics; ratio 1:2 and a::b', token)).toBe(
      'run a: 3 metrics; ratio 1:2 and a::b',
    );
  });
  for (const command of INJECTED_COMMANDS) {
    it(`runs no command for a name holding a newline and ${command.split(/[: ]/)[2]}`, () => {
      const text = `run name\n${command}\n  ${command}\r${command} and ##[error]legacy`;
      expect(runnerCommands(text).length).toBeGreaterThan(0); // the test's runner does see them raw
      const safe = workflowCommandSafe(text, token);
      expect(runnerCommands(safe).map((c) => c.line)).toEqual([`::stop-commands::${token}`]);
      expect(safe.split('\n').at(-1)).toBe(`::${token}::`);
    });
  }
});
