// The numbers panel: the selected query, its contacts, its walk (cells in
// order, the reads past a list's end, the kernel calls) and the candidates
// the kernel rejected; in the difference view both answers side by side.
import { branchNames, kindNames, statusNames } from './model.js';
import { escapeHtml } from './list.js';

const f = (x) => (Number.isInteger(x) ? String(x) : Number(x).toPrecision(9).replace(/\.?0+(e|$)/, '$1'));
const v3 = (v) => `(${v.map(f).join(', ')})`;
const hex = (x) => '0x' + (x >>> 0).toString(16);

function queryTable(app, q) {
  if (!q) return '<p class="muted">The query itself is not in the page (no query file given).</p>';
  const rows = [['kind', kindNames[q.kind]], ['start', v3(q.start)], ['move', v3(q.move)]];
  if (q.kind <= 1 || q.kind === 3) rows.push(['radius', f(q.radius)]);
  if (q.kind === 1) rows.push(['sphere height', f(q.sphereHeight)], ['step height', f(q.stepHeight)]);
  if (q.kind === 2) rows.push(['axes', q.axes.map(v3).join(' ')], ['half', v3(q.half)]);
  rows.push(['options', hex(q.options)], ['body flags', hex(q.bodyFlags)], ['max contacts', q.maxContacts],
            ['collect', q.collect ? 'closest' : 'all'],
            ['cells of its box', `(${q.cellsLo.join(', ')}) to (${q.cellsHi.join(', ')})`]);
  return `<table>${rows.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('')}</table>`;
}

// The branch the kernel took for a triangle, from the walk.
function branchOf(walk, tri) {
  if (!walk) return '';
  const k = walk.kernel.find((c) => c.tri === tri);
  return k ? branchNames[k.branch] : '';
}

function resultTable(r, walk, cls) {
  if (!r) return '<p class="muted">No record for this query.</p>';
  let html = `<table><tr><th>status</th><td>${statusNames[r.status]}</td></tr><tr><th>contacts</th><td>${r.count} (found ${r.found}${r.overflow ? ', <span class="bad">overflow</span>' : ''})</td></tr>` +
    `<tr><th>work</th><td>${r.stats.cells} cells, ${r.stats.entries} entries (${r.stats.extra} past a list), ${r.stats.kernelCalls} kernel calls</td></tr></table>`;
  if (r.contacts.length) {
    html += `<table class="contacts ${cls}"><tr><th>#</th><th>fraction</th><th>depth</th><th>branch</th><th>triangle</th><th>flags</th><th>tri flags</th></tr>` +
      r.contacts.map((c, i) => `<tr class="contact" data-fraction="${c.fraction}" data-triangle="${c.triangle}"><td>${i}</td><td>${f(c.fraction)}</td><td>${f(c.depth)}</td><td>${branchOf(walk, c.triangle)}</td>` +
        `<td>${c.triangle}</td><td>${hex(c.flags)}</td><td>${hex(c.triangleFlags)}</td></tr>` +
        `<tr><td></td><td colspan="6" class="muted">normal ${v3(c.normal)}<br>point ${v3(c.point)}${c.insideMask >= 0 ? '<br>inside mask ' + c.insideMask : ''}; material ${c.material}</td></tr>`).join('') +
      '</table>';
  }
  return html;
}

// What a word read past a list's end is: the next cells' count words and entries.
function wordText(level, pos) {
  const o = level.wordOwner(pos);
  if (o.past) return 'past the word array: no triangle';
  const c = level.cellCoords(o.cell).join(', ');
  return o.count ? `count word of cell (${c})` : `entry ${o.entry} of cell (${c})`;
}

// What a rejected kernel call computed (QueryObserver::on_kernel_done): a
// fraction outside the move, a depth, or nothing (the box kernel's 1e28 means none).
function kernelValueText(v) {
  if (Number.isNaN(v)) return 'none';
  if (v >= 1e27) return 'none (1e28)';
  return `${Number(v.toPrecision(7))}${v > 1 ? ' (past the move)' : v < 0 ? ' (behind the start)' : ''}`;
}

function walkTable(app, walk, title) {
  if (!walk) return `<h3>${title}</h3><p class="muted">Not traced: the page holds the walks of the first queries and of every differing one (run levelsweep inspect with --trace INDEX for another).</p>`;
  const L = app.level;
  const rejected = walk.kernel.filter((k) => !k.contact);
  let html = `<h3>${title}: ${walk.cells.length} cells, ${walk.kernel.length} kernel calls, <span class="extra">${walk.extraReads} reads past a list's end</span>${walk.truncated ? ' <span class="warn">(recorded up to the cap)</span>' : ''}</h3>`;
  html += `<table class="walk"><tr><th>#</th><th>cell</th><th>listed</th><th>read</th><th>kernel calls</th></tr>`;
  walk.cells.forEach((c, i) => {
    const extra = c.entries.filter((e) => e.extra);
    const calls = c.kernel.map((k) => `<span class="${k.extra ? 'extra' : ''}">${k.tri}:${branchNames[k.branch]}${k.contact ? '✓' : '✗'}</span>`).join(' ');
    html += `<tr class="cell${extra.length ? ' has-extra' : ''}"><td>${i}</td><td>(${c.coords.join(', ')})</td><td>${c.count}</td><td>${c.entries.length}</td><td>${calls}</td></tr>`;
    if (extra.length)
      html += `<tr><td></td><td colspan="4" class="extra">${extra.map((e) => `word ${e.pos} = ${e.tri >>> 0} (${wordText(L, e.pos)})${e.call ? ' → kernel' : ''}`).join('<br>')}</td></tr>`;
  });
  html += '</table>';
  html += `<h3>Candidates the kernel rejected (${rejected.length})</h3>`;
  html += rejected.length ? `<table class="rejected"><tr><th>triangle</th><th>flags</th><th>branch</th><th>fraction or depth</th><th>cell</th><th>read past a list</th></tr>` +
    rejected.map((k) => `<tr><td>${k.tri}</td><td>0x${L.flags[k.tri].toString(16)}</td><td>${branchNames[k.branch]}</td><td class="value">${kernelValueText(k.value)}</td><td>(${walk.cells[k.visit].coords.join(', ')})</td><td>${k.extra ? 'yes' : ''}</td></tr>`).join('') + '</table>' : '<p class="muted">none</p>';
  return html;
}

export function details(app, sel) {
  const side = app.sides[0].info;
  return `<h2>Query ${sel.index}</h2>${queryTable(app, sel.q)}<h2>Answer (${side.mode}${side.file ? ', ' + escapeHtml(side.file) : ''})</h2>` +
    resultTable(sel.results[0], sel.walks[0], 'a') + walkTable(app, sel.walks[0], 'Walk');
}

export function diffDetails(app, sel) {
  const d = app.diff, r = sel.results[0], at = r ? Array.from(d.position).indexOf(r.record) : -1;
  let html = `<h2>Query ${sel.index}</h2>`;
  if (at >= 0) html += `<p>${escapeHtml(d.descriptions[at])}<br><i>${escapeHtml(d.explain[at])}</i></p>`;
  html += queryTable(app, sel.q);
  app.sides.forEach((s, k) => {
    html += `<h2 class="${'ab'[k]}">${'AB'[k]}: ${s.info.mode} (${escapeHtml(s.info.file || 'run here')})</h2>` +
      resultTable(sel.results[k], sel.walks[k], 'ab'[k]) + walkTable(app, sel.walks[k], `${'AB'[k]}'s walk`);
  });
  return html;
}
