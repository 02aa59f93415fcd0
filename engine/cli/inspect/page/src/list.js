// The query list (every query, or in the difference view the queries the two
// result files answer differently, exactly those `levelsweep diff` reports),
// with its filters: kind, status, contacts, overflow, the quirk switch that
// accounts for a difference, cost, and a grid column from the profile's heat map.
import { kindNames, statusNames, verdictNames } from './model.js';

const chunk = 500;  // rows added at a time

export class QueryList {
  constructor(filters, list, count, app) {
    Object.assign(this, { filtersEl: filters, listEl: list, countEl: count, app });
    this.mode = 'queries';
    this.column = null;
    const side = app.sides[0];
    this.diffOf = new Map();  // record position -> diff entry
    if (app.diff) for (let i = 0; i < app.diff.position.length; ++i) this.diffOf.set(app.diff.position[i], i);
    const quirks = app.manifest.quirk_names;
    filters.innerHTML = `
      <label>kind</label><select id="f-kind"><option value="">any</option>${kindNames.map((k, i) => `<option value="${i}">${k}</option>`).join('')}</select>
      <label>status</label><select id="f-status"><option value="">any</option>${statusNames.map((k, i) => `<option value="${i}">${k}</option>`).join('')}</select>
      <label>contacts</label><span><input id="f-cmin" type="number" min="0" placeholder="min"> to <input id="f-cmax" type="number" min="0" placeholder="max"></span>
      <label>overflow</label><span><input id="f-overflow" type="checkbox"> only overflowing</span>
      <label>quirk</label><select id="f-quirk"><option value="">any</option>${quirks.map((k, i) => `<option value="${i}">${k}</option>`).join('')}</select>
      <label>cost</label><span><input id="f-cost" type="number" min="0" placeholder="at least"> entries + kernel calls</span>
      <label>column</label><span id="f-column" class="muted">any (a click on the profile's heat map sets it)</span>`;
    for (const id of ['f-kind', 'f-status', 'f-cmin', 'f-cmax', 'f-overflow', 'f-quirk', 'f-cost'])
      document.getElementById(id).addEventListener(id === 'f-overflow' ? 'change' : 'input', () => this.refresh());
    this.side = side;
  }

  // Columns [x0, x1] x [y0, y1] (one, or a block of the heat map).
  setColumns(range) {
    this.column = range;
    const [x0, y0, x1, y1] = range, el = document.getElementById('f-column');
    el.innerHTML = (x0 === x1 && y0 === y1 ? `(${x0}, ${y0})` : `x ${x0}-${x1}, y ${y0}-${y1}`) + ' <button id="f-column-clear">clear</button>';
    document.getElementById('f-column-clear').onclick = () => {
      this.column = null;
      this.app.column = null;
      el.textContent = 'any';
      this.app.showCells();
      this.refresh();
    };
    this.refresh();
  }

  show(mode) { this.mode = mode; this.refresh(); }

  // The record positions (side A) passing the filters.
  rows() {
    const v = (id) => document.getElementById(id).value, s = this.side, app = this.app;
    const kind = v('f-kind'), status = v('f-status'), cmin = v('f-cmin'), cmax = v('f-cmax'), quirk = v('f-quirk'), cost = v('f-cost');
    const overflow = document.getElementById('f-overflow').checked;
    const base = this.mode === 'diff' ? Array.from(app.diff.position) : null;
    const out = [];
    const n = base ? base.length : s.count;
    for (let i = 0; i < n; ++i) {
      const r = base ? base[i] : i;
      if (kind !== '' && s.kind[r] !== Number(kind)) continue;
      if (status !== '' && s.status[r] !== Number(status)) continue;
      const contacts = s.contact_start[r + 1] - s.contact_start[r];
      if (cmin !== '' && contacts < Number(cmin)) continue;
      if (cmax !== '' && contacts > Number(cmax)) continue;
      if (overflow && !s.overflow[r]) continue;
      if (cost !== '' && s.cost(r) < Number(cost)) continue;
      if (quirk !== '') {
        const d = this.diffOf.get(r);
        if (d === undefined || !((app.diff.switches[d] >>> Number(quirk)) & 1)) continue;
      }
      if (this.column && !(app.queries && app.queries.coversColumns(s.index[r], this.column))) continue;
      out.push(r);
    }
    return out;
  }

  refresh() {
    this.current = this.rows();
    this.shown = 0;
    this.listEl.innerHTML = '';
    const what = this.mode === 'diff' ? `differing queries (of ${this.app.diff.compared.toLocaleString()} compared` +
      (this.app.diff.only_a || this.app.diff.only_b ? `; only in A ${this.app.diff.only_a}, only in B ${this.app.diff.only_b}` : '') + ')' : 'queries';
    this.countEl.textContent = `${this.current.length.toLocaleString()} ${what}`;
    this.more();
  }

  more() {
    const old = this.listEl.querySelector('.more');
    if (old) old.remove();
    const s = this.side, app = this.app, html = [];
    const end = Math.min(this.current.length, this.shown + chunk);
    for (let i = this.shown; i < end; ++i) {
      const r = this.current[i], index = s.index[r], contacts = s.contact_start[r + 1] - s.contact_start[r];
      if (this.mode === 'diff') {
        const d = this.diffOf.get(r), sw = app.diff.switches[d];
        const names = app.manifest.quirk_names.filter((_, k) => (sw >>> k) & 1);
        html.push(`<div class="row diff" data-position="${r}" data-index="${index}"><b>${index}</b><span>${kindNames[s.kind[r]]}</span>` +
          `<span class="d">${escapeHtml(app.diff.descriptions[d])}<br><i>${names.length ? names.join(', ') : verdictNames[app.diff.verdict[d]] + ': ' + escapeHtml(app.diff.explain[d])}</i></span></div>`);
      } else {
        html.push(`<div class="row" data-position="${r}" data-index="${index}"><b>${index}</b><span>${kindNames[s.kind[r]]}` +
          `${s.status[r] ? ' <span class="warn">' + statusNames[s.status[r]] + '</span>' : ''}${s.overflow[r] ? ' <span class="bad">overflow</span>' : ''}` +
          `${this.diffOf.has(r) ? ' <span class="b">≠</span>' : ''}</span><span title="contacts">${contacts}</span><span class="muted" title="cost">${s.cost(r)}</span></div>`);
      }
    }
    this.listEl.insertAdjacentHTML('beforeend', html.join(''));
    this.shown = end;
    for (const row of this.listEl.querySelectorAll('.row:not([data-bound])')) {
      row.dataset.bound = '1';
      row.onclick = () => this.mode === 'diff' ? app.selectDiff(Number(row.dataset.position)) : app.select(Number(row.dataset.index));
    }
    if (this.shown < this.current.length) {
      this.listEl.insertAdjacentHTML('beforeend', `<button class="more">${Math.min(chunk, this.current.length - this.shown)} more of ${(this.current.length - this.shown).toLocaleString()}</button>`);
      this.listEl.querySelector('.more').onclick = () => this.more();
    }
    if (this.selected !== undefined) this.mark(this.selected);
  }

  mark(index) {
    this.selected = index;
    for (const row of this.listEl.querySelectorAll('.row.sel')) row.classList.remove('sel');
    const row = this.listEl.querySelector(`.row[data-index="${index}"]`);
    if (row) row.classList.add('sel');
  }
}

export function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}
