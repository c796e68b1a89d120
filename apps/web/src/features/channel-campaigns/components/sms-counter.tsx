import { Group, Text } from '@mantine/core';
import { smsSegments } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import '../channel-campaigns-i18n';

/** The server refuses longer texts (ten parts at most). */
export const SMS_MAX_CHARACTERS = 1_600;

/**
 * What an SMS text costs as it is typed: characters, the encoding (one character outside GSM-7 makes
 * the whole message UCS-2) and the parts it is sent and charged as, counted by the server's own rule.
 */
export function SmsCounter({ text }: { text: string }) {
  const { t } = useTranslation();
  const characters = [...text].length;
  const { encoding, segments } = smsSegments(text);
  const tooLong = characters > SMS_MAX_CHARACTERS;
  return (
    <Group gap="md" data-testid="sms-counter" aria-live="polite">
      <Text size="xs" c={tooLong ? 'red' : 'dimmed'}>
        {t('channelCampaigns.sms.characters', { count: characters, max: SMS_MAX_CHARACTERS })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('channelCampaigns.sms.encoding', { encoding })}
      </Text>
      <Text size="xs" c={segments > 1 ? 'orange' : 'dimmed'}>
        {t('channelCampaigns.sms.segments', { count: segments })}
      </Text>
      {encoding === 'UCS-2' && characters > 0 ? (
        <Text size="xs" c="orange">
          {t('channelCampaigns.sms.ucs2Hint')}
        </Text>
      ) : null}
    </Group>
  );
}
