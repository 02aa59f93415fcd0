// The inspector's browser tests (docs/inspect.md, "Tests"): a level, a
// recorded query set replayed faithful and corrected, `levelsweep inspect`
// on both, then the page in headless Debian chromium from file://. Checks:
// no request but the page's own files and no console error; the level
// renders (the pixels that change when the level is hidden are its
// silhouette, inside its projected bounds); selecting a query by its index
// shows its contacts (the panel's rows and fractions are the result file's,
// and each contact's mark is on the picture where its point projects); the
// difference view lists exactly the queries `levelsweep diff` reports.
// Four groups, one ctest entry each (--group): page (the above, on the
// bundled level), real_level (the same on the real level dm6ish of
// ../shared/data, imported, with a recorded gameplay set), world (a scene's
// bodies and strikes at each world query) and profile (the heat map's columns
// open the inspector at their cells).
// What a group needs and does not find ends it with exit code 77, which ctest
// reports as skipped, and the reason on a line of its own ("skipped: ..."):
// chromium (unless LEVELSWEEP_REQUIRE_BROWSER is set, as in CI) and, for
// real_level, ../shared/data (unless LEVELSWEEP_REQUIRE_SHARED_DATA is set).
//   node browser_test.mjs --group page|real_level|world|profile --levelsweep BIN --modules NODE_MODULES
//                         [--chromium PATH] --level LVL --shared-levels DIR --work DIR
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath, ensureChromium, launch, open } from './browser.mjs';
import { decodePng } from './png.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((a, v, i, all) => (v.startsWith('--') ? [...a, [v.slice(2), all[i + 1]]] : a), []));
for (const k of ['group', 'levelsweep', 'modules', 'level', 'work', ...(args.group === 'real_level' ? ['shared-levels'] : [])])
  if (!args[k]) throw new Error(`--${k} is required`);

// Ends the test as skipped (exit 77) for `reason`, or as failed where the
// environment variable `required` says it must run.
function skip(reason, required) {
  if (process.env[required]) {
    console.log(`FAILED: ${reason}, and ${required} is set`);
    process.exit(1);
  }
  console.log(`skipped: ${reason}`);
  process.exit(77);
}

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

const background = [0x14, 0x18, 0x20];
const isBackground = (px, i) => Math.abs(px[i] - background[0]) + Math.abs(px[i + 1] - background[1]) + Math.abs(px[i + 2] - background[2]) <= 6;
async function canvasPixels(tab) {
  return decodePng(await tab.locator('#view canvas').screenshot());
}
// Whether a pixel of `test`'s colour lies within `r` pixels of each point (page coordinates of the canvas).
function marked(picture, points, test, r = 4) {
  let seen = 0;
  for (const m of points) {
    let found = false;
    for (let dy = -r; dy <= r && !found; ++dy)
      for (let dx = -r; dx <= r && !found; ++dx) {
        const x = Math.round(m.x) + dx, y = Math.round(m.y) + dy;
        if (x >= 0 && y >= 0 && x < picture.width && y < picture.height && test(picture.rgba, 4 * (y * picture.width + x))) found = true;
      }
    if (found) ++seen;
  }
  return seen;
}
function noTrouble(log, dir) {
  const foreign = log.requests.filter((u) => !u.startsWith('file://' + dir + '/'));
  check(foreign.length === 0, `no request but the page's own files (${log.requests.length} requests${foreign.length ? '; ' + foreign.join(' ') : ''})`);
  const errors = log.console.filter((m) => m.type === 'error').map((m) => m.text).concat(log.errors);
  check(errors.length === 0, `no console error${errors.length ? ': ' + errors.join(' | ') : ''}`);
}

