import {
  TEMPLATE_CATEGORIES,
  type TemplateButton,
  type TemplateCategory,
  type TemplateHeader,
  variableCount,
  type WhatsappTemplate,
} from '@sapa/contracts';

/** A template's content as we store it (`draft` column): the form, without number, name and language. */
export type StoredDraft = WhatsappTemplate['draft'];

/** The `components` of a `message_templates` POST, as Meta's Cloud API documents them. */
export function graphComponentsOf(
  category: TemplateCategory,
  draft: StoredDraft,
  /** The media header's sample as Meta's Resumable Upload API named it. */
  headerHandle?: string,
): Record<string, unknown>[] {
  if (category === 'AUTHENTICATION') {
    return [
      { type: 'BODY', add_security_recommendation: draft.securityRecommendation },
      ...(draft.codeExpirationMinutes
        ? [{ type: 'FOOTER', code_expiration_minutes: draft.codeExpirationMinutes }]
        : []),
      {
        type: 'BUTTONS',
        buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: draft.buttons[0]?.text ?? 'Copy code' }],
      },
    ];
  }
  const components: Record<string, unknown>[] = [];
  const header = draft.header;
  if (header?.format === 'TEXT') {
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: header.text,
      ...(header.example && variableCount(header.text) > 0
        ? { example: { header_text: [header.example] } }
        : {}),
    });
  } else if (header) {
    components.push({
      type: 'HEADER',
      format: header.format,
      example: { header_handle: [headerHandle ?? header.exampleUrl ?? ''] },
    });
  }
  components.push({
    type: 'BODY',
    text: draft.body.text,
    ...(draft.body.examples.length > 0 ? { example: { body_text: [draft.body.examples] } } : {}),
  });
  if (draft.footer) components.push({ type: 'FOOTER', text: draft.footer });
  if (draft.buttons.length > 0) {
    components.push({
      type: 'BUTTONS',
      buttons: draft.buttons.map((button): Record<string, unknown> => {
        switch (button.type) {
          case 'QUICK_REPLY':
            return { type: 'QUICK_REPLY', text: button.text };
          case 'URL':
            return {
              type: 'URL',
              text: button.text,
              url: button.url,
              ...(button.example ? { example: [button.example] } : {}),
            };
          case 'PHONE_NUMBER':
            return { type: 'PHONE_NUMBER', text: button.text, phone_number: button.phoneNumber };
          default:
            return { type: 'OTP', otp_type: 'COPY_CODE', text: button.text };
        }
      }),
    });
  }
  return components;
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const firstExample = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  return Array.isArray(value) ? firstExample(value[0]) : undefined;
};

/** A template found on Meta's side (made in its manager) in our stored form; unknown parts are left out. */
export function draftOfGraphComponents(components: Record<string, unknown>[] = []): StoredDraft {
  const draft: StoredDraft = {
    header: null,
    body: { text: '', examples: [] },
    footer: null,
    buttons: [],
    securityRecommendation: false,
    codeExpirationMinutes: null,
  };
  for (const component of components) {
    const type = str(component.type)?.toUpperCase();
    const example = (component.example ?? {}) as Record<string, unknown>;
    if (type === 'HEADER') {
      const format = str(component.format)?.toUpperCase();
      if (format === 'TEXT' && str(component.text)) {
        const header: TemplateHeader = { format: 'TEXT', text: str(component.text)! };
        const sample = firstExample(example.header_text);
        draft.header = sample ? { ...header, example: sample } : header;
      } else if (format === 'IMAGE' || format === 'VIDEO' || format === 'DOCUMENT') {
        draft.header = { format, exampleUrl: firstExample(example.header_handle) ?? '' };
      }
    } else if (type === 'BODY') {
      draft.body.text = str(component.text) ?? '';
      const rows = example.body_text;
      draft.body.examples =
        Array.isArray(rows) && Array.isArray(rows[0])
          ? rows[0].filter((v): v is string => typeof v === 'string')
          : [];
      if (component.add_security_recommendation === true) draft.securityRecommendation = true;
    } else if (type === 'FOOTER') {
      draft.footer = str(component.text) ?? null;
      if (typeof component.code_expiration_minutes === 'number')
        draft.codeExpirationMinutes = component.code_expiration_minutes;
    } else if (type === 'BUTTONS' && Array.isArray(component.buttons)) {
      for (const raw of component.buttons as Record<string, unknown>[]) {
        const text = str(raw.text) ?? '';
        const kind = str(raw.type)?.toUpperCase();
        let button: TemplateButton | null = null;
        if (kind === 'QUICK_REPLY') button = { type: 'QUICK_REPLY', text };
        else if (kind === 'URL') {
          const sample = firstExample(raw.example);
          button = { type: 'URL', text, url: str(raw.url) ?? '', ...(sample ? { example: sample } : {}) };
        } else if (kind === 'PHONE_NUMBER')
          button = { type: 'PHONE_NUMBER', text, phoneNumber: str(raw.phone_number) ?? '' };
        else if (kind === 'OTP') button = { type: 'OTP', otpType: 'COPY_CODE', text: text || 'Copy code' };
        if (button) draft.buttons.push(button);
      }
    }
  }
  return draft;
}

export const categoryOf = (value: string | undefined): TemplateCategory | null => {
  const upper = value?.toUpperCase();
  return (TEMPLATE_CATEGORIES as readonly string[]).includes(upper ?? '')
    ? (upper as TemplateCategory)
    : null;
};

/** What a send fills in: the body's values, and optionally the header's and the URL buttons' ones. */
export type TemplateSendValues = {
  parameters: string[];
  headerParameters?: string[] | undefined;
  buttonParameters?: string[] | undefined;
};

/**
 * The `components` of a template message for this template: the header's value (text, or the media
 * link; the stored sample when the send names none), the body's values, and each URL button's suffix.
 * An authentication template's code goes in the body and in its copy-code button.
 */
export function sendComponentsOf(
  category: TemplateCategory,
  draft: StoredDraft,
  values: TemplateSendValues,
  /** A link the provider can fetch a stored sample file from (signed, expiring). */
  sampleLink?: (fileId: string) => string,
) {
  const text = (value: string) => ({ type: 'text', text: value });
  const components: Record<string, unknown>[] = [];
  if (category === 'AUTHENTICATION') {
    const code = values.parameters[0] ?? '';
    return [
      { type: 'body', parameters: [text(code)] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [text(code)] },
    ];
  }
  const header = draft.header;
  if (header?.format === 'TEXT' && variableCount(header.text) > 0) {
    components.push({
      type: 'header',
      parameters: [text(values.headerParameters?.[0] ?? header.example ?? '')],
    });
  } else if (header && header.format !== 'TEXT') {
    const kind = header.format.toLowerCase();
    const link =
      values.headerParameters?.[0] ??
      (header.exampleFileId && sampleLink ? sampleLink(header.exampleFileId) : header.exampleUrl) ??
      '';
    components.push({ type: 'header', parameters: [{ type: kind, [kind]: { link } }] });
  }
  if (values.parameters.length > 0)
    components.push({ type: 'body', parameters: values.parameters.map(text) });
  let dynamic = 0;
  draft.buttons.forEach((button, index) => {
    if (button.type !== 'URL' || variableCount(button.url) === 0) return;
    const value = values.buttonParameters?.[dynamic] ?? button.example ?? '';
    dynamic += 1;
    components.push({ type: 'button', sub_type: 'url', index: String(index), parameters: [text(value)] });
  });
  return components;
}
