import { addNamespace } from '../../lib/i18n';
import en from '../../locales/channelCampaigns/en.json';
import id from '../../locales/channelCampaigns/id.json';

// The `channelCampaigns` strings join the translations with the first screen of this feature that needs them, not
// with the login page (issue 19).
addNamespace('channelCampaigns', { en, id });
