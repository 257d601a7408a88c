import type { Language } from '../../messages';
import type { ConnectorDefinition, ConnectorId } from '../types';
import type { DefinitionSource, Translate } from './common';
import { aveva } from './aveva';
import { csv } from './csv';
import { influxdb } from './influxdb';
import { kafka } from './kafka';
import { mongodb } from './mongodb';
import { mqtt } from './mqtt';
import { mssql } from './mssql';
import { mysql } from './mysql';
import { opcda } from './opcda';
import { opcua } from './opcua';
import { opentsdb } from './opentsdb';
import { oracle } from './oracle';
import { pi } from './pi';
import { pibackfill } from './pibackfill';
import { postgres } from './postgres';
import { taos } from './taos';
import { tmq } from './tmq';
import { contentVersion } from '../version';

/** Catalogue order (data-in.md §1). */
export const DEFINITION_SOURCES: readonly DefinitionSource[] = [
  tmq, taos, pi, pibackfill, opcua, opcda, influxdb, opentsdb, mqtt, kafka, csv, aveva, mysql, postgres, oracle, mssql, mongodb,
];

const translators: Record<Language, Translate> = { en: (en) => en, zh: (_en, zh) => zh };

/** Builds the catalogue of one language from the given sources (the tests pass altered ones). */
export function buildDefinitions(language: Language, sources: readonly DefinitionSource[] = DEFINITION_SOURCES): ConnectorDefinition[] {
  return sources.map((source) => source(translators[language]));
}

// Pure: a bundle that never reads the catalogue (the sign-in page) leaves it out.
const catalogues: Record<Language, ConnectorDefinition[]> = { en: /* @__PURE__ */ buildDefinitions('en'), zh: /* @__PURE__ */ buildDefinitions('zh') };

/** The catalogue in a language; the same objects each call, so treat them as read-only. */
export function connectorDefinitions(language: Language): readonly ConnectorDefinition[] {
  return catalogues[language];
}

export function connectorDefinition(id: ConnectorId, language: Language = 'en'): ConnectorDefinition | undefined {
  return catalogues[language].find((definition) => definition.id === id);
}

/**
 * A hash of both languages' content, computed when the module loads: any change to a definition changes it, so the
 * web app's cache key (§3 "cached locally under a versioned key") never serves a stale catalogue.
 */
export const DEFINITIONS_VERSION: string = /* @__PURE__ */ contentVersion(catalogues);

export { MQTT_VERSIONS } from './mqtt';
export { TMQ_ID_MAX_LENGTH } from './tmq';
export { OPC_CSV_CATEGORY, OPC_DATA_POINTS_CATEGORY } from './opc-common';
export { LOG_LEVELS, type DefinitionSource, type Translate } from './common';
