import { addNamespace } from '../../lib/i18n';
import en from '../../locales/automation/en.json';
import id from '../../locales/automation/id.json';

// The `automation` strings (availability, auto-reply, strategies, maintenance, provider) join the
// translations with the first of those screens, not with the login page (issue 19).
addNamespace('automation', { en, id });
