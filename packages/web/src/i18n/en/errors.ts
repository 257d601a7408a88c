export const errors = {
  'errors.unknown': 'Unknown error',
  'errors.timeout': 'The request timed out',
  'errors.chunkLoad': 'A new version was loaded; reloading the page',
  'errors.pageLoadFailed': 'This page could not be loaded. A new version may have been released: reload the page.',
  'errors.reloadPage': 'Reload',
} as const;
