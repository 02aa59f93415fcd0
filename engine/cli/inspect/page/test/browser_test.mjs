// The inspector's browser tests (docs/inspect.md, "Tests"): a level, a
// recorded query set replayed faithful and corrected, `levelsweep inspect`
// on both, then the page in headless Debian chromium from file://. Checks:
// no request but the page's own files and no console error; the level
// renders (the pixels that change when the level is hidden are its
// silhouette, inside its projected bounds); selecting a query by its index
// shows its contacts (the panel's rows and fractions are the result file's,
// and each contact's mark is on the picture where its point projects); the
// difference view lists exactly the queries `levelsweep diff` reports.
//   node browser_test.mjs --levelsweep BIN --modules NODE_MODULES --level LVL --work DIR [--only NAME]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { launch, open } from './browser.mjs';
import { decodePng } from './png.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((a, v, i, all) => (v.startsWith('--') ? [...a, [v.slice(2), all[i + 1]]] : a), []));
for (const k of ['levelsweep', 'modules', 'level', 'work'])
  if (!args[k]) throw new Error(`--${k} is required`);

let passed = 0, failed = 0;
function check(ok, what) {
  if (ok) { ++passed; console.log(`  ok: ${what}`); } else { ++failed; console.log(`  FAILED: ${what}`); }
}
const run = (...a) => execFileSync(args.levelsweep, a, { encoding: 'utf8', maxBuffer: 1 << 28 });

// The data: a recorded set on the level, both modes, the page.
const work = path.resolve(args.work);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const q = path.join(work, 'queries.lsq'), fa = path.join(work, 'faithful.lsr'), co = path.join(work, 'corrected.lsr');
const pageDir = path.join(work, 'page');
run('record', args.level, q, '--seed', '7', '--count', '3000', '--mix', 'walk=4,jump=1,strike=1,fall=1,overlap=1,ray=1,sweep=2');
run('replay', args.level, q, '--mode', 'faithful', '--path', 'reference', '-o', fa);
run('replay', args.level, q, '--mode', 'corrected', '-o', co);
run('inspect', args.level, q, fa, co, '-o', pageDir);
let diffJson;
try { run('diff', fa, co, '--json', '--limit', '1000000'); diffJson = { examples: [] }; }
catch (e) { if (e.status !== 1) throw e; diffJson = JSON.parse(e.stdout); }
const exported = run('export', fa).trim().split('\n').slice(1).map((l) => JSON.parse(l));
// A query with two or more contacts among the first traced ones.
const chosen = exported.find((r) => r.index < 2000 && r.contacts.length >= 2 && r.kind !== 'sphere_overlap');
if (!chosen) throw new Error('the recorded set has no query with two contacts');

const { browser, close } = await launch(args.modules);
const background = [0x14, 0x18, 0x20];
const isBackground = (px, i) => Math.abs(px[i] - background[0]) + Math.abs(px[i + 1] - background[1]) + Math.abs(px[i + 2] - background[2]) <= 6;

async function canvasPixels(tab) {
  return decodePng(await tab.locator('#view canvas').screenshot());
}

