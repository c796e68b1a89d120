/** TanStack Query keys of the template screens, per client. */
export const templateKeys = {
  all: (clientId: string) => ['whatsapp-templates', clientId] as const,
  list: (clientId: string, query: object) => ['whatsapp-templates', clientId, 'list', query] as const,
  numbers: (clientId: string) => ['whatsapp-templates', clientId, 'numbers'] as const,
  samples: (clientId: string, format: string) => ['whatsapp-templates', clientId, 'samples', format] as const,
};