// The page's checks on `level`, for a query set recorded with `record` (record's options).
async function pageGroup(browser, level, record) {
  run('record', level, q, ...record);
  run('replay', level, q, '--mode', 'faithful', '--path', 'reference', '-o', fa);
  run('replay', level, q, '--mode', 'corrected', '-o', co);
  run('inspect', level, q, fa, co, '-o', pageDir);
  let diffJson;
  try { run('diff', fa, co, '--json', '--limit', '1000000'); diffJson = { examples: [] }; }
  catch (e) { if (e.status !== 1) throw e; diffJson = JSON.parse(e.stdout); }
  const exported = run('export', fa).trim().split('\n').slice(1).map((l) => JSON.parse(l));
  // A query with two or more contacts among the first traced ones.
  const chosen = exported.find((r) => r.index < 2000 && r.contacts.length >= 2 && r.kind !== 'sphere_overlap');
  if (!chosen) throw new Error('the recorded set has no query with two contacts');

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
  const seen = marked(picture, marks, (px, i) => px[i] > 200 && px[i + 1] < 60 && px[i + 2] > 200);
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


  console.log('every traced walk agrees with the work counters of the (reference path) replay');
  const walks = await tab.evaluate(async () => {
    const { sides, level, queries } = window.levelsweepInspector, s = sides[0], bad = [];
    let traced = 0;
    for (let r = 0; r < s.count; ++r) {
      const w = await s.walk(s.index[r], level);
      if (!w) continue;
      ++traced;
      const rec = s.record(r), q = queries.query(s.index[r]);
      const entries = w.cells.reduce((n, c) => n + c.entries.length, 0), kept = w.kernel.filter((k) => k.contact).length;
      // What each call computed: a kept sweep's fraction is in [0, 1], a rejected one's is not (or there is none);
      // an overlap has a depth exactly when it kept a contact.
      const inMove = (v) => v >= 0 && v <= 1;
      const values = w.kernel.every((k) => k.branch === 5 ? k.contact === !Number.isNaN(k.value) : k.contact === inMove(k.value));
      if (w.cells.length !== rec.stats.cells || entries !== rec.stats.entries || w.extraReads !== rec.stats.extra ||
          w.kernel.length !== rec.stats.kernelCalls || (!q.collect && !rec.overflow && kept !== rec.found) || !values)
        bad.push(rec.index);
    }
    return { traced, bad };
  });
  check(walks.traced >= 2000, `${walks.traced} walks traced (the first 2000 and every differing query)`);
  check(walks.bad.length === 0, `cells, entries, reads past a list, kernel calls, their values and contacts agree${walks.bad.length ? ': not for ' + walks.bad.slice(0, 10).join(' ') : ''}`);
  const extra = exported.filter((r) => r.stats.extra_entries > 0).length;
  check(extra > 0, `the set has queries with reads past a list (${extra}), so the check covers the counter bug`);
  noTrouble(log, pageDir);
}

// A scene beside the level, its lines among recorded mesh queries.
const sceneText = JSON.stringify({ levelsweep_scene: 1, owners: [{ id: 20 }, { id: 9 }, { id: 30 }], bodies: [
  { id: 1, owner: 20, flags: '0x2', type: '0x40',
    chain: [{ id: 100, flags: '0x5', shape: { type: 'capsule', r: 0.35, h: 1.8, B: [10, 5, 0] } }],
    strikes: [{ id: 119, flags: '0x3', shape: { type: 'sphere', r: 0.09, C: [12, 3.95, 0.5] }, previous: [12, 3.75, 0.5] }] },
  { id: 2, owner: 9, flags: '0x2211a', type: '0x8',
    chain: [{ id: 11, shape: { type: 'box', A0: [1, 0, 0], A1: [0, 1, 0], A2: [0, 0, 1], P: [12, 5, 0.5], half: [2, 1, 0.5] } }] },
  { id: 3, owner: 30, flags: '0x4', type: '0x8',
    chain: [{ id: 31, shape: { type: 'box', A0: [1, 0, 0], A1: [0, 1, 0], A2: [0, 0, 1], P: [7, 5, 0.5], half: [0.5, 0.5, 0.5] } }] }] });
