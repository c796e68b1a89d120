import { addNamespace } from '../../lib/i18n';
import en from '../../locales/csAdmin/en.json';
import id from '../../locales/csAdmin/id.json';

// The `csAdmin` strings join the translations with the first screen of this feature that needs them, not
// with the login page (issue 19).
addNamespace('csAdmin', { en, id });
