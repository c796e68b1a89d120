import { i18n } from '../../lib/i18n';
import en from '../../locales/chatGroups/en.json';
import id from '../../locales/chatGroups/id.json';

// The `chatGroups` namespace joins the translations when the chat group screen loads, not with the login page.
i18n.addResourceBundle('en', 'translation', { chatGroups: en }, true, false);
i18n.addResourceBundle('id', 'translation', { chatGroups: id }, true, false);
