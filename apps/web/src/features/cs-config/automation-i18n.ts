import { i18n } from '../../lib/i18n';
import en from '../../locales/automation/en.json';
import id from '../../locales/automation/id.json';

// The `automation` namespace (availability, auto-reply, strategies, maintenance, provider) joins the
// translations when one of those screens loads, not with the login page (issue 17: the entry must not grow).
i18n.addResourceBundle('en', 'translation', { automation: en }, true, false);
i18n.addResourceBundle('id', 'translation', { automation: id }, true, false);
