// Decoding the PNG screenshots chromium takes (8-bit RGB or RGBA, not
// interlaced), so that the tests can count pixels.
import { inflateSync } from 'node:zlib';

export function decodePng(buffer) {
  const sig = [137, 80, 78, 71, 13, 10, 26, 10];
  if (!sig.every((b, i) => buffer[i] === b)) throw new Error('not a PNG');
  let at = 8, width = 0, height = 0, colourType = 0;
  const idat = [];
  while (at < buffer.length) {
    const length = buffer.readUInt32BE(at), type = buffer.toString('latin1', at + 4, at + 8), data = buffer.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4); colourType = data[9];
      if (data[8] !== 8 || data[12] !== 0 || (colourType !== 2 && colourType !== 6))
        throw new Error('PNG: only 8-bit RGB or RGBA without interlacing');
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat)), bpp = colourType === 6 ? 4 : 3, stride = width * bpp;
  const rgba = new Uint8Array(width * height * 4), prev = new Uint8Array(stride), line = new Uint8Array(stride);
  for (let y = 0; y < height; ++y) {
    const filter = raw[y * (stride + 1)], src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; ++x) {
      const a = x >= bpp ? line[x - bpp] : 0, b = prev[x], c = x >= bpp ? prev[x - bpp] : 0;
      let p;
      switch (filter) {
        case 0: p = 0; break;
        case 1: p = a; break;
        case 2: p = b; break;
        case 3: p = (a + b) >> 1; break;
        case 4: { const q = a + b - c, pa = Math.abs(q - a), pb = Math.abs(q - b), pc = Math.abs(q - c);
                  p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c; break; }
        default: throw new Error('PNG: bad filter');
      }
      line[x] = (src[x] + p) & 255;
    }
    for (let x = 0; x < width; ++x) {
      rgba.set(line.subarray(x * bpp, x * bpp + 3), 4 * (y * width + x));
      rgba[4 * (y * width + x) + 3] = bpp === 4 ? line[x * bpp + 3] : 255;
    }
    prev.set(line);
  }
  return { width, height, rgba };
}
