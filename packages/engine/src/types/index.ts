export * from './data-types';
export * from './type-spec';
