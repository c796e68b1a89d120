import { i18n } from '../../lib/i18n';
import en from '../../locales/resources/en.json';
import id from '../../locales/resources/id.json';

// The `resources` namespace joins the translations when the resources screen first loads, not with the
// login page (issue 17: the entry must not grow).
i18n.addResourceBundle('en', 'translation', { resources: en }, true, false);
i18n.addResourceBundle('id', 'translation', { resources: id }, true, false);
