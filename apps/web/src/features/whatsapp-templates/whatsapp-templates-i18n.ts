import { i18n } from '../../lib/i18n';
import en from '../../locales/whatsappTemplates/en.json';
import id from '../../locales/whatsappTemplates/id.json';

// The `whatsappTemplates` namespace joins the translations when a template screen first loads, not with
// the login page (issue 17: the entry must not grow).
i18n.addResourceBundle('en', 'translation', { whatsappTemplates: en }, true, false);
i18n.addResourceBundle('id', 'translation', { whatsappTemplates: id }, true, false);
