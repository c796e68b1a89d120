import { describe, expect, it } from 'vitest';
import { CampaignContentSchema, campaignContentProblem } from './campaigns.schemas.js';

const content = (fallbackTemplates: unknown[]) =>
  CampaignContentSchema.parse({
    name: 'Reminder',
    template: { channel: 'WHATSAPP', name: 'reminder', language: 'id', parameters: ['{{name}}'] },
    fallbackTemplates,
    paramTranslator: { recipient: 'phone', rules: [{ from: 'Phone', to: 'phone', kind: 'phone' }] },
  });

describe('campaign fallback templates', () => {
  it('defaults to none, and accepts one template per other channel', () => {
    expect(campaignContentProblem(content([]))).toBeNull();
    expect(
      campaignContentProblem(
        content([
          { channel: 'SMS', text: 'Halo {{name}}' },
          { channel: 'VOICE', script: 'Halo {{name}}' },
        ]),
      ),
    ).toBeNull();
    expect(
      CampaignContentSchema.parse({ ...content([]), fallbackTemplates: undefined }).fallbackTemplates,
    ).toEqual([]);
  });

  it("refuses a fallback on the campaign's own channel, or two for one channel", () => {
    expect(
      campaignContentProblem(
        content([{ channel: 'WHATSAPP', name: 'other', language: 'id', parameters: [] }]),
      ),
    ).toMatch(/another channel/);
    expect(
      campaignContentProblem(
        content([
          { channel: 'SMS', text: 'a' },
          { channel: 'SMS', text: 'b' },
        ]),
      ),
    ).toMatch(/One fallback template per channel/);
  });
});
