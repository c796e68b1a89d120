import { i18n } from '../../lib/i18n';
import en from '../../locales/analytics/en.json';
import id from '../../locales/analytics/id.json';

// The `analytics` namespace joins the translations when the first analytics screen loads, not with
// the login page: its strings are only these screens'.
i18n.addResourceBundle('en', 'translation', { analytics: en }, true, false);
i18n.addResourceBundle('id', 'translation', { analytics: id }, true, false);
