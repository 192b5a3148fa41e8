import type { SubmitEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  loginFormFields,
  readLoginAnswer,
  sendCodeError,
  smsButtonEnabled,
  smsButtonLabel,
  smsButtonReducer,
  ssoErrorText,
  submitError,
  type CaptchaTicket,
  type LoginData,
  type SmsButtonEvent,
  type SmsButtonState,
  type ValidationKey,
} from '../../lib/client/login-flow.ts';
import { SsoCode } from '../../lib/sso/sso.ts';
import type { LoginContext } from './labels.ts';
import { useRemembered } from './login-memory.tsx';
import { errorLabels, SliderCaptcha } from './slider-captcha.tsx';
import { formOf, sso, type LoginSettings } from './sso-client.ts';

type Field = 'phone' | 'slider' | 'code' | 'agreement' | 'form';
type Problem = { field: Field; text: string } | null;

const FIELD_OF: Record<ValidationKey, Field> = {
  phoneRequired: 'phone',
  phoneInvalid: 'phone',
  sliderRequired: 'slider',
  codeRequired: 'code',
  agreementRequired: 'agreement',
};

/**
 * Phone + slider + SMS code, for the phone tab (SMS login) and for the WeChat binding form (after
 * qrconnect answered 2000: reg_tid 0, uuid = the binding ticket, agreement 1). Phone, code,
 * agreement and the SMS button (its countdown) are remembered across a close of the dialog.
 */
