// The 3D view: the level (coloured by flags or by cost), the grid's cells,
// and the overlays of the selected query, with orbit and fly cameras.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { FlyControls } from 'three/addons/controls/FlyControls.js';
import { triFlags } from './model.js';

export const colours = {
  background: 0x141820,
  enabled: [0.62, 0.66, 0.72], twoSided: [0.35, 0.72, 0.42], special: [0.95, 0.62, 0.2], disabled: [0.45, 0.18, 0.2],
  a: 0xff3df2, b: 0x2ee6ff,            // side A's and side B's overlays
  contactA: 0xff00ff, contactB: 0x00ffff,
  reached: 0xffd84a, rejected: 0x4a7dff, extra: 0xff2020, cells: 0x8a94a6,
};

// Viridis at five stops.
const viridisStops = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
export function viridis(t) {
  const x = Math.min(Math.max(t, 0), 1) * 4, i = Math.min(3, Math.floor(x)), f = x - i;
  return viridisStops[i].map((c, k) => (c + f * (viridisStops[i + 1][k] - c)) / 255);
}

export function flagColour(flags) {
  if (!(flags & triFlags.enabled)) return colours.disabled;
  if (flags & triFlags.special) return colours.special;
  if (flags & triFlags.twoSided) return colours.twoSided;
  return colours.enabled;
}

export class View3D {
  constructor(container, level) {
    this.level = level;
    this.container = container;
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(1);
    this.renderer.setClearColor(colours.background);
    container.appendChild(this.renderer.domElement);
    this.scene = new THREE.Scene();
    // Everything is drawn relative to the level's centre (float precision far from the origin).
    this.world = new THREE.Group();
    this.world.position.set(-level.centre[0], -level.centre[1], -level.centre[2]);
    this.scene.add(this.world);
    // Enough light from every side that a wall facing away from the sun stays
    // apart from the background.
    this.scene.add(new THREE.AmbientLight(0xffffff, 1.1));
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x606070, 0.8));
    const sun = new THREE.DirectionalLight(0xffffff, 1.2);
    sun.position.set(0.4, 0.25, 1);
    this.scene.add(sun);
    const size = level.size;
    this.camera = new THREE.PerspectiveCamera(50, 1, size * 1e-4, size * 20);
    this.camera.up.set(0, 0, 1);  // the level is z-up
    this.orbit = new OrbitControls(this.camera, this.renderer.domElement);
    this.orbit.addEventListener('change', () => this.render());
    this.fly = null;
    this.overlays = new THREE.Group();
    this.world.add(this.overlays);
    this.cellsObject = null;
    this.buildLevel();
    this.home();
    this.resize();
    new ResizeObserver(() => this.resize()).observe(container);
  }

  buildLevel() {
    const L = this.level, T = L.triangleCount;
    const pos = new Float32Array(9 * T);
    for (let t = 0; t < T; ++t)
      for (let k = 0; k < 3; ++k) {
        const v = (k === 0 ? L.i0 : k === 1 ? L.i1 : L.i2)[t];
        pos[9 * t + 3 * k] = L.x[v]; pos[9 * t + 3 * k + 1] = L.y[v]; pos[9 * t + 3 * k + 2] = L.z[v];
      }
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(pos, 3));
    g.setAttribute('color', new THREE.BufferAttribute(new Float32Array(9 * T), 3));
    g.computeVertexNormals();
    this.levelMesh = new THREE.Mesh(g, new THREE.MeshLambertMaterial({
      vertexColors: true, side: THREE.DoubleSide, flatShading: true,
      polygonOffset: true, polygonOffsetFactor: 1, polygonOffsetUnits: 1 }));
    this.world.add(this.levelMesh);
    this.colourByFlags();
  }

  setTriangleColours(colourOf) {
    const c = this.levelMesh.geometry.getAttribute('color'), a = c.array;
    for (let t = 0; t < this.level.triangleCount; ++t) {
      const rgb = colourOf(t);
      for (let k = 0; k < 3; ++k) { a[9 * t + 3 * k] = rgb[0]; a[9 * t + 3 * k + 1] = rgb[1]; a[9 * t + 3 * k + 2] = rgb[2]; }
    }
    c.needsUpdate = true;
    this.render();
  }

  // See through the level (an indoor level's walls hide its rooms from above).
  setSeeThrough(on) {
    const m = this.levelMesh.material;
    m.transparent = on;
    m.opacity = on ? 0.3 : 1;
    m.depthWrite = !on;
    m.needsUpdate = true;
    this.render();
  }

  colourByFlags() { this.setTriangleColours((t) => flagColour(this.level.flags[t])); }

  // Each triangle by the work of the busiest cell that lists it (the
  // profile's work per cell, in 3D); grey where no query worked.
  colourByCost(cellCost) {
    const L = this.level, triCost = new Float64Array(L.triangleCount);
    let lo = Infinity, hi = 0;
    for (const [cell, cost] of cellCost) {
      if (!(cost > 0)) continue;
      for (const t of L.list(cell)) triCost[t] = Math.max(triCost[t], cost);
      lo = Math.min(lo, cost); hi = Math.max(hi, cost);
    }
    const log = hi >= 100 * lo;
    const scale = (v) => hi <= lo ? 1 : log ? (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)) : v / hi;
    this.setTriangleColours((t) => triCost[t] > 0 ? viridis(scale(triCost[t])) : [0.3, 0.3, 0.32]);
    return { lo, hi, log };
  }

  // Wire boxes of cells: each entry {cell, colour}.
  setCells(list) {
    if (this.cellsObject) { this.world.remove(this.cellsObject); this.cellsObject.geometry.dispose(); }
    this.cellsObject = null;
    if (list.length) {
      this.cellsObject = boxLines(list.map((e) => ({ box: this.level.cellBox(e.cell), colour: e.colour })));
      this.world.add(this.cellsObject);
    }
    this.render();
  }

  clearOverlays() {
    for (const o of [...this.overlays.children]) {
      this.overlays.remove(o);
      o.traverse((x) => { if (x.geometry) x.geometry.dispose(); });
    }
  }
  add(object) { this.overlays.add(object); }

  home() {
    const L = this.level, s = L.size;
    this.lookAt([L.centre[0] + 0.9 * s, L.centre[1] - 1.1 * s, L.centre[2] + 0.8 * s], L.centre);
  }
  // Puts the camera at `eye` looking at `target` (level coordinates).
  lookAt(eye, target) {
    const c = this.level.centre;
    this.camera.position.set(eye[0] - c[0], eye[1] - c[1], eye[2] - c[2]);
    this.orbit.target.set(target[0] - c[0], target[1] - c[1], target[2] - c[2]);
    this.camera.lookAt(this.orbit.target);
    this.orbit.update();
    this.render();
  }
  // Frames the box [lo, hi] (level coordinates) from the current viewing direction.
  frame(lo, hi) {
    const centre = [0, 1, 2].map((k) => (lo[k] + hi[k]) / 2);
    const radius = Math.max(0.5 * Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]), this.level.size * 0.01);
    // From the current side, at least 45 degrees above the horizon (over the
    // walls of an indoor level), with room around.
    const dir = new THREE.Vector3().subVectors(this.camera.position, this.orbit.target).normalize();
    if (dir.z < 0.71) { const h = Math.hypot(dir.x, dir.y) || 1; dir.set(0.71 * dir.x / h, 0.71 * dir.y / h, 0.71); }
    const d = radius / Math.sin((this.camera.fov * Math.PI) / 360) * 1.6;
    this.lookAt([0, 1, 2].map((k) => centre[k] + dir.getComponent(k) * d), centre);
  }

  setFly(on) {
    if (on && !this.fly) {
      this.orbit.enabled = false;
      this.fly = new FlyControls(this.camera, this.renderer.domElement);
      this.fly.dragToLook = true;
      this.fly.movementSpeed = this.level.size * 0.15;
      this.fly.rollSpeed = 0.6;
      const clock = new THREE.Clock();
      const step = () => {
        if (!this.fly) return;
        this.fly.update(clock.getDelta());
        this.render();
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    } else if (!on && this.fly) {
      this.fly.dispose();
      this.fly = null;
      // Orbit about the point ahead of the camera.
      const ahead = new THREE.Vector3(0, 0, -1).applyQuaternion(this.camera.quaternion)
        .multiplyScalar(this.camera.position.distanceTo(this.orbit.target));
      this.orbit.target.copy(this.camera.position).add(ahead);
      this.camera.up.set(0, 0, 1);
      this.orbit.enabled = true;
      this.orbit.update();
    }
  }

  resize() {
    const w = Math.max(1, this.container.clientWidth), h = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(w, h, false);
    this.renderer.domElement.style.width = '100%';
    this.renderer.domElement.style.height = '100%';
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.render();
  }
  render() { this.renderer.render(this.scene, this.camera); }

  // Where a point of the level lands on the canvas, in CSS pixels from its top left.
  project(p) {
    const c = this.level.centre, v = new THREE.Vector3(p[0] - c[0], p[1] - c[1], p[2] - c[2]).project(this.camera);
    const r = this.renderer.domElement.getBoundingClientRect();
    return { x: ((v.x + 1) / 2) * r.width, y: ((1 - v.y) / 2) * r.height, visible: v.z > -1 && v.z < 1 };
  }
}

