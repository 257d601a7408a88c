/** The Data In screens' paths (docs/data-in.md "Screens"); routes/table.ts lists the same patterns. */
export const dataInPaths = {
  home: '/dataIn',
  create: (connector: string) => `/dataIn/create/${encodeURIComponent(connector)}`,
  detail: (id: string) => `/dataIn/tasks/${encodeURIComponent(id)}`,
  edit: (id: string) => `/dataIn/tasks/${encodeURIComponent(id)}/edit`,
};
