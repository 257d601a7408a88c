export const errors = {
  'errors.unknown': 'Unknown error',
  'errors.timeout': 'The request timed out',
  'errors.chunkLoad': 'A new version was loaded; reloading the page',
} as const;
