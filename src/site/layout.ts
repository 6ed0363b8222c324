/**
 * The page around the content: inline styles only (no script, no font, no URL), so a page works from
 * file:// and from any folder of a web server. Colours are not the only cue: every mark has words.
 */
import { htmlText } from '../report/render/escape.js';

const CSS = `
:root { --run: #0969da; --pr: #bf8700; --q: #cf222e; --fg: #1f2328; --muted: #57606a; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); margin: 1.5rem auto; max-width: 1100px; padding: 0 1rem; }
h1 { font-size: 1.4rem; margin: 0 0 .3rem; } h2 { font-size: 1.15rem; margin: 1.6rem 0 .4rem; }
a { color: #0550ae; } a:focus, summary:focus { outline: 3px solid #fb8f44; outline-offset: 2px; }
.meta, figcaption, .note { color: var(--muted); } code { font-size: 90%; }
table { border-collapse: collapse; margin: .4rem 0; } th, td { border-bottom: 1px solid #d0d7de; padding: .25rem .5rem; text-align: left; vertical-align: top; }
.rows { content-visibility: auto; contain-intrinsic-size: auto 3600px; } table.experiments { table-layout: fixed; width: 100%; } table.experiments td { overflow-wrap: anywhere; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.verdict-regression { color: #cf222e; font-weight: 600; } .verdict-warning { color: #9a6700; } .verdict-pass { color: #1a7f37; }
.spark { font-family: ui-monospace, monospace; letter-spacing: -1px; color: var(--run); }
figure { margin: 1rem 0; } svg.chart { width: 100%; max-width: 720px; height: auto; display: block; }
svg text { font: 11px system-ui, sans-serif; fill: var(--muted); } svg .chart-title { font-weight: 600; fill: var(--fg); font-size: 12px; }
svg .grid { stroke: #eaeef2; } svg .frame { fill: none; stroke: #d0d7de; }
svg .line { fill: none; stroke-width: 1.5; } svg .line.run { stroke: var(--run); }
svg .line.centre, svg .rule.centre { stroke: var(--muted); stroke-dasharray: 5 4; stroke-width: 1.2; fill: none; }
svg .band.baseline { fill: #8c959f; fill-opacity: .25; } svg .band.spread { fill: #0969da; fill-opacity: .12; }
svg .mark { stroke: #fff; stroke-width: 1; } svg .mark.run { fill: var(--run); } svg .mark.pr { fill: var(--pr); }
svg .mark.quarantined { fill: #fff; stroke: var(--q); stroke-width: 1.5; } svg .mark:hover { stroke: var(--fg); stroke-width: 2; }
svg .xrule { stroke-width: 1.5; } svg .xrule.baseline { stroke: #8250df; } svg .xrule.change { stroke: #bc4c00; stroke-dasharray: 3 3; }
svg .xrule.environment { stroke-width: 3; } svg .span.culprit { fill: #cf222e; fill-opacity: .12; }
svg line.rule { stroke-width: 1.2; } svg .legend line { stroke-width: 2; }
.key .k { font-weight: 700; } .k.run { color: var(--run); } .k.pr { color: var(--pr); } .k.quarantined { color: var(--q); }
.k.change { color: #bc4c00; } .k.environment { color: #bc4c00; } .k.baseline { color: #8250df; } .k.culprit { color: #f4b8bb; }
details { margin: .3rem 0 1rem; } summary { cursor: pointer; }
`;

export function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${htmlText(title)}</title>
<style>${CSS}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
