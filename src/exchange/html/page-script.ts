// The one-file page's script: tree tabs, the three views, find, and a sentence of the
// read-through showing its items. Plain DOM code, no eval; it reads the page's own JSON index.
// Allowed by its hash in the page's Content-Security-Policy and by nothing else.
export const PAGE_SCRIPT = `
(function () {
  var doc = document;
  doc.documentElement.classList.add('js');
  var trees = Array.prototype.slice.call(doc.querySelectorAll('section.tree'));
  var tabs = Array.prototype.slice.call(doc.querySelectorAll('[data-tab]'));
  var viewButtons = Array.prototype.slice.call(doc.querySelectorAll('[data-view-button]'));
  var index = JSON.parse(doc.getElementById('cw-index').textContent || '[]');
  var state = { tree: trees.length ? trees[0].getAttribute('data-tree') : null, view: 'full' };
  var wanted = (location.hash || '').replace('#tree-', '');
  if (trees.some(function (s) { return s.getAttribute('data-tree') === wanted; })) state.tree = wanted;

  function show() {
    trees.forEach(function (s) { s.hidden = s.getAttribute('data-tree') !== state.tree; });
    tabs.forEach(function (t) {
      var on = t.getAttribute('data-tab') === state.tree;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
    });
    doc.querySelectorAll('.view').forEach(function (v) { v.hidden = v.getAttribute('data-view') !== state.view; });
    viewButtons.forEach(function (b) { b.setAttribute('aria-pressed', String(b.getAttribute('data-view-button') === state.view)); });
  }
  tabs.forEach(function (tab, i) {
    tab.addEventListener('click', function () { state.tree = tab.getAttribute('data-tab'); show(); });
    tab.addEventListener('keydown', function (e) {
      if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
      var next = tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
      next.focus();
      next.click();
    });
  });
  viewButtons.forEach(function (b) {
    b.addEventListener('click', function () { state.view = b.getAttribute('data-view-button'); show(); });
  });

  function cards(id) {
    return Array.prototype.slice.call(doc.querySelectorAll('g.card')).filter(function (g) { return g.getAttribute('data-node-id') === id; });
  }
  function clear(name) {
    doc.querySelectorAll('.' + name).forEach(function (el) { el.classList.remove(name); });
  }

  var input = doc.getElementById('cw-find');
  var count = doc.getElementById('cw-find-count');
  var matches = [];
  var at = -1;
  function find() {
    clear('cw-hit');
    clear('cw-current');
    var q = input.value.trim().toLowerCase();
    matches = q ? index.filter(function (n) { return n.text.toLowerCase().indexOf(q) >= 0 || n.id.toLowerCase() === q; }) : [];
    at = -1;
    matches.forEach(function (m) { cards(m.id).forEach(function (g) { g.classList.add('cw-hit'); }); });
    count.value = q ? (matches.length === 1 ? '1 match' : matches.length + ' matches') : '';
  }
  function go(step) {
    if (!matches.length) return;
    at = (at + step + matches.length) % matches.length;
    var m = matches[at];
    state.tree = m.tree;
    show();
    clear('cw-current');
    var visible = cards(m.id).filter(function (g) { return g.closest('.view') && !g.closest('.view').hidden; });
    visible.forEach(function (g) { g.classList.add('cw-current'); });
    if (visible[0]) visible[0].scrollIntoView({ block: 'center', inline: 'center' });
    count.value = (at + 1) + ' of ' + matches.length + (visible.length ? '' : ' (not in this view)');
  }
  input.addEventListener('input', find);
  input.addEventListener('keydown', function (e) {
    if (e.key === 'Enter') { e.preventDefault(); go(e.shiftKey ? -1 : 1); }
    if (e.key === 'Escape') { input.value = ''; find(); }
  });
  doc.getElementById('cw-find-next').addEventListener('click', function () { go(1); });
  doc.getElementById('cw-find-previous').addEventListener('click', function () { go(-1); });

  doc.querySelectorAll('.read-through li[data-nodes]').forEach(function (li) {
    function pick() {
      var already = li.classList.contains('picked');
      clear('picked');
      clear('cw-picked');
      if (already) return;
      li.classList.add('picked');
      li.getAttribute('data-nodes').split(' ').forEach(function (id) { cards(id).forEach(function (g) { g.classList.add('cw-picked'); }); });
    }
    li.addEventListener('click', pick);
    li.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); pick(); } });
  });
  show();
})();
`;
