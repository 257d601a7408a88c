/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** international (default) or china */
  readonly VITE_TSCLOUD_EDITION?: string;
  /** none (default), aws or azure */
  readonly VITE_TSCLOUD_MARKETPLACE?: string;
  /** The support address shown to users (spec placeholder {email}). */
  readonly VITE_TSCLOUD_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
