import { addNamespace } from '../../lib/i18n';
import en from '../../locales/clients/en.json';
import id from '../../locales/clients/id.json';

// The `clients` strings join the translations with the first screen of this feature that needs them, not
// with the login page (issue 19).
addNamespace('clients', { en, id });