const sceneLines = [
  { kind: 'strikes', body: 1 },
  { kind: 'sweep_human', body: 1, move: [-0.5, 0, 0] },
  { kind: 'move_body', body: 1, move: [-1.8, 0, 0] },
  { kind: 'sweep_human', body: 1, move: [-0.5, 0, 0] },
  { kind: 'overlap_shape', shape: { type: 'sphere', r: 2, C: [8.2, 5, 1] }, options: '0x12', type_mask: '0x8', max: 32 },
  { kind: 'remove_body', body: 3 },
  { kind: 'overlap_shape', shape: { type: 'sphere', r: 2, C: [8.2, 5, 1] }, options: '0x12', type_mask: '0x8', max: 32 },
  { kind: 'strikes', body: 1 },
];
const worldKinds = new Set(['gather', 'overlap_shape', 'sweep_shape', 'sweep_human', 'sweep_object', 'strikes']);

async function worldGroup(browser) {
  const scene = path.join(work, 'scene.json'), stream = path.join(work, 'stream.jsonl');
  writeFileSync(scene, sceneText);
  run('record', args.level, path.join(work, 'mesh.jsonl'), '--seed', '3', '--count', '200');
  const mesh = readFileSync(path.join(work, 'mesh.jsonl'), 'utf8').trim().split('\n');
  const header = mesh[0].startsWith('{"levelsweep_queries"') ? [mesh.shift()] : [];
  const lines = [...header];
  mesh.forEach((l, i) => { lines.push(l); if (i % 25 === 10 && sceneLines.length) lines.push(JSON.stringify(sceneLines.shift())); });
  while (sceneLines.length) lines.push(JSON.stringify(sceneLines.shift()));
  writeFileSync(stream, lines.join('\n') + '\n');
  run('inspect', args.level, stream, '--scene', scene, '-o', pageDir);
  const answers = run('query', args.level, stream, '--scene', scene).trim().split('\n').map((l) => JSON.parse(l))
    .filter((a) => worldKinds.has(a.kind));
  const { tab, log } = await open(browser, path.join(pageDir, 'index.html'));
  await tab.click('#tabs [data-view=world]');
  const rows = await tab.$$eval('#list .row[data-world]', (rs) => rs.length);
  check(rows === answers.length, `the world view lists the ${answers.length} world queries levelsweep query --scene answers (${rows})`);
  const strikes = answers.findIndex((a) => a.kind === 'strikes');
  await tab.click(`#list .row[data-world="${strikes}"]`);
  await tab.waitForSelector('#details table');
  const bodies = await tab.$$eval('#details table tr', (trs) => trs.length - 1);
  check(bodies === 3, `the strike's snapshot holds the scene's 3 bodies (${bodies})`);
  const answer = await tab.evaluate(() => JSON.parse(document.querySelector('#details pre:nth-of-type(2)').textContent));
  check(answer.count === answers[strikes].count && JSON.stringify(answer.contacts) === JSON.stringify(answers[strikes].contacts),
        `its answer is levelsweep query's (${answers[strikes].count} contacts)`);
  const picture = await canvasPixels(tab);
  const at = await tab.evaluate(() => [window.levelsweepInspector.view.project([12, 3.95, 0.5]), window.levelsweepInspector.view.project([12, 3.75, 0.5])]);
  const orange = (px, i) => px[i] > 180 && px[i + 1] > 80 && px[i + 1] < 200 && px[i + 2] < 110;
  check(marked(picture, at.slice(0, 1), orange, 12) === 1, 'the strike sphere is drawn at its current pose');
  const last = answers.length - 1;
  await tab.click(`#list .row[data-world="${last}"]`);
  const after = await tab.$$eval('#details table tr', (trs) => trs.length - 1);
  check(after === 2, `after remove_body the last strike's snapshot holds 2 bodies (${after})`);
  const moved = await tab.evaluate(() => document.querySelector('#details table').textContent.includes('(8.2, 5, 0)'));
  check(moved, 'and body 1 stands where move_body put it');
  noTrouble(log, pageDir);
}

