import type { ComponentType } from 'react';

/** The two template screens, each its own chunk, reached through this one module from the route table. */
export const WHATSAPP_TEMPLATE_SCREENS = {
  whatsappTemplateList: async () => (await import('./pages/template-list-page')).TemplateListPage,
  whatsappTemplateCreate: async () => (await import('./pages/create-template-page')).CreateTemplatePage,
} satisfies Record<string, () => Promise<ComponentType>>;

export type WhatsappTemplateScreen = keyof typeof WHATSAPP_TEMPLATE_SCREENS;
