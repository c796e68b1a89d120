import { addNamespace } from '../../lib/i18n';
import en from '../../locales/report/en.json';
import id from '../../locales/report/id.json';

// The `report` strings join the translations with the first report screen, not with the login page
// (issue 17: the entry must not grow).
addNamespace('report', { en, id });
