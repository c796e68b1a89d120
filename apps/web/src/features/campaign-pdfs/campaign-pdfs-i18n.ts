import { addNamespace } from '../../lib/i18n';
import en from '../../locales/campaignPdfs/en.json';
import id from '../../locales/campaignPdfs/id.json';

// The `campaignPdfs` strings join the translations with the first screen of this feature, not with the
// login page (issue 19).
addNamespace('campaignPdfs', { en, id });
