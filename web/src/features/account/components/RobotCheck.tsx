import { useQuery } from '@tanstack/react-query';
import { forwardRef, useState } from 'react';
import { accountKo } from '../../../i18n/account';
import { accountApi, accountKeys } from '../account-api';
import { AltchaWidget, type RobotCheckHandle } from './AltchaWidget';
import { TurnstileWidget } from './TurnstileWidget';

const t = accountKo.robotCheck;

/** The robot check the server asks for: ALTCHA by default, Turnstile when the server has its keys. */
export const RobotCheck = forwardRef<RobotCheckHandle, { onChange(token: string | null): void }>(function RobotCheck({ onChange }, ref) {
  const config = useQuery({ queryKey: accountKeys.captchaConfig(), queryFn: accountApi.captchaConfig, staleTime: Infinity });
  const [unavailable, setUnavailable] = useState(false);

  if (config.isPending) return <p className="muted">{t.loading}</p>;
  if (config.isError || unavailable) return <p className="account-form-error" role="alert">{t.unavailable}</p>;
  const { provider, challengeUrl, siteKey } = config.data;
  if (provider === 'turnstile' && siteKey) {
    return <TurnstileWidget ref={ref} siteKey={siteKey} onChange={onChange} onUnavailable={() => setUnavailable(true)} />;
  }
  return <AltchaWidget ref={ref} challengeUrl={challengeUrl ?? '/api/captcha/challenge'} onChange={onChange} />;
});

export type { RobotCheckHandle };
