import {
  AUTHENTICATION_BODY,
  fillVariables,
  type TemplateButton,
  type TemplateCategory,
  type TemplateHeader,
} from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { WhatsappBubble } from '../../../components/whatsapp-bubble';

export type TemplatePreviewProps = {
  category: TemplateCategory;
  header: TemplateHeader | null;
  body: string;
  examples: readonly string[];
  footer: string | null;
  buttons: readonly TemplateButton[];
  securityRecommendation?: boolean;
  codeExpirationMinutes?: number | null;
};

/**
 * The template being written, as the customer will see it: the body with its examples filled in; an
 * authentication template shows Meta's fixed text and only its code button. It follows the form as typed.
 */
export function TemplatePreview(props: TemplatePreviewProps) {
  const { t } = useTranslation();
  const auth = props.category === 'AUTHENTICATION';
  return (
    <WhatsappBubble
      label={t('whatsappTemplates.preview.label')}
      emptyText={t('whatsappTemplates.preview.empty')}
      header={auth ? null : props.header}
      body={auth ? fillVariables(AUTHENTICATION_BODY, ['123456']) : fillVariables(props.body, props.examples)}
      bodySuffix={auth && props.securityRecommendation ? t('whatsappTemplates.preview.security') : null}
      footer={
        auth
          ? props.codeExpirationMinutes
            ? t('whatsappTemplates.preview.expires', { minutes: props.codeExpirationMinutes })
            : null
          : props.footer
      }
      buttons={auth ? props.buttons.filter((button) => button.type === 'OTP') : props.buttons}
    />
  );
}
