export { buildTransform } from './build';
export { compileFilter } from './filter';
export { compilePath, readPath } from './path';
export { convertValue, toEpoch } from './values';
