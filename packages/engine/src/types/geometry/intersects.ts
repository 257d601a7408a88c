import type { Coord, Shape } from './wkb';

/**
 * ST_Intersects on planar shapes: whether two shapes share at least one point (boundaries included). A shape is
 * taken apart into points, segments and polygons; two shapes intersect when two of their parts do.
 */
interface Parts {
  points: Coord[];
  segments: [Coord, Coord][];
  polygons: Coord[][][];
}

function collect(shape: Shape, into: Parts): Parts {
  switch (shape.kind) {
    case 'POINT':
      if (shape.point) into.points.push(shape.point);
      break;
    case 'LINESTRING':
      if (shape.points.length === 1) into.points.push(shape.points[0]);
      for (let i = 1; i < shape.points.length; i++) into.segments.push([shape.points[i - 1], shape.points[i]]);
      break;
    case 'POLYGON':
      if (shape.rings.length > 0) into.polygons.push(shape.rings);
      break;
    default:
      for (const part of shape.parts) collect(part, into);
  }
  return into;
}

const cross = (o: Coord, a: Coord, b: Coord): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

function onSegment(p: Coord, [a, b]: [Coord, Coord]): boolean {
  return (
    cross(a, b, p) === 0 &&
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  );
}

function segmentsMeet(s: [Coord, Coord], t: [Coord, Coord]): boolean {
  const d1 = cross(t[0], t[1], s[0]);
  const d2 = cross(t[0], t[1], s[1]);
  const d3 = cross(s[0], s[1], t[0]);
  const d4 = cross(s[0], s[1], t[1]);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return onSegment(s[0], t) || onSegment(s[1], t) || onSegment(t[0], s) || onSegment(t[1], s);
}

function ringSegments(rings: Coord[][]): [Coord, Coord][] {
  const out: [Coord, Coord][] = [];
  for (const ring of rings) for (let i = 1; i < ring.length; i++) out.push([ring[i - 1], ring[i]]);
  return out;
}

/** Inside a polygon or on its boundary (even-odd over all rings, so holes are outside). */
function inPolygon(p: Coord, rings: Coord[][]): boolean {
  const edges = ringSegments(rings);
  if (edges.some((e) => onSegment(p, e))) return true;
  let inside = false;
  for (const [a, b] of edges) {
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}

function partsMeet(a: Parts, b: Parts): boolean {
  for (const p of a.points) {
    if (b.points.some((q) => q[0] === p[0] && q[1] === p[1])) return true;
    if (b.segments.some((s) => onSegment(p, s))) return true;
    if (b.polygons.some((poly) => inPolygon(p, poly))) return true;
  }
  for (const s of a.segments) {
    if (b.segments.some((t) => segmentsMeet(s, t))) return true;
    if (b.polygons.some((poly) => inPolygon(s[0], poly) || ringSegments(poly).some((t) => segmentsMeet(s, t)))) return true;
  }
  for (const poly of a.polygons) {
    for (const other of b.polygons) {
      if (inPolygon(other[0][0], poly) || inPolygon(poly[0][0], other)) return true;
      if (ringSegments(poly).some((s) => ringSegments(other).some((t) => segmentsMeet(s, t)))) return true;
    }
  }
  return false;
}

export function intersects(a: Shape, b: Shape): boolean {
  const pa = collect(a, { points: [], segments: [], polygons: [] });
  const pb = collect(b, { points: [], segments: [], polygons: [] });
  return partsMeet(pa, pb) || partsMeet(pb, pa);
}
