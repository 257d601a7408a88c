/** The Data In screens' paths (docs/data-in.md "Screens"); routes/table.ts lists the same patterns. */
export const dataInPaths = {
  home: '/dataIn',
  create: (connector: string) => `/dataIn/create/${encodeURIComponent(connector)}`,
  detail: (id: string) => `/dataIn/tasks/${encodeURIComponent(id)}`,
  edit: (id: string) => `/dataIn/tasks/${encodeURIComponent(id)}/edit`,
  csvFiles: '/dataIn/csvFiles',
  points: (via: 'task' | 'file', from: string) => `/dataIn/points/${via}/${encodeURIComponent(from)}`,
  agents: '/dataIn/dataCollectionAgents',
  docs: (category: string, lang: string) => `/dataIn/docs/${encodeURIComponent(category)}/${encodeURIComponent(lang)}`,
};
