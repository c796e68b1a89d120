/** TanStack Query keys of the resources screen, per client. */
export const resourceKeys = {
  all: (clientId: string) => ['resources', clientId] as const,
  list: (clientId: string, query: object) => ['resources', clientId, 'list', query] as const,
  file: (clientId: string, resourceId: string) => ['resources', clientId, 'file', resourceId] as const,
};