try {
  const { tab, log } = await open(browser, path.join(pageDir, 'index.html'));
  const info = await tab.evaluate(() => ({ loadMs: window.levelsweepInspector.loadAndDrawMs }));
  console.log(`the page loaded in ${info.loadMs.toFixed(0)} ms`);

  console.log('the level renders');
  await tab.evaluate(() => { document.getElementById('legend').style.display = 'none'; });  // it lies over the canvas
  const withLevel = await canvasPixels(tab);
  await tab.evaluate(() => { const v = window.levelsweepInspector.view; v.levelMesh.visible = false; v.render(); });
  const without = await canvasPixels(tab);
  await tab.evaluate(() => { const v = window.levelsweepInspector.view; v.levelMesh.visible = true; v.render(); });
  const bounds = await tab.evaluate(() => {
    const { view, level } = window.levelsweepInspector, pts = [];
    for (let i = 0; i < 8; ++i) pts.push(view.project([i & 1 ? level.hi[0] : level.lo[0], i & 2 ? level.hi[1] : level.lo[1], i & 4 ? level.hi[2] : level.lo[2]]));
    return { x0: Math.min(...pts.map((p) => p.x)), x1: Math.max(...pts.map((p) => p.x)), y0: Math.min(...pts.map((p) => p.y)), y1: Math.max(...pts.map((p) => p.y)) };
  });
  let silhouette = 0, outside = 0, blankOff = 0;
  const { width, height } = withLevel;
  // Two pixels in from each edge: the element's box may start on a fraction of a pixel, and take in its neighbour's border.
  for (let y = 2; y < height - 2; ++y)
    for (let x = 2; x < width - 2; ++x) {
      const i = 4 * (y * width + x);
      if (!isBackground(without.rgba, i)) ++blankOff;
      if (isBackground(withLevel.rgba, i)) continue;
      ++silhouette;
      if (x < bounds.x0 - 2 || x > bounds.x1 + 2 || y < bounds.y0 - 2 || y > bounds.y1 + 2) ++outside;
    }
  const area = width * height, boxArea = (bounds.x1 - bounds.x0) * (bounds.y1 - bounds.y0);
  console.log(`  silhouette ${silhouette} px of ${area}; its projected box ${boxArea.toFixed(0)} px`);
  check(blankOff === 0, 'without the level the canvas is the background alone');
  check(silhouette > 0.05 * area && silhouette > 0.2 * Math.min(boxArea, area), 'with it, the level covers a good part of the picture');
  check(outside === 0, 'every level pixel lies within the level\'s projected bounds');

  console.log(`selecting query ${chosen.index} by its index shows its ${chosen.contacts.length} contacts`);
  await tab.fill('#goto', String(chosen.index));
  await tab.press('#goto', 'Enter');
  await tab.waitForSelector('#details table.contacts');
  const rows = await tab.$$eval('#details table.contacts.a tr.contact', (trs) => trs.map((t) => Number(t.dataset.fraction)));
  check(rows.length === chosen.contacts.length, `the panel lists ${rows.length} contacts`);
  check(rows.every((f, i) => f === Math.fround(chosen.contacts[i].fraction)), 'their fractions are the result file\'s');
  const walkRows = await tab.$$eval('#details table.walk tr.cell', (trs) => trs.length);
  check(walkRows === chosen.stats.cells, `its walk lists the ${chosen.stats.cells} cells it visited`);
  const picture = await canvasPixels(tab);
  const marks = await tab.evaluate((pts) => pts.map((p) => window.levelsweepInspector.view.project(p)), chosen.contacts.map((c) => c.point));
  const contactColour = (i) => picture.rgba[i] > 200 && picture.rgba[i + 1] < 60 && picture.rgba[i + 2] > 200;
  let seen = 0;
  for (const m of marks) {
    let found = false;
    for (let dy = -4; dy <= 4 && !found; ++dy)
      for (let dx = -4; dx <= 4 && !found; ++dx) {
        const x = Math.round(m.x) + dx, y = Math.round(m.y) + dy;
        if (x >= 0 && y >= 0 && x < picture.width && y < picture.height && contactColour(4 * (y * picture.width + x))) found = true;
      }
    if (found) ++seen;
  }
  check(seen === marks.length, `each contact's mark is drawn where its point projects (${seen} of ${marks.length})`);

  console.log('the difference view lists exactly the queries levelsweep diff reports');
  await tab.click('#tabs [data-view=diff]');
  for (let more; (more = await tab.$('#list .more'));) await more.click();
  const listed = await tab.$$eval('#list .row.diff', (rs) => rs.map((r) => Number(r.dataset.position)));
  const expected = diffJson.examples.map((e) => e.position);
  console.log(`  levelsweep diff: ${diffJson.differing} differing; the page lists ${listed.length}`);
  check(diffJson.differing > 0, 'faithful and corrected differ on this set');
  check(listed.length === expected.length && listed.every((p, i) => p === expected[i]), 'the same queries, in the same order');
  check(diffJson.differing === expected.length, 'every differing query is listed');

  const foreign = log.requests.filter((u) => !u.startsWith('file://' + pageDir + '/'));
  check(foreign.length === 0, `no request but the page's own files (${log.requests.length} requests${foreign.length ? '; ' + foreign.join(' ') : ''})`);
  const errors = log.console.filter((m) => m.type === 'error').map((m) => m.text).concat(log.errors);
  check(errors.length === 0, `no console error${errors.length ? ': ' + errors.join(' | ') : ''}`);
} finally {
  await close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
