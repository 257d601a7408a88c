import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DefinitionsResponse, Language } from '@tscloud/contracts';
import { http } from '../../api/http';
import { readJson, removeKey, writeJson } from '../../state/storage';
import type { InstanceRef } from '../instances/control';
import { replicationPath } from './base';
import { dataInKeys } from './keys';

/** The last catalogue version the server answered, and each language's copy of it (data-in.md §3). */
export const DEFINITIONS_VERSION_KEY = 'datain.definitions.version';
export const definitionsEntryKey = (version: string, lang: Language) => `datain.definitions.${version}.${lang}`;

/**
 * How long a stored copy is trusted before the server is asked again: a reload within it makes no call. A new
 * version (a new release) is so picked up within the hour; the server validates every task anyway.
 */
export const DEFINITIONS_RECHECK_MS = 3_600_000;

interface StoredDefinitions {
  response: DefinitionsResponse;
  storedAt: number;
}

function readStored(lang: Language): StoredDefinitions | null {
  const version = readJson<string | null>(DEFINITIONS_VERSION_KEY, null);
  return version ? readJson<StoredDefinitions | null>(definitionsEntryKey(version, lang), null) : null;
}

function store(response: DefinitionsResponse, lang: Language): void {
  const previous = readJson<string | null>(DEFINITIONS_VERSION_KEY, null);
  // An older version's copies are dead weight once the server answers a new one.
  if (previous && previous !== response.version) for (const other of ['en', 'zh'] as const) removeKey(definitionsEntryKey(previous, other));
  writeJson(definitionsEntryKey(response.version, lang), { response, storedAt: Date.now() } satisfies StoredDefinitions);
  writeJson(DEFINITIONS_VERSION_KEY, response.version);
}

/** GET …/replication/{appId}/definitions?lang=: the connector catalogue, stored under its version. */
export async function fetchDefinitions(instance: InstanceRef, lang: Language): Promise<DefinitionsResponse> {
  const response = await http.get<DefinitionsResponse>(replicationPath(instance, 'definitions'), { query: { lang } });
  store(response, lang);
  return response;
}

/** The catalogue in a language: the stored copy of the known version when there is one, else the server's. */
export function useDefinitions(instance: InstanceRef | null, lang: Language) {
  // Parsed once per language, not on every render (the catalogue is tens of kB).
  const stored = useMemo(() => readStored(lang), [lang]);
  return useQuery({
    queryKey: dataInKeys.definitions(stored?.response.version ?? 'latest', lang),
    queryFn: () => fetchDefinitions(instance!, lang),
    enabled: !!instance,
    initialData: stored?.response,
    initialDataUpdatedAt: stored?.storedAt,
    staleTime: DEFINITIONS_RECHECK_MS,
  });
}
