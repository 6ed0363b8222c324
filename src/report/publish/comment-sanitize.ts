/**
 * A comment body from a comment file, made safe to post with a write token. The file comes out of a run of
 * a fork's code, so its body is whatever that code wrote; what the tool's renderer writes is known, and
 * everything else is neutralised: raw HTML other than `<details>`, `<summary>` and `<sub>`, links other
 * than the one to the workflow run, images, bare URLs, @mentions, issue references and unknown entities.
 * The renderer's own output passes unchanged (tested), so a genuine file posts as it was written.
 * What the text pass leaves is then parsed as Markdown (markdown-allowlist.ts): if anything there would
 * still render live, the body goes out as an inert code block.
 */
import { inertCodeBlock, liveConstructs } from './markdown-allowlist.js';

/** What the renderer writes and may stay: its three HTML tags, its entities, a mention it already broke. */
const KEPT = [
  String.raw`<\/?(?:details|summary|sub)>|&(?:amp|lt|gt|quot|#39|#8203|#47|#46);|@&#8203;`,
  // The loss chart's colours (mermaid.ts), whose `#` is not an issue reference.
  String.raw`^%%\{init: \{"themeVariables": \{"xyChart": \{"plotColorPalette": "#[0-9a-f]{6}(?:, #[0-9a-f]{6})*"\}\}\}\}%%$`,
].join('|');
/**
 * What can form markup, a link, an image, a mention or a reference; each is replaced by its text. A `]`
 * that opens a link target, a reference or a definition counts as escaped only after an odd number of
 * backslashes: `\\]` is an escaped backslash and then a live bracket, which CommonMark links.
 */
const HOSTILE = String.raw`[&<@]|!\[|(?<!\\)(?:\\\\)*\](?=[(:[])|:\/\/|\bwww\.|(?<![\\&])#(?=\d)`;

export interface CommentAllowance {
  /** The group's hidden marker, allowed once at the very start. */
  marker: string;
  /** `<server>/<owner>/<repo>/actions/runs/`: the one link the renderer writes is to a run under it. */
  runLinkPrefix: string;
}

export interface SanitizedBody {
  body: string;
  /** Whether anything had to be neutralised (the file was not the renderer's output as written). */
  changed: boolean;
  /** What the text pass left live, when the Markdown check found any: the body is then a code block. */
  live?: string[];
}

export function sanitizeCommentBody(body: string, allow: CommentAllowance): SanitizedBody {
  const runLink = String.raw`\[Workflow run\]\(${escapeRegExp(allow.runLinkPrefix)}\d+\)`;
  const tokens = new RegExp(`(${KEPT}|${runLink})|${HOSTILE}`, 'gim');
  const marked = body.startsWith(allow.marker);
  const rest = marked ? body.slice(allow.marker.length) : body;
  const text = rest.replace(tokens, (m, kept) => (kept ? m : asText(m)));
  let sanitized = (marked ? allow.marker : '') + text;
  const live = liveConstructs(sanitized, allow.runLinkPrefix);
  if (live.length) sanitized = `${marked ? `${allow.marker}\n` : ''}${inertCodeBlock(rest)}`;
  return { body: sanitized, changed: sanitized !== body, ...(live.length ? { live } : {}) };
}

/** The text of a construct that must not form, as the renderer's escaping writes it. */
function asText(m: string): string {
  switch (m) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '@':
      return '@&#8203;';
    case '![':
      return '!\\[';
    case '://':
      return ':&#47;&#47;';
    case '#':
      return '\\#';
    default:
      // A bracket after its even run of backslashes (kept, as written), escaped; else `www.`.
      return m.endsWith(']') ? `${m.slice(0, -1)}\\]` : `${m.slice(0, 3)}&#46;`;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
