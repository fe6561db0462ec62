'use client';

import { useTranslations } from 'next-intl';
import { passwordRuleFailures, type PasswordRule } from '@/lib/domain/password';
import { cn } from '@/components/ui/cn';

const RULES: { rule: PasswordRule; key: 'ruleLength' | 'ruleCase' | 'ruleDigitOrSpecial' }[] = [
  { rule: 'length', key: 'ruleLength' },
  { rule: 'case', key: 'ruleCase' },
  { rule: 'digitOrSpecial', key: 'ruleDigitOrSpecial' },
];

/** The password rules, each marked as met or not for the password typed so far. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const t = useTranslations('password');
  const failures = passwordRuleFailures(password);
  return (
    <ul id={id} className="space-y-0.5 text-xs" aria-label={t('rules')}>
      {RULES.map(({ rule, key }) => {
        const met = password.length > 0 && !failures.includes(rule);
        return (
          <li key={rule} data-met={met} className={cn('flex items-center gap-1.5', met ? 'text-green-700' : 'text-gray-500')}>
            <span aria-hidden="true">{met ? '✓' : '•'}</span>
            {t(key)}
            <span className="sr-only">{met ? ` (${t('ruleMet')})` : ` (${t('ruleNotMet')})`}</span>
          </li>
        );
      })}
    </ul>
  );
}
