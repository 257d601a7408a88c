import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MartEntry, MartLists } from '@tscloud/contracts';
import { http } from '../../api/http';

/** The database mart (contracts api/explorer-mart.ts): what the organization published and imported; publish, import, remove. */
const key = ['explorer', 'mart'] as const;

export function useMart() {
  return useQuery({ queryKey: key, queryFn: () => http.get<MartLists>('/data/database/mart') });
}

/** GET /api/data/database/platform: databases the platform offers every signed-in user. */
export function usePlatformDatabases() {
  return useQuery({ queryKey: [...key, 'platform'], queryFn: () => http.get<MartEntry[]>('/data/database/platform') });
}

export function useMartMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: key });
  return {
    publish: useMutation({ mutationFn: (body: { app_id: string; db_name: string; title: string; description: string }) => http.post<MartEntry>('/data/database/mart', body, { silent: true }), onSuccess: refresh }),
    importCode: useMutation({ mutationFn: (access_code: string) => http.post<MartEntry>('/data/database/mart/import', { access_code }, { silent: true }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => http.delete<{ id: string }>(`/data/database/mart/${encodeURIComponent(id)}`), onSuccess: refresh }),
  };
}