async function profileGroup(browser) {
  const q = path.join(work, 'queries.lsq'), dir = path.join(work, 'profile');
  run('record', args.level, q, '--seed', '5', '--count', '1500');
  run('profile', args.level, q, '-o', dir, '--inspect');
  const svg = readFileSync(path.join(dir, 'heatmap.svg'), 'utf8');
  const links = [...svg.matchAll(/<a href="inspect\/index.html#column=(\d+),(\d+),(\d+),(\d+)"/g)];
  const costs = [...svg.matchAll(/data-cost="(\d+)"/g)];
  check(links.length > 0 && links.length === costs.length, `each of the heat map's ${costs.length} coloured columns links into the inspector`);
  const { tab, log } = await open(browser, path.join(dir, 'index.html'), undefined, false);
  const frame = tab.frames().find((f) => f.url().endsWith('heatmap.svg'));
  // The busiest column.
  let best = 0;
  costs.forEach((c, i) => { if (Number(c[1]) > Number(costs[best][1])) best = i; });
  const href = links[best][0].slice(9, -1);
  await frame.click(`a[href="${href}"]`);
  await tab.waitForFunction(() => window.levelsweepInspector && window.levelsweepInspector.ready, null, { timeout: 60000 });
  const [x0, y0] = [Number(links[best][1]), Number(links[best][2])];
  const chip = await tab.textContent('#f-column');
  check(chip.includes(`(${x0}, ${y0})`), `the inspector opens at column (${x0}, ${y0})`);
  const listed = await tab.$$eval('#list .row', (rs) => rs.map((r) => Number(r.dataset.index)));
  const walked = await tab.evaluate(async ([x, y]) => {
    const { sides, level } = window.levelsweepInspector, s = sides[0], out = [];
    for (let r = 0; r < s.count; ++r) {
      const w = await s.walk(s.index[r], level);
      if (w && w.cells.some((c) => c.coords[0] === x && c.coords[1] === y)) out.push(s.index[r]);
    }
    return out;
  }, [x0, y0]);
  const shown = new Set(listed);
  check(walked.length > 0 && walked.every((i) => shown.has(i)), `the list holds every query whose walk visited the column (${walked.length}; ${listed.length} listed)`);
  noTrouble(log, path.join(dir));
}

const groups = {
  page: (browser) => pageGroup(browser, args.level,
    ['--seed', '7', '--count', '3000', '--mix', 'walk=4,jump=1,strike=1,fall=1,overlap=1,ray=1,sweep=2']),
  // The real level, imported as `levelsweep import` does, with the port's own
  // mix of gameplay (bench_gameplay's, docs/performance.md "The port's workload").
  real_level: (browser) => {
    const level = path.join(work, 'dm6ish.lvl');
    run('import', dm6ish, level);
    return pageGroup(browser, level,
      ['--seed', '11', '--count', '4000', '--mix', 'walk=68,jump=14,strike=14,fall=2,overlap=1,ray=1']);
  },
  world: worldGroup,
  profile: profileGroup,
};
if (!groups[args.group]) throw new Error('--group page, real_level, world or profile');
const dm6ish = path.join(args['shared-levels'] || '', 'dm6ish_m_zup.obj');
if (args.group === 'real_level' && !existsSync(dm6ish))
  skip(`${path.resolve(dm6ish)} is missing (the real levels live in ../shared/data beside the checkout)`,
       'LEVELSWEEP_REQUIRE_SHARED_DATA');
const chromium = args.chromium || chromiumPath;
try {
  ensureChromium(chromium);
} catch (e) {
  skip(e.message, 'LEVELSWEEP_REQUIRE_BROWSER');
}
const { browser, close } = await launch(args.modules, chromium);
try {
  await groups[args.group](browser);
} finally {
  await close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
