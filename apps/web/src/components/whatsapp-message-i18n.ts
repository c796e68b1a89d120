import { addNamespace } from '../lib/i18n';
import en from '../locales/whatsappMessage/en.json';
import id from '../locales/whatsappMessage/id.json';

// The shared WhatsApp bubble and template picker bring their strings with the screens that use them,
// never with the login page (issue 19).
addNamespace('whatsappMessage', { en, id });
