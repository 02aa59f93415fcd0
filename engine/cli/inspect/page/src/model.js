// The inspector's data as the views use it: the level and its cell lists,
// the queries, each side's results and walks, the differences.
import { loadBuffer } from './data.js';

export const kindNames = ['sphere_sweep', 'capsule_sweep', 'box_sweep', 'sphere_overlap', 'ray'];
export const statusNames = ['ok', 'non_finite', 'negative_radius', 'bad_extent', 'zero_max_contacts', 'malformed',
                            'out_of_range'];
export const branchNames = ['rejected', 'face', 'edge', 'corner', 'box_triangle', 'penetration'];
export const verdictNames = ['not run', 'explained', 'unexplained', 'not reproduced', 'not rerun'];
// Triangle flags (DESIGN.md item 1).
export const triFlags = { enabled: 0x1, twoSided: 0x2, special: 0x8 };

export class Level {
  constructor(b) {
    Object.assign(this, b);
    this.vertexCount = b.x.length;
    this.triangleCount = b.i0.length;
    this.origin = [b.grid[0], b.grid[1], b.grid[2]];
    this.cellSize = [b.grid[3], b.grid[4], b.grid[5]];
    this.nx = b.dims[0]; this.ny = b.dims[1]; this.nz = b.dims[2];
    this.cellCount = this.nx * this.ny * this.nz;
    // Where each cell's count word is (docs/formats.md: count-first lists, all cells in walk order).
    this.listOffset = new Uint32Array(this.cellCount);
    let pos = 0;
    for (let c = 0; c < this.cellCount; ++c) {
      this.listOffset[c] = pos;
      pos += 1 + b.words[pos];
    }
    let lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
    for (let v = 0; v < this.vertexCount; ++v) {
      const p = [b.x[v], b.y[v], b.z[v]];
      for (let k = 0; k < 3; ++k) { lo[k] = Math.min(lo[k], p[k]); hi[k] = Math.max(hi[k], p[k]); }
    }
    if (this.vertexCount === 0) { lo = [0, 0, 0]; hi = [1, 1, 1]; }
    this.lo = lo; this.hi = hi;
    this.centre = [0, 1, 2].map((k) => (lo[k] + hi[k]) / 2);
    this.size = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2], 1e-3);
  }
  cellCoords(c) {
    const iz = c % this.nz, t = (c - iz) / this.nz, iy = t % this.ny, ix = (t - iy) / this.ny;
    return [ix, iy, iz];
  }
  cellIndex(ix, iy, iz) { return (ix * this.ny + iy) * this.nz + iz; }
  cellBox(c) {
    const [ix, iy, iz] = this.cellCoords(c), o = this.origin, s = this.cellSize;
    return [[o[0] + ix * s[0], o[1] + iy * s[1], o[2] + iz * s[2]],
            [o[0] + (ix + 1) * s[0], o[1] + (iy + 1) * s[1], o[2] + (iz + 1) * s[2]]];
  }
  listCount(c) { return this.words[this.listOffset[c]]; }
  list(c) { const at = this.listOffset[c]; return this.words.subarray(at + 1, at + 1 + this.words[at]); }
  // The word at `pos` (no triangle, 0xffffffff, past the array), and what it is:
  // a cell's count word or an entry of a cell's list.
  word(pos) { return pos < this.words.length ? this.words[pos] : 0xffffffff; }
  wordOwner(pos) {
    if (pos >= this.words.length) return { past: true };
    let lo = 0, hi = this.cellCount - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (this.listOffset[mid] <= pos) lo = mid; else hi = mid - 1; }
    return { cell: lo, count: pos === this.listOffset[lo], entry: pos - this.listOffset[lo] - 1 };
  }
  corner(t, k) {
    const v = (k === 0 ? this.i0 : k === 1 ? this.i1 : this.i2)[t];
    return [this.x[v], this.y[v], this.z[v]];
  }
}

