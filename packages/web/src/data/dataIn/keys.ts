export const dataInKeys = {
  all: ['dataIn'] as const,
  /** Versioned: a new catalogue version is a new cache entry (data-in.md §3). */
  definitions: (version: string, lang: string) => [...dataInKeys.all, 'definitions', version, lang] as const,
  csvFiles: (instanceId: string) => [...dataInKeys.all, instanceId, 'csvFiles'] as const,
  pointTicket: (instanceId: string, via: string, from: string) => [...dataInKeys.all, instanceId, 'points', via, from] as const,
  pointPage: (instanceId: string, ticket: string, page: number, pageSize: number) => [...dataInKeys.all, instanceId, 'points', 'page', ticket, page, pageSize] as const,
  tasks: (instanceId: string) => [...dataInKeys.all, instanceId, 'tasks'] as const,
  taskList: (instanceId: string, query: Record<string, unknown>) => [...dataInKeys.tasks(instanceId), 'list', query] as const,
  task: (instanceId: string, id: string, lang: string) => [...dataInKeys.tasks(instanceId), 'detail', id, lang] as const,
  activities: (instanceId: string, id: string) => [...dataInKeys.tasks(instanceId), 'activities', id] as const,
  metrics: (instanceId: string, id: string) => [...dataInKeys.tasks(instanceId), 'metrics', id] as const,
  progress: (instanceId: string, id: string) => [...dataInKeys.tasks(instanceId), 'progress', id] as const,
};
