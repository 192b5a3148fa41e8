import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { keepPolling, qrPhaseFromPoll, readLoginAnswer, ssoErrorText, type LoginData, type QrPhase } from '../../lib/client/login-flow.ts';
import type { LoginContext } from './labels.ts';
import { useRemembered } from './login-memory.tsx';
import { QrImage } from './qr-image.tsx';
import { errorLabels } from './slider-captcha.tsx';
import { SmsForm } from './sms-form.tsx';
import { sso, type LoginSettings } from './sso-client.ts';

type Qr = { qrcode: string; uuid: string; mode: 'link' | 'iframe' };

/** Consecutive network failures of the poll before giving up with a refresh button. */
const MAX_POLL_NETWORK_FAILURES = 3;

/**
 * WeChat QR login (SPEC §4): loading → QR shown → polled every 1.5 s; 1405 keeps polling, 0 logs in,
 * 1404 shows 'QR expired' with a refresh button, 2000 opens the phone-binding form. Polling runs only
 * while `active` (dialog open and this tab selected) and stops on any answer but 1405.
 */
export function WechatLogin({ ctx, settings, active, onLoggedIn }: { ctx: LoginContext; settings: LoginSettings; active: boolean; onLoggedIn: (data: LoginData) => void }) {
  const { labels, locale } = ctx;
  // A binding in progress (after 2000) is remembered across a close of the dialog.
  const [rememberedBind, setBinding] = useRemembered<Extract<QrPhase, { kind: 'bind' }> | null>('wechat:bind', null);
  const [phase, setPhaseState] = useState<QrPhase>(() => rememberedBind ?? { kind: 'loading' });
  const setPhase = (next: QrPhase) => {
    setBinding(next.kind === 'bind' ? next : null);
    setPhaseState(next);
  };
  const [qr, setQr] = useState<Qr | null>(null);
  const [round, setRound] = useState(0);
  const refreshRef = useRef<HTMLButtonElement>(null);
  const binding = phase.kind === 'bind';
  /** A new QR: the old one (and its simulator link) disappears at once. */
  const restart = () => {
    setQr(null);
    setPhase({ kind: 'loading' });
    setRound((n) => n + 1);
  };

  useEffect(() => {
    if (!active || binding) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let networkFailures = 0;
    const base = settings.ssoUrl;
    const site = encodeURIComponent(String(settings.siteId));
    setPhase({ kind: 'loading' });
    setQr(null);

    const poll = async (uuid: string) => {
      if (stopped) return;
      let answer;
      try {
        answer = await sso(base, `/wechat/qrconnect?siteid=${site}&uuid=${encodeURIComponent(uuid)}`);
      } catch {
        if (stopped) return;
        if (++networkFailures >= MAX_POLL_NETWORK_FAILURES) setPhase({ kind: 'error', message: labels.networkError });
        else timer = setTimeout(() => void poll(uuid), settings.qrPollMs);
        return;
      }
      if (stopped) return;
      networkFailures = 0;
      const next = qrPhaseFromPoll(answer);
      if (keepPolling(next)) {
        setPhase(next);
        timer = setTimeout(() => void poll(uuid), settings.qrPollMs);
        return;
      }
      if (next.kind === 'success') {
        const result = readLoginAnswer(answer);
        if (!result.ok) {
          setPhase({ kind: 'error', message: ssoErrorText(locale, result.msg, errorLabels(labels)) });
          return;
        }
        setPhase(next);
        onLoggedIn(result.data);
        return;
      }
      setPhase(next.kind === 'error' ? { kind: 'error', message: ssoErrorText(locale, next.message, errorLabels(labels)) } : next);
    };

    void (async () => {
      try {
        const answer = await sso(base, `/wechat/qrlogin?siteid=${site}`);
        if (stopped) return;
        const info = answer.info as Partial<Qr> | null | undefined;
        if (answer.error_code !== 0 || !info || typeof info.qrcode !== 'string' || typeof info.uuid !== 'string') {
          setPhase({ kind: 'error', message: ssoErrorText(locale, typeof answer.msg === 'string' ? answer.msg : '', { ...errorLabels(labels), generic: labels.qrError }) });
          return;
        }
        setQr({ qrcode: info.qrcode, uuid: info.uuid, mode: info.mode === 'iframe' ? 'iframe' : 'link' });
        setPhase({ kind: 'shown', scanned: false });
        timer = setTimeout(() => void poll(info.uuid!), settings.qrPollMs);
      } catch {
        if (!stopped) setPhase({ kind: 'error', message: labels.qrError });
      }
    })();

    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, binding, round, settings]);

  // The refresh button takes focus when it appears, so keyboard users land on it.
  useEffect(() => {
    if (active && (phase.kind === 'expired' || phase.kind === 'error')) refreshRef.current?.focus();
  }, [phase.kind, active]);

  if (phase.kind === 'bind') {
    return (
      <div className="flex flex-col gap-1" data-testid="wechat-bind">
        <div className="flex items-baseline justify-between leading-5">
          <h3 className="text-sm font-semibold">{labels.bindTitle}</h3>
          <Button type="button" variant="link" className="h-auto p-0 text-xs font-normal text-brand-600" onClick={restart}>
            {labels.qrRefresh}
          </Button>
        </div>
        <p className="sr-only">{labels.bindHint}</p>
        <SmsForm ctx={ctx} settings={settings} bindTicket={phase.bindTicket} onLoggedIn={onLoggedIn} idPrefix="bind" autoFocus />
      </div>
    );
  }

  const dead = phase.kind === 'expired' || phase.kind === 'error';
  const status =
    phase.kind === 'loading'
      ? labels.qrLoading
      : phase.kind === 'shown'
        ? phase.scanned
          ? labels.qrScanned
          : labels.qrHint
        : phase.kind === 'success'
          ? labels.qrSuccess
          : phase.kind === 'expired'
            ? labels.qrExpired
            : phase.message;

  return (
    <div className="flex flex-col items-center gap-2 text-center" data-testid="wechat-qr" data-phase={phase.kind}>
      <div className="relative grid h-[168px] w-[168px] place-items-center rounded-md border border-slate-200 bg-white">
        {qr && qr.mode === 'iframe' ? (
          <iframe src={qr.qrcode} title={labels.qrAlt} className="h-[164px] w-[164px] border-0" sandbox="allow-scripts allow-same-origin allow-top-navigation" />
        ) : qr ? (
          <QrImage text={qr.qrcode} label={labels.qrAlt} />
        ) : (
          <div className="h-[160px] w-[160px] animate-pulse rounded bg-slate-100" aria-hidden="true" />
        )}
        {(dead || phase.kind === 'success') && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-md bg-white/90 p-2">
            {phase.kind === 'success' ? (
              <span className="text-3xl text-green-600" aria-hidden="true">
                ✓
              </span>
            ) : (
              <Button ref={refreshRef} type="button" size="sm" onClick={restart} className="font-normal" data-testid="qr-refresh">
                ↻ {labels.qrRefresh}
              </Button>
            )}
          </div>
        )}
      </div>
      <p role={dead ? 'alert' : 'status'} className={`min-h-5 text-sm ${dead ? 'text-red-600' : phase.kind === 'success' ? 'text-green-700' : 'text-slate-600'}`} data-testid="qr-status">
        {status}
      </p>
      {settings.wechatProvider === 'dev' && qr?.mode === 'link' && (
        <p className="rounded border border-amber-300 bg-amber-50 px-2 py-1 text-[11px] leading-snug text-amber-800">
          {labels.devWechat}{' '}
          <a href={qr.qrcode} target="_blank" rel="noopener" className="underline" data-testid="qr-simulator">
            {labels.devSimulator}
          </a>
        </p>
      )}
    </div>
  );
}