export function SmsForm({
  ctx,
  settings,
  bindTicket,
  onLoggedIn,
  onBindExpired,
  idPrefix,
  autoFocus,
}: {
  ctx: LoginContext;
  settings: LoginSettings;
  bindTicket?: string;
  onLoggedIn: (data: LoginData) => void;
  onBindExpired?: () => void;
  idPrefix: string;
  autoFocus?: boolean;
}) {
  const { labels, locale } = ctx;
  const bind = Boolean(bindTicket);
  const [phone, setPhone] = useRemembered(`${idPrefix}:phone`, '');
  const [code, setCode] = useRemembered(`${idPrefix}:code`, '');
  const [agreement, setAgreement] = useRemembered(`${idPrefix}:agreement`, false);
  const [ticket, setTicket] = useState<CaptchaTicket | null>(null);
  const [sliderReset, setSliderReset] = useState(0);
  // Reopened: a countdown that ran out meanwhile is 'get code' again; a send whose answer had not
  // come when the dialog closed may be tried again.
  const [button, setButton] = useRemembered<SmsButtonState>(`${idPrefix}:button`, { kind: 'idle' }, (b) => smsButtonReducer(b.kind === 'sending' ? { kind: 'resend' } : b, { type: 'tick', now: Date.now() }));
  const dispatch = (event: SmsButtonEvent) => setButton((b) => smsButtonReducer(b, event));
  const [now, setNow] = useState(() => Date.now());
  const [problem, setProblem] = useState<Problem>(null);
  const [notice, setNotice] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const agreeRef = useRef<HTMLButtonElement>(null);
  const knobRef = useRef<HTMLDivElement>(null);
  const usedTicket = useRef(false);

  useEffect(() => {
    if (autoFocus) phoneRef.current?.focus();
  }, [autoFocus]);

  // The countdown: one tick a second; at 0 the button is 'get code' again and, the slider's ticket
  // having been spent on the send, a fresh slider is loaded.
  useEffect(() => {
    if (button.kind !== 'countdown') return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      dispatch({ type: 'tick', now: t });
    }, 1000);
    return () => clearInterval(timer);
  }, [button.kind]);
  useEffect(() => {
    if (button.kind === 'idle' && usedTicket.current) {
      usedTicket.current = false;
      setSliderReset((n) => n + 1);
    }
  }, [button.kind]);

  const ids = {
    phone: `${idPrefix}-phone`,
    area: `${idPrefix}-area`,
    code: `${idPrefix}-code`,
    agree: `${idPrefix}-agree`,
    error: `${idPrefix}-error`,
  };

  const show = (p: Problem, focus = true) => {
    setProblem(p);
    if (p) setNotice('');
    if (!p || !focus) return;
    const target = { phone: phoneRef, code: codeRef, agreement: agreeRef, slider: knobRef, form: null }[p.field];
    target?.current?.focus();
  };
  const validation = (key: ValidationKey) => show({ field: FIELD_OF[key], text: labels[key] });
  const ssoText = (msg: unknown) => ssoErrorText(locale, typeof msg === 'string' ? msg : '', errorLabels(labels));

  const sendCode = async () => {
    if (!smsButtonEnabled(button)) return;
    const invalid = sendCodeError({ phone, sliderDone: ticket !== null });
    if (invalid) return validation(invalid);
    show(null);
    dispatch({ type: 'send' });
    const fields = loginFormFields({ phone, ticket, siteId: settings.siteId, referer: location.href, ...(bindTicket ? { bindTicket } : {}) });
    try {
      const answer = await sso(settings.ssoUrl, '/register/regsms', { method: 'POST', body: formOf(fields) });
      // SPEC §7: error_code above 0 shows msg.
      if (Number(answer.error_code) > 0 || answer.error_code === undefined) throw answer;
      usedTicket.current = true;
      const t = Date.now();
      setNow(t);
      const resendIn = (answer.data as { resendIn?: unknown } | null)?.resendIn;
      dispatch({ type: 'sent', now: t, seconds: typeof resendIn === 'number' && resendIn > 0 && resendIn <= 600 ? resendIn : settings.smsResendSeconds });
      setNotice(labels.codeSent);
      codeRef.current?.focus();
    } catch (failure) {
      // SPEC §4: on failure the button shows 're-send' and the slider resets.
      dispatch({ type: 'failed' });
      setTicket(null);
      setSliderReset((n) => n + 1);
      const answer = failure as { error_code?: unknown; msg?: unknown } | Error;
      show({ field: 'form', text: answer instanceof Error ? labels.networkError : ssoText(answer.msg) }, false);
      if (!(answer instanceof Error) && Number(answer.error_code) === SsoCode.bindTicketInvalid) onBindExpired?.();
    }
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const invalid = submitError({ phone, code, agreement: bind ? agreement : undefined });
    if (invalid) return validation(invalid);
    show(null);
    setSubmitting(true);
    const fields = loginFormFields({ phone, smscode: code, ticket, siteId: settings.siteId, referer: location.href, ...(bindTicket ? { bindTicket } : {}) });
    try {
      const answer = await sso(settings.ssoUrl, bind ? '/oauth/smsbindorreg.html' : '/smsLogin/index.html', { method: 'POST', body: formOf(fields) });
      const result = readLoginAnswer(answer);
      if (result.ok) {
        setNotice(labels.loggedIn);
        onLoggedIn(result.data);
        return;
      }
      show({ field: result.code === SsoCode.smsCodeInvalid ? 'code' : 'form', text: ssoText(result.msg) }, result.code === SsoCode.smsCodeInvalid);
      if (result.code === SsoCode.bindTicketInvalid) onBindExpired?.();
    } catch {
      show({ field: 'form', text: labels.networkError }, false);
    }
    setSubmitting(false);
  };

  const invalidField = problem?.field;
  const describe = (field: Field) => (invalidField === field ? ids.error : undefined);
  const inputClass = 'h-8 min-w-0 flex-1 px-2 text-sm shadow-none md:text-sm';
  const inboxHref = `${settings.ssoUrl.replace(/\/$/, '')}/dev/inbox?phone=${encodeURIComponent(phone.trim())}`;

  return (
    <form className="flex flex-col gap-1.5" onSubmit={submit} noValidate data-testid={bind ? 'bind-form' : 'sms-form'}>
      {settings.smsProvider === 'dev' && (
        <p className="truncate rounded border border-amber-300 bg-amber-50 px-2 py-0.5 text-[11px] leading-4 text-amber-800" data-testid="dev-sms-notice">
          <strong>{labels.devSms}</strong>{' '}
          <a href={inboxHref} target="_blank" rel="noopener" className="underline" data-testid="dev-inbox-link">
            {labels.devInbox}
          </a>
        </p>
      )}
      <div className="flex gap-1.5">
        <Label htmlFor={ids.area} className="sr-only">
          {labels.areaCode}
        </Label>
        <select id={ids.area} className="h-8 w-16 shrink-0 rounded-md border border-input bg-white px-1 text-sm" aria-label={labels.areaCode}>
          <option value="86">+86</option>
        </select>
        <Label htmlFor={ids.phone} className="sr-only">
          {labels.phone}
        </Label>
        <Input
          ref={phoneRef}
          id={ids.phone}
          autoFocus={autoFocus}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={11}
          placeholder={labels.phonePlaceholder}
          value={phone}
          onChange={(e) => {
            setPhone(e.currentTarget.value.replace(/\D/g, ''));
            if (invalidField === 'phone') show(null);
          }}
          aria-invalid={invalidField === 'phone' ? 'true' : undefined}
          aria-describedby={describe('phone')}
          className={inputClass}
          data-testid="login-phone"
        />
      </div>
      <SliderCaptcha
        ctx={ctx}
        ssoBase={settings.ssoUrl}
        resetKey={sliderReset}
        knobRef={knobRef}
        invalid={invalidField === 'slider'}
        describedBy={describe('slider')}
        onTicket={(t) => {
          setTicket(t);
          if (t && invalidField === 'slider') show(null);
        }}
      />
      <div className="flex gap-1.5">
        <Label htmlFor={ids.code} className="sr-only">
          {labels.code}
        </Label>
        <Input
          ref={codeRef}
          id={ids.code}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={labels.codePlaceholder}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value.replace(/\D/g, ''));
            if (invalidField === 'code') show(null);
          }}
          aria-invalid={invalidField === 'code' ? 'true' : undefined}
          aria-describedby={describe('code')}
          className={inputClass}
          data-testid="login-code"
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={sendCode}
          disabled={!smsButtonEnabled(button)}
          aria-live="polite"
          className="h-8 w-24 border-brand-600 px-1 text-xs font-normal text-brand-600 shadow-none hover:bg-brand-50 hover:text-brand-600 disabled:border-slate-300 disabled:bg-slate-50 disabled:text-slate-500 disabled:opacity-100"
          data-testid="login-get-code"
          data-state={button.kind}
        >
          {smsButtonLabel(button, now, labels)}
        </Button>
      </div>
      {bind && (
        <div className="flex items-start gap-1.5 text-[11px] leading-snug text-slate-600">
          <Checkbox
            ref={agreeRef}
            id={ids.agree}
            checked={agreement}
            onCheckedChange={(checked) => {
              setAgreement(checked === true);
              if (invalidField === 'agreement') show(null);
            }}
            aria-invalid={invalidField === 'agreement' ? 'true' : undefined}
            aria-describedby={describe('agreement')}
            className="mt-0.5 size-3.5 border-slate-400 data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600"
            data-testid="bind-agreement"
          />
          <span>
            <Label htmlFor={ids.agree} className="inline text-[11px] font-normal leading-snug">
              {labels.agreePrefix}
            </Label>{' '}
            <a href="/doc/userAgreement.html" target="_blank" rel="noopener" className="text-brand-600 hover:underline">
              {labels.userAgreement}
            </a>{' '}
            {labels.and}{' '}
            <a href="/doc/privacyAgreement.html" target="_blank" rel="noopener" className="text-brand-600 hover:underline">
              {labels.privacy}
            </a>
          </span>
        </div>
      )}
      {/* One line for the outcome: an error (alert) or a notice (status). */}
      {problem ? (
        <p id={ids.error} role="alert" className="min-h-4 text-xs leading-4 text-red-600" data-testid="login-error">
          {problem.text}
        </p>
      ) : (
        <p role="status" className="min-h-4 text-xs leading-4 text-green-700" data-testid="login-notice">
          {notice}
        </p>
      )}
      <Button type="submit" disabled={submitting} className="h-9 w-full" data-testid="login-submit">
        {submitting ? labels.submitting : bind ? labels.bindSubmit : labels.submit}
      </Button>
    </form>
  );
}
