/**
 * Reading GEOMETRY values (WKB, either byte order) into shapes, and writing shapes as TDengine's ST_AsText does
 * (GEOS's WKT writer: `POINT (1.000000 2.000000)`, six decimals, `MULTIPOINT (1.000000 1.000000, …)`).
 */
export type Coord = [number, number];

export type Shape =
  | { kind: 'POINT'; point: Coord | undefined }
  | { kind: 'LINESTRING'; points: Coord[] }
  | { kind: 'POLYGON'; rings: Coord[][] }
  | { kind: 'MULTIPOINT' | 'MULTILINESTRING' | 'MULTIPOLYGON' | 'GEOMETRYCOLLECTION'; parts: Shape[] };

const KINDS = ['', 'POINT', 'LINESTRING', 'POLYGON', 'MULTIPOINT', 'MULTILINESTRING', 'MULTIPOLYGON', 'GEOMETRYCOLLECTION'] as const;

class Reader {
  offset = 0;
  little = true;
  constructor(private readonly view: DataView) {}

  u32(): number {
    const v = this.view.getUint32(this.offset, this.little);
    this.offset += 4;
    return v;
  }

  coord(): Coord {
    const x = this.view.getFloat64(this.offset, this.little);
    const y = this.view.getFloat64(this.offset + 8, this.little);
    this.offset += 16;
    return [x, y];
  }

  coords(): Coord[] {
    return Array.from({ length: this.u32() }, () => this.coord());
  }

  shape(): Shape {
    this.little = this.view.getUint8(this.offset) === 1;
    this.offset += 1;
    const kind = KINDS[this.u32() % 1000];
    switch (kind) {
      case 'POINT': {
        const point = this.coord();
        // an empty point is written as NaN coordinates
        return { kind, point: Number.isNaN(point[0]) && Number.isNaN(point[1]) ? undefined : point };
      }
      case 'LINESTRING':
        return { kind, points: this.coords() };
      case 'POLYGON':
        return { kind, rings: Array.from({ length: this.u32() }, () => this.coords()) };
      case 'MULTIPOINT':
      case 'MULTILINESTRING':
      case 'MULTIPOLYGON':
      case 'GEOMETRYCOLLECTION':
        return { kind, parts: Array.from({ length: this.u32() }, () => this.shape()) };
      default:
        throw new RangeError('not a WKB geometry');
    }
  }
}

/** The shape of a WKB value; throws RangeError for bytes that are not one. */
export function readWkb(bytes: Uint8Array): Shape {
  return new Reader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)).shape();
}

const coordText = ([x, y]: Coord): string => `${x.toFixed(6)} ${y.toFixed(6)}`;
const list = (items: string[]): string => (items.length === 0 ? ' EMPTY' : ` (${items.join(', ')})`);
const pointsText = (points: Coord[]): string => list(points.map(coordText));

function body(shape: Shape): string {
  switch (shape.kind) {
    case 'POINT':
      return shape.point ? ` (${coordText(shape.point)})` : ' EMPTY';
    case 'LINESTRING':
      return pointsText(shape.points);
    case 'POLYGON':
      return list(shape.rings.map((ring) => `(${ring.map(coordText).join(', ')})`));
    case 'MULTIPOINT':
      return list(shape.parts.map((p) => (p.kind === 'POINT' && p.point ? coordText(p.point) : 'EMPTY')));
    case 'GEOMETRYCOLLECTION':
      return list(shape.parts.map(shapeText));
    default:
      return list(shape.parts.map((p) => body(p).trimStart()));
  }
}

/** The shape as WKT, as TDengine's ST_AsText writes it. */
export function shapeText(shape: Shape): string {
  return shape.kind + body(shape);
}

/** A POINT's WKB (little endian), as ST_MakePoint builds it. */
export function pointWkb(x: number, y: number): Uint8Array {
  const bytes = new Uint8Array(21);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, 1);
  view.setUint32(1, 1, true);
  view.setFloat64(5, x, true);
  view.setFloat64(13, y, true);
  return bytes;
}
