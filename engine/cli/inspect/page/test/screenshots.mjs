// The screenshots of docs/inspect.md, one per view, from pages `levelsweep
// inspect` wrote (docs/inspect.md, "Screenshots", gives the commands).
//   node screenshots.mjs --modules NODE_MODULES --diff PAGE_DIR --world PAGE_DIR --profile PROFILE_DIR --out DIR
import path from 'node:path';
import { launch, open } from './browser.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((a, v, i, all) => (v.startsWith('--') ? [...a, [v.slice(2), all[i + 1]]] : a), []));
const size = { width: 1280, height: 760 };
const { browser, close } = await launch(args.modules);
const shot = async (tab, name) => { await tab.waitForTimeout(300); await tab.screenshot({ path: path.join(args.out, name) }); console.log('wrote', name); };
try {
  let { tab } = await open(browser, path.join(args.diff, 'index.html'), size);
  await shot(tab, 'inspect-level.png');

  // The query with the most reads past a list's end that also has contacts.
  const pick = await tab.evaluate(async () => {
    const { sides, level } = window.levelsweepInspector, s = sides[0];
    let best = null, most = -1;
    for (let r = 0; r < s.count; ++r) {
      if (s.contact_start[r + 1] === s.contact_start[r]) continue;
      const w = await s.walk(s.index[r], level);
      if (w && w.extraReads > most && w.kernel.some((k) => !k.contact)) { most = w.extraReads; best = s.index[r]; }
    }
    return best;
  });
  await tab.selectOption('#cells', 'walk');
  await tab.check('#seethrough');
  await tab.fill('#goto', String(pick));
  await tab.press('#goto', 'Enter');
  await shot(tab, 'inspect-query.png');

  await tab.click('#tabs [data-view=diff]');
  await tab.click('#list .row.diff:nth-child(3)');
  await shot(tab, 'inspect-diff.png');

  ({ tab } = await open(browser, path.join(args.profile, 'index.html'), size, false));
  await shot(tab, 'inspect-profile.png');
  const frame = tab.frames().find((f) => f.url().endsWith('heatmap.svg'));
  await frame.click('a >> nth=40');
  await tab.waitForFunction(() => window.levelsweepInspector && window.levelsweepInspector.ready);
  await tab.selectOption('#colour', 'cost');
  await tab.evaluate(() => window.levelsweepInspector.colourBy('cost'));
  await shot(tab, 'inspect-cost.png');

  ({ tab } = await open(browser, path.join(args.world, 'index.html'), size));
  await tab.click('#tabs [data-view=world]');
  await tab.click('#list .row[data-world="0"]');
  await shot(tab, 'inspect-world.png');
} finally {
  await close();
}
