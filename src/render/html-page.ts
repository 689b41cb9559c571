// A diagram as a standalone web page: the SVG inline, no script, nothing fetched (the content
// security policy forbids it), readable offline and in a file preview.
import { escapeXml } from './xml';

export function htmlPage(svg: string, title: string): string {
  const inline = svg.replace(/^\s*<\?xml[^>]*\?>\s*/, '').trim();
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeXml(title)}</title>`,
    '<style>html{background:#f1f5f9}body{margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#0f172a}main{width:max-content;max-width:100%;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:8px;overflow:auto}main>svg{display:block}</style>',
    '</head>',
    '<body>',
    '<main>',
    inline,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
