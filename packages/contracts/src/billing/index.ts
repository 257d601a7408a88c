export * from './ledger';
export * from './usage';
export * from './payment';
export * from './payments';
export * from './bills';
