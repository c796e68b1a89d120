import { addNamespace } from '../../lib/i18n';
import en from '../../locales/whatsappNumbers/en.json';
import id from '../../locales/whatsappNumbers/id.json';
import './channel-campaigns-i18n';

// The number health strings load with the WhatsApp number screens, not with the login page.
addNamespace('whatsappNumbers', { en, id });
