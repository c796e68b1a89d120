import { i18n } from '../../lib/i18n';
import en from '../../locales/chatInternal/en.json';
import id from '../../locales/chatInternal/id.json';

// The internal chat's strings join the translations with the chat workspace, not with the login page.
i18n.addResourceBundle('en', 'translation', { chatInternal: en }, true, false);
i18n.addResourceBundle('id', 'translation', { chatInternal: id }, true, false);
