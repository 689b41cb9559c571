// The one-file page's style sheet (its hash is in the page's Content-Security-Policy).
export const PAGE_STYLE = `
:root{color-scheme:light dark;--bg:#f1f5f9;--panel:#ffffff;--ink:#0f172a;--muted:#475569;--line:#cbd5e1;--accent:#1d4ed8;--hit:#f59e0b}
@media (prefers-color-scheme:dark){:root{--bg:#0b1220;--panel:#111a2e;--ink:#e2e8f0;--muted:#a3b3c8;--line:#334155;--accent:#93c5fd}}
*{box-sizing:border-box}
html{background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
body{margin:0}
header{position:sticky;top:0;z-index:2;background:var(--panel);border-bottom:1px solid var(--line);padding:12px 20px;display:flex;flex-wrap:wrap;gap:10px 24px;align-items:center}
header h1{font-size:1.25rem;margin:0}
header .meta{color:var(--muted);font-size:.875rem;margin:0;flex-basis:100%}
.controls{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;flex:1 1 100%;min-width:0}
button{font:inherit;color:var(--ink);background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:4px 10px;cursor:pointer}
button[aria-pressed="true"],button[aria-selected="true"]{background:var(--accent);border-color:var(--accent);color:var(--panel)}
button:focus-visible,input:focus-visible,li:focus-visible,.view:focus-visible{outline:3px solid var(--hit);outline-offset:2px}
.tabs,.views{display:flex;flex-wrap:wrap;gap:4px;min-width:0;max-width:100%}
.find{display:flex;gap:6px;align-items:center}
.find input{font:inherit;padding:4px 8px;border:1px solid var(--line);border-radius:6px;background:var(--panel);color:var(--ink);width:14rem;max-width:60vw}
.find output{color:var(--muted);font-size:.875rem;min-width:7rem}
main{padding:16px 20px 40px;max-width:1600px;margin:0 auto}
section.tree{margin:0 0 32px}
section.tree>h2{font-size:1.125rem;margin:8px 0}
.view{background:#ffffff;border:1px solid var(--line);border-radius:8px;overflow:auto;max-height:80vh}
.view>svg{display:block}
.view .empty{padding:24px;color:#475569;margin:0}
.read-through{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:8px 20px 12px;margin-top:12px}
.read-through h3{font-size:1rem;margin:8px 0}
.read-through ol{margin:0;padding-left:1.5rem}
.read-through li{margin:6px 0;padding:4px 6px;border-radius:6px;cursor:pointer}
.read-through li.picked{background:color-mix(in srgb,var(--hit) 25%,transparent)}
.read-through .notes{list-style:none;margin:2px 0 0;padding:0;color:var(--muted);font-size:.9rem}
.status{font-size:.8rem;font-weight:700;letter-spacing:.02em}
.status.accepted{color:#15803d}.status.proposed{color:#2563eb}.status.disputed{color:#be185d}
@media (prefers-color-scheme:dark){.status.accepted{color:#86efac}.status.proposed{color:#93c5fd}.status.disputed{color:#f9a8d4}}
.legend-text{color:var(--muted);font-size:.9rem;max-width:70rem}
.js section.tree[hidden],.js .view[hidden]{display:none}
g.card.cw-hit>rect:first-of-type{stroke:var(--hit);stroke-width:5px}
g.card.cw-current>rect:first-of-type{stroke:#dc2626;stroke-width:6px}
g.card.cw-picked>rect:first-of-type{stroke:var(--hit);stroke-width:5px}
@media (max-width:700px){header{position:static;padding:10px 12px}main{padding:12px 12px 32px}.find{flex-wrap:wrap}.find input{width:11rem}}
@media print{header{position:static}.js section.tree[hidden],.js .view[hidden]{display:block}.controls{display:none}.view{max-height:none}}
`;
