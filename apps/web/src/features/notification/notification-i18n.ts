import { i18n } from '../../lib/i18n';
import en from '../../locales/notification/en.json';
import id from '../../locales/notification/id.json';

// The `notification` namespace of the locales joins the translations when the first notification screen
// loads, not with the login page: its strings are only these screens' (issue 17: the entry must not grow).
i18n.addResourceBundle('en', 'translation', { notification: en }, true, false);
i18n.addResourceBundle('id', 'translation', { notification: id }, true, false);
