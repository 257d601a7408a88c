import { loadCatalogue } from '../i18n';

// Tests render at once, as if the app had loaded its catalogue (main.tsx waits for it): both languages, since tests
// switch language.
await Promise.all([loadCatalogue('en'), loadCatalogue('zh')]);
