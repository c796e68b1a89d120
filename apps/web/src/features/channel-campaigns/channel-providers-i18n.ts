import { i18n } from '../../lib/i18n';
import en from '../../locales/channelProviders/en.json';
import id from '../../locales/channelProviders/id.json';

// The provider configuration's strings join the translations when its screens load, not with the login
// page (issue 17: the entry must not grow).
i18n.addResourceBundle('en', 'translation', { channelProviders: en }, true, false);
i18n.addResourceBundle('id', 'translation', { channelProviders: id }, true, false);
