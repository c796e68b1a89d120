import { i18n } from '../../lib/i18n';
import en from '../../locales/report/en.json';
import id from '../../locales/report/id.json';

// The `report` namespace joins the translations when the first report screen loads, not with the login
// page (issue 17: the entry must not grow).
i18n.addResourceBundle('en', 'translation', { report: en }, true, false);
i18n.addResourceBundle('id', 'translation', { report: id }, true, false);
