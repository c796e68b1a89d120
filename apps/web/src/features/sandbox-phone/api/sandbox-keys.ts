export const sandboxPhoneKeys = {
  all: ['sandbox-phone'] as const,
  business: (phoneNumberId: string) => [...sandboxPhoneKeys.all, 'business', phoneNumberId] as const,
  conversation: (phoneNumberId: string, customerPhone: string) =>
    [...sandboxPhoneKeys.all, 'conversation', phoneNumberId, customerPhone] as const,
};
