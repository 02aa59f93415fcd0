// Loading the page's data: data/manifest.js and the buffers data/NAME.js
// (docs/inspect.md, "The buffers"). A page opened from disk may not fetch
// files, but it may run scripts beside it: each data file is one call of
// levelsweep_manifest(...) or levelsweep_buffer(name, base64).

const pending = new Map();  // script name -> {resolve, reject}
const loaded = new Map();   // buffer name -> promise of its arrays

window.levelsweep_manifest = (m) => settle('manifest', m);
window.levelsweep_buffer = (name, base64) => settle(name, parseBuffer(decodeBase64(base64)));

function settle(name, value) {
  const p = pending.get(name);
  if (p) p.resolve(value);
}

function loadScript(name) {
  return new Promise((resolve, reject) => {
    pending.set(name, { resolve, reject });
    const s = document.createElement('script');
    s.src = `data/${name}.js`;
    s.onerror = () => reject(new Error(`data/${name}.js could not be loaded`));
    document.head.appendChild(s);
  });
}

export function loadManifest() {
  return loadScript('manifest');
}

// The arrays of buffer `name`, loaded once.
export function loadBuffer(name) {
  if (!loaded.has(name)) loaded.set(name, loadScript(name));
  return loaded.get(name);
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const lookup = new Uint8Array(128);
for (let i = 0; i < alphabet.length; ++i) lookup[alphabet.charCodeAt(i)] = i;

export function decodeBase64(text) {
  let n = text.length;
  while (n > 0 && text.charCodeAt(n - 1) === 61) --n;  // '='
  const out = new Uint8Array(Math.floor((n * 3) / 4));
  let o = 0, i = 0;
  for (; i + 4 <= n; i += 4) {
    const v = (lookup[text.charCodeAt(i)] << 18) | (lookup[text.charCodeAt(i + 1)] << 12) |
              (lookup[text.charCodeAt(i + 2)] << 6) | lookup[text.charCodeAt(i + 3)];
    out[o++] = v >> 16; out[o++] = (v >> 8) & 255; out[o++] = v & 255;
  }
  if (n - i >= 2) {
    const v = (lookup[text.charCodeAt(i)] << 18) | (lookup[text.charCodeAt(i + 1)] << 12) |
              (n - i === 3 ? lookup[text.charCodeAt(i + 2)] << 6 : 0);
    out[o++] = v >> 16;
    if (n - i === 3) out[o++] = (v >> 8) & 255;
  }
  return out;
}

const types = { 1: Uint8Array, 2: Uint16Array, 3: Uint32Array, 4: Int32Array, 5: Float32Array, 6: Float64Array };
const magic = 'LSWIBUF\0';

// The named arrays of a buffer: header (magic, version 1, array count), a
// 32-byte entry per array (name, type, count, offset), the arrays.
export function parseBuffer(bytes) {
  for (let i = 0; i < 8; ++i)
    if (bytes[i] !== magic.charCodeAt(i)) throw new Error('not an inspector buffer');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(8, true) !== 1) throw new Error('inspector buffer version ' + view.getUint32(8, true));
  const count = view.getUint32(12, true);
  const arrays = {};
  for (let k = 0; k < count; ++k) {
    const at = 16 + 32 * k;
    let name = '';
    for (let i = 0; i < 16 && bytes[at + i] !== 0; ++i) name += String.fromCharCode(bytes[at + i]);
    const Type = types[view.getUint32(at + 16, true)];
    if (!Type) throw new Error(`inspector buffer array ${name}: unknown type`);
    const n = view.getUint32(at + 20, true), offset = view.getUint32(at + 24, true);
    if (offset + n * Type.BYTES_PER_ELEMENT > bytes.byteLength) throw new Error(`inspector buffer array ${name}: past the end`);
    arrays[name] = new Type(bytes.buffer, bytes.byteOffset + offset, n);
  }
  return arrays;
}
