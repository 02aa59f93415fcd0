// levelsweep inspect: the page (docs/inspect.md). Loads the manifest and the
// buffers, builds the 3D view and the panels, and answers the address's
// #q=INDEX, #view=diff|world, #diff=POSITION, #world=N and #column=IX,IY.
import { loadBuffer, loadManifest } from './data.js';
import { Level, Queries, Side } from './model.js';
import { View3D, colours } from './view3d.js';
import { contactMarks, queryScale, queryShapes, walkCells, walkTriangles } from './overlays.js';
import { QueryList } from './list.js';
import { details, diffDetails } from './details.js';
import { World } from './world.js';

const $ = (id) => document.getElementById(id);
const app = { ready: false, error: null };
window.levelsweepInspector = app;

async function boot() {
  const t0 = performance.now();
  const manifest = await loadManifest();
  const level = new Level(await loadBuffer('level'));
  const queries = manifest.queries ? new Queries(await loadBuffer('queries')) : null;
  const sides = [];
  for (const info of manifest.sides) sides.push(new Side(info, await loadBuffer(info.buffer)));
  const diff = manifest.diff ? { ...manifest.diff, ...(await loadBuffer('diff')) } : null;
  const cost = manifest.queries ? await loadBuffer('cost') : null;
  const cellCost = new Map();
  if (cost) for (let i = 0; i < cost.cell.length; ++i) cellCost.set(cost.cell[i], cost.cost[i]);
  app.loadMs = performance.now() - t0;

  const view = new View3D($('view'), level);
  app.loadAndDrawMs = performance.now() - t0;
  Object.assign(app, { manifest, level, queries, sides, diff, view, cellCost, select, selectDiff, selectWorld, setView });
  const m = manifest;
  $('info').textContent = `${m.level.file}: ${level.triangleCount.toLocaleString()} triangles, grid ${m.level.grid.join('×')}` +
    (queries ? `; ${queries.count.toLocaleString()} queries` : '') +
    `; ${sides.map((s, k) => `${'AB'[k]} ${s.info.mode}${s.info.file ? ' (' + s.info.file + ')' : ' (run here)'}`).join(', ')}`;

  const traced = sides.map((s, k) => `${'AB'[k]} ${s.info.traced.toLocaleString()}`).join(', ');
  $('details').innerHTML += `<p class="muted">Walks traced: ${traced} (the first queries, every differing one and those given with --trace).</p>` +
    m.notes.map((n) => `<p class="warn">${n.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c])}</p>`).join('');
  const list = new QueryList($('filters'), $('list'), $('count'), app);
  app.list = list;
  const world = m.world ? new World(m.world, app) : null;
  app.worldView = world;
  for (const b of document.querySelectorAll('#tabs button')) b.onclick = () => setView(b.dataset.view);
  if (!diff) document.querySelector('#tabs [data-view=diff]').disabled = true;
  if (!world) document.querySelector('#tabs [data-view=world]').disabled = true;
  $('colour').onchange = () => colourBy($('colour').value);
  if (!cost) $('colour').querySelector('[value=cost]').disabled = true;
  $('cells').onchange = () => showCells();
  $('orbit').onclick = () => { view.setFly(false); $('orbit').classList.add('on'); $('fly').classList.remove('on'); };
  $('fly').onclick = () => { view.setFly(true); $('fly').classList.add('on'); $('orbit').classList.remove('on'); };
  $('home').onclick = () => view.home();
  $('seethrough').onchange = () => view.setSeeThrough($('seethrough').checked);
  $('goto').onkeydown = (e) => { if (e.key === 'Enter') select(Number($('goto').value)); };
  window.addEventListener('hashchange', route);
  legend();
  app.mode = 'queries';
  await route();
  app.ready = true;
}

let selection = null;  // {index, walks: [walk per side], results}

function colourBy(how) {
  if (how === 'cost') app.costScale = app.view.colourByCost(app.cellCost);
  else app.view.colourByFlags();
  legend();
}

function showCells() {
  const how = $('cells').value, L = app.level, list = [];
  if (how === 'occupied') {
    for (let c = 0; c < L.cellCount && list.length < 50000; ++c) if (L.listCount(c)) list.push({ cell: c, colour: colours.cells });
  } else if (how === 'cost') {
    let hi = 0;
    for (const v of app.cellCost.values()) hi = Math.max(hi, v);
    for (const [c, v] of app.cellCost) list.push({ cell: c, colour: costColour(v / hi) });
  } else if (how === 'walk' && selection) {
    // drawn with the overlays
  }
  if (app.column) {
    const [x0, y0, x1, y1] = app.column;
    for (let ix = x0; ix <= x1; ++ix)
      for (let iy = y0; iy <= y1; ++iy)
        for (let iz = 0; iz < L.nz; ++iz) list.push({ cell: L.cellIndex(ix, iy, iz), colour: 0xffffff });
  }
  app.view.setCells(list);
  if (selection) drawSelection();
}

function costColour(t) {
  const v = Math.sqrt(Math.max(0, Math.min(1, t)));
  return (Math.round(68 + v * 185) << 16) | (Math.round(1 + v * 230) << 8) | Math.round(84 - v * 47);
}

