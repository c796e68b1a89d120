import { i18n } from '../../lib/i18n';
import en from '../../locales/tickets/en.json';
import id from '../../locales/tickets/id.json';

// The `tickets` namespace joins the translations when the first ticket screen loads, not with the login page.
i18n.addResourceBundle('en', 'translation', { tickets: en }, true, false);
i18n.addResourceBundle('id', 'translation', { tickets: id }, true, false);