// Wire boxes, one colour each: [{box: [lo, hi], colour}]; `onTop` draws them
// through the level (a walk's cells lie inside floors and walls).
export function boxLines(boxes, onTop = false) {
  const pos = new Float32Array(boxes.length * 72), col = new Float32Array(boxes.length * 72);
  const edges = [[0, 1], [2, 3], [4, 5], [6, 7], [0, 2], [1, 3], [4, 6], [5, 7], [0, 4], [1, 5], [2, 6], [3, 7]];
  const c = new THREE.Color();
  boxes.forEach(({ box: [lo, hi], colour }, b) => {
    c.set(colour);
    const corner = (i) => [i & 1 ? hi[0] : lo[0], i & 2 ? hi[1] : lo[1], i & 4 ? hi[2] : lo[2]];
    edges.forEach(([p, q], e) => {
      const at = 72 * b + 6 * e;
      pos.set(corner(p), at); pos.set(corner(q), at + 3);
      col.set([c.r, c.g, c.b, c.r, c.g, c.b], at);
    });
  });
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.BufferAttribute(pos, 3));
  g.setAttribute('color', new THREE.BufferAttribute(col, 3));
  const lines = new THREE.LineSegments(g, new THREE.LineBasicMaterial({ vertexColors: true, transparent: true, opacity: 0.9, depthTest: !onTop }));
  lines.renderOrder = onTop ? 5 : 0;
  return lines;
}
