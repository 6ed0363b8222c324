/**
 * The second line of the comment file's defence: the body, already sanitised as text, parsed with the
 * CommonMark reference parser (commonmark.js, linear on pathological input) and walked node by node. Only
 * what the report renderer writes may be live: its HTML tags (`<details>`, `<summary>`, `<sub>`) and the
 * group's marker comment, and one link, "Workflow run", to a run of this repository. Any other link
 * (reference links resolve to links here), image or HTML is named, and so is an @mention in the text
 * (text nodes hold escapes and character references decoded, as GitHub sees them: `\@x`, `&#64;x`).
 * The caller then posts the body as an inert code block.
 */
import { Parser } from 'commonmark';

/** HTML the renderer writes: its three tags, and HTML comments (the group's marker). */
const KEPT_HTML = /<\/?(?:details|summary|sub)>|<!--[^<>]*?-->/g;

/**
 * Text GitHub makes live after CommonMark, read from the decoded text: an @mention (or an email
 * address). Bare URLs and `www.` are matched on the source by GitHub's autolink extension, so the text
 * pass, which breaks `://` and `www.` there, is what covers them.
 */
const LIVE_TEXT: [RegExp, string][] = [[/(?:^|[^\w])@[A-Za-z0-9]/, 'an @mention']];

/** What in `markdown` would render live and is not the renderer's; empty when nothing is. */
export function liveConstructs(markdown: string, runLinkPrefix: string): string[] {
  const found = new Set<string>();
  const walker = new Parser().parse(markdown).walker();
  // Text of one paragraph or heading, joined across the nodes it is split into (`\@` `octocat`).
  let text = '';
  const flush = () => {
    for (const [pattern, what] of LIVE_TEXT) if (pattern.test(text)) found.add(what);
    text = '';
  };
  for (let step = walker.next(); step; step = walker.next()) {
    const { node, entering } = step;
    switch (node.type) {
      case 'link':
        if (entering && !(isRunLink(node.destination ?? '', runLinkPrefix) && linkText(node) === 'Workflow run'))
          found.add(`a link to ${node.destination}`);
        break;
      case 'image':
        if (entering) found.add(`an image from ${node.destination}`);
        break;
      case 'html_block':
      case 'html_inline':
        if ((node.literal ?? '').replace(KEPT_HTML, '').includes('<')) found.add('raw HTML');
        break;
      case 'text':
        text += node.literal ?? '';
        break;
      case 'code':
      case 'code_block':
        // GitHub links nothing in code.
        break;
      default:
        if (node.isContainer && !entering) flush();
        else text += ' ';
    }
  }
  flush();
  return [...found];
}

function linkText(link: { firstChild: { literal: string | null } | null }): string {
  return link.firstChild?.literal ?? '';
}

function isRunLink(href: string, prefix: string): boolean {
  return href.startsWith(prefix) && /^\d+$/.test(href.slice(prefix.length));
}

/** `text` as a fenced code block nothing in it can close: GitHub renders none of it (no link, mention, tag). */
export function inertCodeBlock(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}text\n${text.replace(/\n?$/, '\n')}${fence}\n`;
}
