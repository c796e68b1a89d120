import { addNamespace } from '../../lib/i18n';
import en from '../../locales/rolesAdmin/en.json';
import id from '../../locales/rolesAdmin/id.json';

// The `rolesAdmin` strings join the translations with the first screen of this feature that needs them, not
// with the login page (issue 19).
addNamespace('rolesAdmin', { en, id });
