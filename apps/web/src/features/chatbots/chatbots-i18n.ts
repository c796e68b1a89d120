import { i18n } from '../../lib/i18n';
import en from '../../locales/chatbots/en.json';
import id from '../../locales/chatbots/id.json';

// The `chatbots` namespace joins the translations when a bot screen loads, not with the login page.
i18n.addResourceBundle('en', 'translation', { chatbots: en }, true, false);
i18n.addResourceBundle('id', 'translation', { chatbots: id }, true, false);
