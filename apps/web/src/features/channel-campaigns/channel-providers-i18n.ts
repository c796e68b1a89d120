import { addNamespace } from '../../lib/i18n';
import en from '../../locales/channelProviders/en.json';
import id from '../../locales/channelProviders/id.json';
// The provider screens also show this feature's shared pieces (the refusal notice).
import './channel-campaigns-i18n';

// The provider configuration's strings join the translations with its screens, not with the login page
// (issue 19).
addNamespace('channelProviders', { en, id });
