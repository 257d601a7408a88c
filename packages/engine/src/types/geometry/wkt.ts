/**
 * WKT → WKB (little endian) for GEOMETRY values: POINT, LINESTRING, POLYGON and their MULTI forms.
 * Returns undefined for text that is not one of these.
 */
type Coord = [number, number];

const TYPE_CODES: Record<string, number> = {
  POINT: 1,
  LINESTRING: 2,
  POLYGON: 3,
  MULTIPOINT: 4,
  MULTILINESTRING: 5,
  MULTIPOLYGON: 6,
};

function parseCoords(text: string): Coord[] | undefined {
  const out: Coord[] = [];
  for (const part of text.split(',')) {
    const nums = part.trim().replace(/[()]/g, '').trim().split(/\s+/).map(Number);
    if (nums.length !== 2 || nums.some((n) => !Number.isFinite(n))) return undefined;
    out.push([nums[0], nums[1]]);
  }
  return out;
}

/** Splits "(a),(b)" at top level into ["a", "b"]. */
function groups(text: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') {
      if (depth === 0) start = i + 1;
      depth++;
    } else if (ch === ')') {
      depth--;
      if (depth === 0) out.push(text.slice(start, i));
      if (depth < 0) return undefined;
    }
  }
  return depth === 0 ? out : undefined;
}

class Writer {
  readonly parts: Buffer[] = [];
  header(type: number): void {
    const b = Buffer.alloc(5);
    b.writeUInt8(1, 0);
    b.writeUInt32LE(type, 1);
    this.parts.push(b);
  }
  u32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n, 0);
    this.parts.push(b);
  }
  coords(cs: Coord[]): void {
    const b = Buffer.alloc(16 * cs.length);
    cs.forEach(([x, y], i) => {
      b.writeDoubleLE(x, i * 16);
      b.writeDoubleLE(y, i * 16 + 8);
    });
    this.parts.push(b);
  }
}

/** GEOS's construction checks (TDengine reads WKT with GEOS): a line has 0 or more than 1 point ... */
const validLine = (c: Coord[]): boolean => c.length !== 1;

/** ... and a polygon's ring 0 points, or at least 4 with the last equal to the first (closed). */
function validRing(c: Coord[]): boolean {
  if (c.length === 0) return true;
  const [first, end] = [c[0], c[c.length - 1]];
  return c.length >= 4 && first[0] === end[0] && first[1] === end[1];
}

function writeGeometry(w: Writer, type: string, body: string): boolean {
  const code = TYPE_CODES[type];
  w.header(code);
  if (type === 'POINT') {
    const c = parseCoords(body);
    if (!c || c.length !== 1) return false;
    w.coords(c);
    return true;
  }
  if (type === 'LINESTRING' || type === 'MULTIPOINT') {
    const c = parseCoords(body);
    if (!c || (type === 'LINESTRING' && !validLine(c))) return false;
    w.u32(c.length);
    if (type === 'LINESTRING') w.coords(c);
    else for (const p of c) {
      w.header(1);
      w.coords([p]);
    }
    return true;
  }
  const g = groups(body);
  if (!g) return false;
  w.u32(g.length);
  for (const item of g) {
    if (type === 'POLYGON' || type === 'MULTILINESTRING') {
      const c = parseCoords(item);
      if (!c || !(type === 'POLYGON' ? validRing(c) : validLine(c))) return false;
      if (type === 'MULTILINESTRING') w.header(2);
      w.u32(c.length);
      w.coords(c);
    } else if (!writeGeometry(w, 'POLYGON', item)) return false;
  }
  return true;
}

export function wktToWkb(text: string): Buffer | undefined {
  const m = /^\s*([A-Za-z]+)\s*\((.*)\)\s*$/s.exec(text);
  if (!m) return undefined;
  const type = m[1].toUpperCase();
  if (!(type in TYPE_CODES)) return undefined;
  const w = new Writer();
  return writeGeometry(w, type, m[2]) ? Buffer.concat(w.parts) : undefined;
}
