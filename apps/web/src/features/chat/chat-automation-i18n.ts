import { addNamespace, i18n } from '../../lib/i18n';
import en from '../../locales/automation/en.json';
import id from '../../locales/automation/id.json';

// The workspace's words for the inbox's automatic side (the maintenance banner, auto-reply messages),
// joined when the workspace loads, not with the login page. An automatic message is labelled like the
// other kinds (`chat.conversation.kindLabel.<type>`).
addNamespace('automation', { en, id });
for (const [locale, texts] of [
  ['en', en],
  ['id', id],
] as const) {
  const label = texts.chat.autoReply;
  i18n.addResourceBundle(
    locale,
    'translation',
    { chat: { conversation: { kindLabel: { auto_reply: label }, kind: { auto_reply: label } } } },
    true,
    false,
  );
}
