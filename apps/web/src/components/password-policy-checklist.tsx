import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { PASSWORD_MESSAGES, passwordPolicyProblems } from '@sapa/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The rules of the contracts' password policy the checklist can show, by their message key. */
export type PasswordRule = 'tooShort' | 'isEmail' | 'sameAsOld' | 'mismatch';

export type PasswordPolicyInput = {
  newPassword: string;
  confirmPassword: string;
  /** The account's email; without it the "not your email" rule is left to the server. */
  email?: string;
  /** The current password; without it the "different from the current one" rule is left to the server. */
  oldPassword?: string;
};

/** Which of the policy rules apply to this form (rules that need a value the form lacks are left out). */
export function applicableRules(input: PasswordPolicyInput): PasswordRule[] {
  const rules: PasswordRule[] = ['tooShort'];
  if (input.email !== undefined) rules.push('isEmail');
  if (input.oldPassword !== undefined) rules.push('sameAsOld');
  rules.push('mismatch');
  return rules;
}

/**
 * The rules the new password breaks, as `@sapa/contracts` `passwordPolicyProblems` (the server's own
 * check) finds them. `tooLong` counts as a `tooShort`-like length problem the checklist does not list.
 */
export function brokenRules(input: PasswordPolicyInput): Set<PasswordRule | 'tooLong'> {
  const problems = passwordPolicyProblems({
    newPassword: input.newPassword,
    confirmPassword: input.confirmPassword,
    // An unknown email never matches: that rule is then the server's alone.
    email: input.email ?? '\u0000',
    oldPassword: input.oldPassword,
  });
  const broken = new Set<PasswordRule | 'tooLong'>();
  for (const [rule, message] of Object.entries(PASSWORD_MESSAGES)) {
    if (problems.some((problem) => problem.message === message)) broken.add(rule as PasswordRule | 'tooLong');
  }
  // Nothing typed yet meets nothing: an empty password is not "not your email" either.
  if (input.newPassword === '') for (const rule of applicableRules(input)) broken.add(rule);
  if (input.confirmPassword === '') broken.add('mismatch');
  return broken;
}

/** Live password policy: each rule ticks green as the new password meets it. */
export function PasswordPolicyChecklist(props: PasswordPolicyInput) {
  const { t } = useTranslation();
  const broken = brokenRules(props);
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id="password-policy-title">
        {t('passwordPolicy.title')}
      </Text>
      <List spacing={4} size="sm" center aria-labelledby="password-policy-title">
        {applicableRules(props).map((rule) => {
          const met = !broken.has(rule);
          return (
            <List.Item
              key={rule}
              data-rule={rule}
              data-met={met}
              icon={
                <ThemeIcon
                  size={18}
                  radius="xl"
                  color={met ? 'teal' : 'gray'}
                  variant={met ? 'filled' : 'light'}
                >
                  {met ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" c={met ? undefined : 'dimmed'}>
                {t(`passwordPolicy.${rule}`)}
                <VisuallyHidden>{` — ${met ? t('passwordPolicy.met') : t('passwordPolicy.notMet')}`}</VisuallyHidden>
              </Text>
            </List.Item>
          );
        })}
      </List>
      {broken.has('tooLong') ? (
        <Text size="sm" c="red" mt={4}>
          {t('passwordPolicy.tooLong')}
        </Text>
      ) : null}
    </div>
  );
}

/** Translation key of a policy problem the server answered (its English message), else null. */
export function policyKeyOfMessage(message: string): string | null {
  const entry = Object.entries(PASSWORD_MESSAGES).find(([, text]) => text === message);
  return entry ? `passwordPolicy.problems.${entry[0]}` : null;
}

/**
 * The policy problems of a new password, per field, in the interface language: what the form shows
 * under its inputs before it sends anything (the server runs the same rules and answers the same).
 */
export function policyFieldErrors(
  input: PasswordPolicyInput,
  t: (key: string) => string,
): Partial<Record<'newPassword' | 'confirmPassword', string>> {
  const errors: Partial<Record<'newPassword' | 'confirmPassword', string>> = {};
  const problems = passwordPolicyProblems({
    newPassword: input.newPassword,
    confirmPassword: input.confirmPassword,
    email: input.email ?? '\u0000',
    oldPassword: input.oldPassword,
  });
  for (const problem of problems) {
    if (errors[problem.field]) continue;
    const key = policyKeyOfMessage(problem.message);
    errors[problem.field] = key ? t(key) : problem.message;
  }
  return errors;
}
