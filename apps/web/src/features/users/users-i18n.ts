import { addNamespace } from '../../lib/i18n';
import en from '../../locales/users/en.json';
import id from '../../locales/users/id.json';

// The `users` strings join the translations with the first screen of this feature that needs them, not
// with the login page (issue 19).
addNamespace('users', { en, id });
