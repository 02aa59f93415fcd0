// What the selected query draws over the level: its swept shape at the start,
// the end and each contact's fraction, its contacts with their normals, and
// its walk (the cells in order, the triangles the kernel reached or rejected,
// the counter bug's extra reads).
import * as THREE from 'three';
import { boxLines, colours } from './view3d.js';

const add3 = (a, b, s = 1) => [a[0] + s * b[0], a[1] + s * b[1], a[2] + s * b[2]];

function wire(geometry, colour, opacity = 0.85) {
  return new THREE.LineSegments(new THREE.WireframeGeometry(geometry),
    new THREE.LineBasicMaterial({ color: colour, transparent: true, opacity, depthTest: false }));
}

function line(points, colour, opacity = 1) {
  const g = new THREE.BufferGeometry().setFromPoints(points.map((p) => new THREE.Vector3(...p)));
  return new THREE.Line(g, new THREE.LineBasicMaterial({ color: colour, transparent: true, opacity, depthTest: false }));
}

// The query's shape placed at fraction t of its move.
function shapeAt(q, t, colour, opacity) {
  const group = new THREE.Group();
  const at = add3(q.start, q.move, t);
  switch (q.kind) {
    case 0: case 3: {  // sphere sweep, sphere overlap
      const s = wire(new THREE.SphereGeometry(Math.max(q.radius, 1e-3), 16, 10), colour, opacity);
      s.position.set(...at);
      group.add(s);
      break;
    }
    case 1: {  // walking capsule: the swept sphere sphere_height above the feet, the step line
      const centre = add3(at, [0, 0, q.sphereHeight]);
      const s = wire(new THREE.SphereGeometry(Math.max(q.radius, 1e-3), 16, 10), colour, opacity);
      s.position.set(...centre);
      group.add(s);
      group.add(line([at, centre], colour, opacity));
      const step = wire(new THREE.RingGeometry(q.radius * 0.6, q.radius, 16, 1), colour, opacity * 0.7);
      step.position.set(at[0], at[1], at[2] + q.stepHeight);
      group.add(step);
      break;
    }
    case 2: {  // box: rows A0, A1, A2 are its axes
      const corners = [];
      for (let i = 0; i < 8; ++i) {
        let p = at;
        for (let k = 0; k < 3; ++k) p = add3(p, q.axes[k], (i >> k) & 1 ? q.half[k] : -q.half[k]);
        corners.push(p);
      }
      const edges = [[0, 1], [2, 3], [4, 5], [6, 7], [0, 2], [1, 3], [4, 6], [5, 7], [0, 4], [1, 5], [2, 6], [3, 7]];
      const g = new THREE.BufferGeometry().setFromPoints(edges.flat().map((i) => new THREE.Vector3(...corners[i])));
      group.add(new THREE.LineSegments(g, new THREE.LineBasicMaterial({ color: colour, transparent: true, opacity, depthTest: false })));
      break;
    }
    case 4: {  // ray: a point
      const s = wire(new THREE.OctahedronGeometry(0.05), colour, opacity);
      s.position.set(...at);
      group.add(s);
      break;
    }
  }
  return group;
}

// The shape at the start (solid colour), the end (faint), the path between,
// and at each contact's fraction.
export function queryShapes(q, result, colour) {
  const g = new THREE.Group();
  g.add(shapeAt(q, 0, colour, 0.9));
  if (q.kind !== 3) {
    g.add(shapeAt(q, 1, colour, 0.35));
    const lift = q.kind === 1 ? [0, 0, q.sphereHeight] : [0, 0, 0];
    g.add(line([add3(q.start, lift), add3(add3(q.start, q.move), lift)], colour, 0.8));
  }
  if (result)
    for (const c of result.contacts) if (q.kind !== 3) g.add(shapeAt(q, c.fraction, colour, 0.6));
  return g;
}

// Contact points as small solid spheres and normals as arrows, sized by the
// query's own scale (its radius or extent).
export function contactMarks(result, colour, scale) {
  const g = new THREE.Group();
  const r = scale * 0.12;
  for (const c of result.contacts) {
    // Transparent (at full opacity) so that it is drawn after the level and the
    // other overlays, on top of them.
    const m = new THREE.Mesh(new THREE.SphereGeometry(r, 12, 8),
      new THREE.MeshBasicMaterial({ color: colour, depthTest: false, transparent: true, opacity: 1 }));
    m.position.set(...c.point);
    m.renderOrder = 10;
    g.add(m);
    const n = new THREE.Vector3(...c.normal);
    if (n.lengthSq() > 0) {
      const arrow = new THREE.ArrowHelper(n.normalize(), new THREE.Vector3(...c.point), scale * 1.5, colour, scale * 0.35, scale * 0.2);
      arrow.traverse((x) => { if (x.material) { x.material.depthTest = false; x.material.transparent = true; } x.renderOrder = 10; });
      g.add(arrow);
    }
  }
  return g;
}

// Triangles drawn again over the level, one colour per group: [{tris, colour}].
export function triangleMarks(level, groups) {
  const g = new THREE.Group();
  for (const { tris, colour } of groups) {
    const valid = tris.filter((t) => t < level.triangleCount);
    if (!valid.length) continue;
    const pos = new Float32Array(9 * valid.length);
    valid.forEach((t, i) => { for (let k = 0; k < 3; ++k) pos.set(level.corner(t, k), 9 * i + 3 * k); });
    const geom = new THREE.BufferGeometry();
    geom.setAttribute('position', new THREE.BufferAttribute(pos, 3));
    // Drawn through the level: the triangles a walk reaches are often behind others.
    const fill = new THREE.Mesh(geom, new THREE.MeshBasicMaterial({ color: colour, side: THREE.DoubleSide, transparent: true, opacity: 0.45, depthTest: false }));
    const edges = new THREE.LineSegments(new THREE.EdgesGeometry(geom), new THREE.LineBasicMaterial({ color: colour, transparent: true, depthTest: false }));
    fill.renderOrder = edges.renderOrder = 4;
    g.add(fill, edges);
  }
  return g;
}

// The length a query's marks are drawn at: its radius or extent, or for a
// ray a fiftieth of its length.
export function queryScale(q, levelSize) {
  if (!q) return levelSize * 0.005;
  if (q.kind === 4) return Math.max(Math.hypot(...q.move) * 0.02, 0.02);
  return Math.max(q.radius, ...q.half, 0.05);
}

// The walk's cells in order (darker first, brighter last), those with extra reads in red.
export function walkCells(level, walk, colour) {
  const base = new THREE.Color(colour), boxes = [];
  walk.cells.forEach((c, i) => {
    const t = walk.cells.length > 1 ? i / (walk.cells.length - 1) : 1;
    const col = c.entries.length > c.count ? new THREE.Color(colours.extra) : base.clone().multiplyScalar(0.35 + 0.65 * t);
    boxes.push({ box: level.cellBox(c.cell), colour: col });
  });
  return boxLines(boxes, true);
}

// The walk's triangles: reached the kernel and kept (contact), rejected by
// the kernel, reached through a read past a list's end.
export function walkTriangles(level, walk) {
  const kept = [], rejected = [], extra = [];
  for (const k of walk.kernel) (k.extra ? extra : k.contact ? kept : rejected).push(k.tri);
  return triangleMarks(level, [{ tris: kept, colour: colours.reached }, { tris: rejected, colour: colours.rejected },
                               { tris: extra, colour: colours.extra }]);
}

export { line, shapeAt };
