// World scenes: the bodies and their shape chains as a world query saw them,
// strike shapes at their previous and current poses, the query's shape and
// its contacts.
import * as THREE from 'three';
import { colours } from './view3d.js';
import { escapeHtml } from './list.js';

const v3 = (v) => `(${v.map((x) => Number(x).toPrecision(6).replace(/\.?0+$/, '')).join(', ')})`;

function wire(geometry, colour, opacity) {
  return new THREE.LineSegments(new THREE.WireframeGeometry(geometry),
    new THREE.LineBasicMaterial({ color: colour, transparent: true, opacity, depthTest: false }));
}

// A shape of the scene format (docs/formats.md, "The scene file").
function shapeObject(s, colour, opacity = 0.9) {
  const g = new THREE.Group();
  if (s.type === 'sphere') {
    const m = wire(new THREE.SphereGeometry(Math.max(s.r, 1e-3), 14, 9), colour, opacity);
    m.position.set(...s.C);
    g.add(m);
  } else if (s.type === 'capsule') {  // upright: base B, height h
    const m = wire(new THREE.CapsuleGeometry(Math.max(s.r, 1e-3), Math.max(s.h - 2 * s.r, 0), 4, 12), colour, opacity);
    m.rotation.x = Math.PI / 2;
    m.position.set(s.B[0], s.B[1], s.B[2] + s.h / 2);
    g.add(m);
  } else if (s.type === 'segment') {
    const geom = new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(...s.S), new THREE.Vector3(...s.E)]);
    g.add(new THREE.Line(geom, new THREE.LineBasicMaterial({ color: colour, transparent: true, opacity, depthTest: false })));
  } else if (s.type === 'box') {
    const m = wire(new THREE.BoxGeometry(2 * s.half[0], 2 * s.half[1], 2 * s.half[2]), colour, opacity);
    const basis = new THREE.Matrix4().makeBasis(new THREE.Vector3(...s.A0), new THREE.Vector3(...s.A1), new THREE.Vector3(...s.A2));
    m.quaternion.setFromRotationMatrix(basis);
    m.position.set(...s.P);
    g.add(m);
  }
  return g;
}

// A shape moved so that its reference point (centre, base, start) is at p.
function movedTo(s, p) {
  const c = structuredClone(s), key = { sphere: 'C', capsule: 'B', box: 'P', segment: 'S' }[s.type];
  const d = [0, 1, 2].map((k) => p[k] - s[key][k]);
  c[key] = p;
  if (s.type === 'segment') c.E = s.E.map((x, k) => x + d[k]);
  return c;
}

export class World {
  constructor(world, app) { this.world = world; this.app = app; }

  showList() {
    const app = this.app, w = this.world;
    document.getElementById('count').textContent = `${w.queries.length} world queries, ${w.edits} edits (scene ${w.file})` +
      (w.left_out ? `; ${w.left_out} more world queries left out` : '');
    document.getElementById('list').innerHTML = w.queries.map((q, k) => {
      const a = q.answer || {};
      return `<div class="row" data-world="${k}"><b>${q.position}</b><span>${escapeHtml(q.line.kind)} <span class="muted">${escapeHtml(a.status || '')}</span></span><span>${a.count ?? ''}</span><span></span></div>`;
    }).join('');
    for (const row of document.querySelectorAll('#list .row')) row.onclick = () => app.selectWorld(Number(row.dataset.world));
  }

  select(k) {
    const app = this.app, v = app.view, q = this.world.queries[k];
    if (!q) return;
    const snapshot = this.world.snapshots[q.snapshot];
    const g = new THREE.Group();
    const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
    const grow = (p) => { for (let i = 0; i < 3; ++i) { lo[i] = Math.min(lo[i], p[i]); hi[i] = Math.max(hi[i], p[i]); } };
    for (const b of snapshot.bodies) {
      const mine = q.line.body === b.id;
      for (const s of b.chain) {
        g.add(shapeObject(s.shape, mine ? colours.a : 0x9fdf7f, s.flags & 1 ? 0.9 : 0.3));
        grow(s.shape.C || s.shape.B || s.shape.P || s.shape.S);
      }
      for (const s of b.strikes) {
        const on = (s.flags & 3) === 3;
        g.add(shapeObject(s.shape, 0xffa040, on ? 0.95 : 0.3));
        if (s.previous) {
          g.add(shapeObject(movedTo(s.shape, s.previous), 0xffa040, on ? 0.35 : 0.12));
          const now = s.shape.C || s.shape.B || s.shape.P || s.shape.S;
          g.add(new THREE.Line(new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(...s.previous), new THREE.Vector3(...now)]),
            new THREE.LineBasicMaterial({ color: 0xffa040, depthTest: false })));
        }
      }
    }
    if (q.line.shape) {
      g.add(shapeObject(q.line.shape, colours.a));
      if (q.line.move) {
        const key = { sphere: 'C', capsule: 'B', box: 'P', segment: 'S' }[q.line.shape.type];
        const p = q.line.shape[key];
        if (p) g.add(shapeObject(movedTo(q.line.shape, [0, 1, 2].map((i) => p[i] + q.line.move[i])), colours.a, 0.35));
      }
    }
    const contacts = (q.answer && q.answer.contacts) || [];
    for (const c of contacts) {
      if (!c.point) continue;
      const m = new THREE.Mesh(new THREE.SphereGeometry(app.level.size * 0.004, 10, 6), new THREE.MeshBasicMaterial({ color: colours.contactA, depthTest: false }));
      m.position.set(c.point[0], c.point[1], c.point[2]);
      g.add(m);
      grow(c.point);
      const n = c.other_normal || c.own_normal;
      if (n && n[0] !== null) g.add(new THREE.ArrowHelper(new THREE.Vector3(n[0], n[1], n[2]).normalize(), m.position.clone(), app.level.size * 0.03, colours.contactA));
    }
    v.add(g);
    if (lo[0] <= hi[0]) v.frame(lo.map((x) => x - 1), hi.map((x) => x + 1));
    v.render();
    document.getElementById('details').innerHTML = `<h2>World query at record ${q.position}</h2><pre>${escapeHtml(JSON.stringify(q.line, null, 1))}</pre>` +
      `<h3>Answer</h3><pre>${escapeHtml(JSON.stringify(q.answer, null, 1))}</pre>` +
      `<h3>Bodies (${snapshot.bodies.length})</h3><table><tr><th>id</th><th>owner</th><th>shapes</th><th>strikes (previous → now)</th></tr>` +
      snapshot.bodies.map((b) => `<tr><td>${b.id}</td><td>${b.owner}</td><td>${b.chain.map((s) => `${s.shape.type} ${v3(s.shape.C || s.shape.B || s.shape.P || s.shape.S)}`).join('<br>')}</td>` +
        `<td>${b.strikes.map((s) => `${s.shape.type} ${s.previous ? v3(s.previous) + ' → ' : ''}${v3(s.shape.C || s.shape.B || s.shape.P || s.shape.S)}`).join('<br>')}</td></tr>`).join('') + '</table>';
    history.replaceState(null, '', `#world=${k}`);
  }
}