function legend() {
  const key = (c, text) => `<span style="background:${typeof c === 'number' ? '#' + c.toString(16).padStart(6, '0') : `rgb(${c.map((x) => Math.round(x * 255)).join(',')})`}"></span>${text}`;
  let html = $('colour').value === 'cost'
    ? `cost (entries + kernel calls of the busiest cell listing the triangle${app.costScale && app.costScale.log ? ', log' : ''}): ` +
      key([0.27, 0.0, 0.33], 'least') + key([0.99, 0.9, 0.15], 'most') + key([0.3, 0.3, 0.32], 'none')
    : key(colours.enabled, 'enabled') + key(colours.twoSided, 'two-sided') + key(colours.special, 'special (0x8)') + key(colours.disabled, 'disabled');
  html += '<br>' + key(colours.a, 'A') + (app.sides && app.sides.length > 1 ? key(colours.b, 'B') : '') +
    key(colours.contactA, 'contact') + key(colours.reached, 'kernel: kept') + key(colours.rejected, 'kernel: rejected') +
    key(colours.extra, 'counter bug: read past a list');
  $('legend').innerHTML = html;
}

function setView(mode) {
  app.mode = mode;
  for (const b of document.querySelectorAll('#tabs button')) b.classList.toggle('on', b.dataset.view === mode);
  if (mode === 'world') app.worldView.showList();
  else app.list.show(mode);
}

// Selects query `index` (its position in the query file): both sides' answers and walks.
async function select(index, { frame = true } = {}) {
  if (!Number.isInteger(index) || index < 0) return;
  const results = app.sides.map((s) => { const r = s.byIndex.get(index); return r === undefined ? null : s.record(r); });
  const q = app.queries && index < app.queries.count ? app.queries.query(index) : null;
  if (!q && results.every((r) => !r)) {
    $('details').innerHTML = `<p class="bad">No query ${index}.</p>`;
    return;
  }
  const walks = await Promise.all(app.sides.map((s) => (q ? s.walk(index, app.level) : null)));
  selection = { index, q, results, walks };
  app.selection = selection;
  app.list.mark(index);
  drawSelection();
  if (frame) frameSelection();
  $('details').innerHTML = app.mode === 'diff' ? diffDetails(app, selection) : details(app, selection);
  if (location.hash !== `#q=${index}` && app.mode !== 'diff') history.replaceState(null, '', `#q=${index}`);
}

async function selectDiff(position) {
  const r = app.sides[0].record(position);
  await select(r.index);
  history.replaceState(null, '', `#diff=${position}`);
}

function selectWorld(k) {
  selection = null;
  app.view.clearOverlays();
  app.worldView.select(k);
}

function drawSelection() {
  const v = app.view, L = app.level, scale = queryScale(selection && selection.q, L.size);
  v.clearOverlays();
  if (!selection) return;
  const sideColours = [[colours.a, colours.contactA], [colours.b, colours.contactB]];
  const showB = app.mode === 'diff';
  selection.results.forEach((r, k) => {
    if (k > 0 && !showB) return;
    const [shape, contact] = sideColours[k];
    if (selection.q) v.add(queryShapes(selection.q, r, shape));
    if (r) v.add(contactMarks(r, contact, scale));
    const w = selection.walks[k];
    if (w) {
      if ($('cells').value === 'walk') v.add(walkCells(L, w, shape));
      if (k === 0 || showB) v.add(walkTriangles(L, w));
    }
  });
  v.render();
}

// Frames the query's box (or its contacts).
function frameSelection() {
  const q = selection.q, pts = [];
  if (q) {
    pts.push(q.start, [q.start[0] + q.move[0], q.start[1] + q.move[1], q.start[2] + q.move[2]]);
    const r = Math.max(q.radius, ...q.half, 0.5) + (q.kind === 1 ? q.sphereHeight : 0);
    pts.push(pts[0].map((x) => x - r), pts[1].map((x) => x + r));
  }
  for (const r of selection.results) if (r) for (const c of r.contacts) pts.push(c.point);
  // and the cells its walk visited (the capped walk of a long sweep could be the whole level: its box alone then).
  const w = selection.walks[0];
  if (w && w.cells.length <= 64) for (const c of w.cells) pts.push(...app.level.cellBox(c.cell));
  if (!pts.length) return;
  const lo = [0, 1, 2].map((k) => Math.min(...pts.map((p) => p[k])));
  const hi = [0, 1, 2].map((k) => Math.max(...pts.map((p) => p[k])));
  app.view.frame(lo, hi);
}

async function route() {
  const h = location.hash.slice(1), [key, value] = h.split('=');
  if (key === 'view') setView(value);
  else if (key === 'q') { if (app.mode !== 'queries') setView('queries'); await select(Number(value)); }
  else if (key === 'diff') { setView('diff'); if (value !== undefined) await selectDiff(Number(value)); }
  else if (key === 'world' && app.worldView) { setView('world'); if (value !== undefined) selectWorld(Number(value)); }
  else if (key === 'column') {
    // From the profile's heat map: one column (x, y), or a block x0,y0,x1,y1.
    const v = value.split(',').map(Number), L = app.level;
    const range = [v[0], v[1], v.length > 2 ? v[2] : v[0], v.length > 2 ? v[3] : v[1]];
    range[0] = Math.min(range[0], L.nx - 1); range[2] = Math.min(range[2], L.nx - 1);
    range[1] = Math.min(range[1], L.ny - 1); range[3] = Math.min(range[3], L.ny - 1);
    app.column = range;
    setView('queries');
    app.list.setColumns(range);
    showCells();
    const lo = L.cellBox(L.cellIndex(range[0], range[1], 0))[0], hi = L.cellBox(L.cellIndex(range[2], range[3], L.nz - 1))[1];
    app.view.frame(lo, hi);
  } else setView('queries');
}

app.colourBy = colourBy;
app.showCells = showCells;
boot().catch((e) => {
  app.error = String(e && e.stack || e);
  document.getElementById('info').textContent = 'error: ' + e.message;
  console.error(e);
});