// One side's answers (results_a or results_b) and its walks.
export class Side {
  constructor(info, b, traceShard) {
    this.info = info;
    Object.assign(this, b);
    this.count = b.index.length;
    this.traceShard = traceShard;
    this.byIndex = new Map();  // query index -> record
    for (let r = 0; r < this.count; ++r) this.byIndex.set(b.index[r], r);
    this.traced = [];  // per shard: its positions, once loaded
  }
  record(r) {
    const c0 = this.contact_start[r], c1 = this.contact_start[r + 1], contacts = [];
    for (let c = c0; c < c1; ++c)
      contacts.push({
        fraction: this.fraction[c], depth: this.depth[c],
        normal: Array.from(this.normal.subarray(3 * c, 3 * c + 3)),
        point: Array.from(this.point.subarray(3 * c, 3 * c + 3)),
        direction: Array.from(this.direction.subarray(3 * c, 3 * c + 3)),
        triangle: this.triangle[c], flags: this.flags[c], triangleFlags: this.triangle_flags[c],
        material: this.material[c], insideMask: this.inside_mask[c],
      });
    return {
      record: r, index: this.index[r], kind: this.kind[r], status: this.status[r], overflow: !!this.overflow[r],
      found: this.found[r], count: c1 - c0,
      stats: { cells: this.stats[4 * r], entries: this.stats[4 * r + 1], extra: this.stats[4 * r + 2],
               kernelCalls: this.stats[4 * r + 3] },
      contacts,
    };
  }
  cost(r) { return this.stats[4 * r + 1] + this.stats[4 * r + 3]; }
  // The walk of query record `position`, or null when it was not traced.
  async walk(position, level) {
    const shards = this.info.traces;
    const s = shards.findIndex((sh) => position >= sh.first && position <= sh.last);
    if (s < 0) return null;
    const t = await loadBuffer(shards[s].name);
    let lo = 0, hi = t.position.length - 1;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (t.position[mid] < position) lo = mid + 1; else hi = mid; }
    if (t.position[lo] !== position) return null;
    return buildWalk(t, lo, level);
  }
}

// A traced walk: the cells in order, each with the words read (from the
// level's lists: the ones past the count are the counter bug's extra reads)
// and the kernel calls made there.
function buildWalk(t, q, level) {
  const cells = [];
  for (let v = t.cell_start[q]; v < t.cell_start[q + 1]; ++v) {
    const cell = t.cells[v], count = level.listCount(cell), at = level.listOffset[cell] + 1;
    const entries = [];
    for (let e = 0; e < t.cell_entries[v]; ++e) entries.push({ pos: at + e, tri: level.word(at + e), extra: e >= count });
    cells.push({ cell, coords: level.cellCoords(cell), count, entries, kernel: [] });
  }
  const kernel = [];
  for (let k = t.kernel_start[q]; k < t.kernel_start[q + 1]; ++k) {
    const call = { tri: t.kernel_tri[k], visit: t.kernel_cell[k], branch: t.kernel_branch[k], contact: !!t.kernel_contact[k],
                   value: t.kernel_value[k] };
    const cell = cells[call.visit];
    // The entry that named it: its first read in this cell (the visited bits
    // let a triangle reach the kernel once per query, at its first read).
    const entry = cell ? cell.entries.find((e) => e.tri === call.tri && !e.call) : undefined;
    call.extra = !!entry && entry.extra;
    if (entry) entry.call = call;
    if (cell) cell.kernel.push(call);
    kernel.push(call);
  }
  return { cells, kernel, truncated: !!t.truncated[q], extraReads: cells.reduce((n, c) => n + Math.max(0, c.entries.length - c.count), 0) };
}

export class Queries {
  constructor(b) { Object.assign(this, b); this.count = b.kind.length; }
  query(i) {
    const v3 = (a) => Array.from(a.subarray(3 * i, 3 * i + 3));
    return {
      index: i, kind: this.kind[i], malformed: !!this.malformed[i], collect: this.collect[i],
      start: v3(this.start), move: v3(this.move), radius: this.radius[i],
      sphereHeight: this.sphere_height[i], stepHeight: this.step_height[i],
      axes: [0, 1, 2].map((k) => Array.from(this.axes.subarray(9 * i + 3 * k, 9 * i + 3 * k + 3))),
      half: v3(this.half), options: this.options[i], bodyFlags: this.body_flags[i], maxContacts: this.max_contacts[i],
      cellsLo: Array.from(this.cells.subarray(6 * i, 6 * i + 3)), cellsHi: Array.from(this.cells.subarray(6 * i + 3, 6 * i + 6)),
    };
  }
  // Whether query i's box meets the grid columns [x0, x1] x [y0, y1].
  coversColumns(i, [x0, y0, x1, y1]) {
    const c = this.cells;
    return c[6 * i] <= x1 && x0 <= c[6 * i + 3] && c[6 * i + 1] <= y1 && y0 <= c[6 * i + 4];
  }
}
