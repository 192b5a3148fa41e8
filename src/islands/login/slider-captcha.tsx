import type { PointerEvent, KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  createTrackRecorder,
  isCaptchaTicket,
  precheckTrack,
  readSliderChallenge,
  SLIDER_CHALLENGE_LIFE_MS,
  SLIDER_TICKET_LIFE_MS,
  ssoErrorText,
  type CaptchaTicket,
  type SliderChallenge,
} from '../../lib/client/login-flow.ts';
import type { LoginContext } from './labels.ts';
import { PowUnsupportedError, solveInBackground } from './pow-client.ts';
import { readPowTask } from './pow-solver.ts';
import { sso } from './sso-client.ts';

type Status = 'loading' | 'loadError' | 'idle' | 'dragging' | 'verifying' | 'ok';
/** The accessible alternative's progress: a proof of work started by a button. */
type PowPhase = 'idle' | 'loading' | 'solving' | 'verifying' | 'done';

const MAX_POINTS = 1400;

/**
 * The self-hosted slider (src/lib/sso/README.md "Slider captcha"): a picture puzzle. The challenge
 * brings a background with a gap (and decoy holes) and the piece as a full-height strip; where the
 * gap is, only the pixels say. While the slider is pointed at, pressed or moved by keys, the picture
 * opens over the form (below the track, or above it when there is no room), scaled to the width
 * available, and the piece follows the knob: the user drops it into the hole at its own height.
 * The track of points {x, y, t} (x in the challenge's 300 units) goes to POST /captcha/verify, whose
 * one-time ticket is handed to the form. Keyboard: arrows move the block and Enter submits, but the
 * server wants a hand-made track (y varies, slows at the end), so keyboard tracks are checked here
 * first and never sent when they would fail; the user is pointed to the mouse, touch or WeChat.
 *
 * The accessible alternative sits under the track: a real button ('Can't drag? Verify without
 * dragging') fetches a proof-of-work challenge (GET /captcha/pow), solves it in a Web Worker
 * (pow-client.ts), announces its progress in a polite live region, and sends the number to
 * POST /captcha/pow/verify, which answers the same one-time ticket as the slider: it goes through
 * the same `onTicket` and the slider shows the same 'ok' state.
 */
export function SliderCaptcha({
  ctx,
  ssoBase,
  resetKey,
  onTicket,
  invalid,
  describedBy,
  knobRef,
}: {
  ctx: LoginContext;
  ssoBase: string;
  /** Changing it loads a fresh challenge (after a failed send or a used ticket). */
  resetKey: number;
  onTicket: (ticket: CaptchaTicket | null) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  knobRef?: { current: HTMLDivElement | null };
}) {
  const { labels, locale } = ctx;
  const [challenge, setChallenge] = useState<SliderChallenge | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [message, setMessage] = useState('');
  const [x, setX] = useState(0);
  const [loadCount, setLoadCount] = useState(0);
  /** The pointer is over the track (or a finger on it): the picture shows. */
  const [hover, setHover] = useState(false);
  const [placement, setPlacement] = useState<'below' | 'above'>('below');
  const trackRef = useRef<HTMLDivElement>(null);
  const ownKnob = useRef<HTMLDivElement>(null);
  const knob = knobRef ?? ownKnob;
  const drag = useRef<{ recorder: ReturnType<typeof createTrackRecorder>; startX: number; keyboard: boolean } | null>(null);
  const keepMessage = useRef(false);
  const onTicketRef = useRef(onTicket);
  onTicketRef.current = onTicket;
  const [pow, setPow] = useState<PowPhase>('idle');
  /** Share of the numbers tried, 0–100 (drawn in the track). */
  const [powProgress, setPowProgress] = useState(0);
  /** What the live region says: coarse steps, so a screen reader is not flooded. */
  const [powLive, setPowLive] = useState('');
  const powRun = useRef<AbortController | null>(null);
  /** How long the last solve took, in ms (data-pow-ms: measured by the browser tests). */
  const [powTook, setPowTook] = useState<number | undefined>(undefined);

  const width = challenge?.trackWidth ?? 300;
  const height = challenge?.height ?? 150;
  const pieceWidth = challenge?.pieceWidth ?? 60;
  const maxX = width - pieceWidth;

  // Load a challenge on mount, on reset, and when it nears its 120 s life untouched.
  useEffect(() => {
    let alive = true;
    setStatus('loading');
    setX(0);
    drag.current = null;
    onTicketRef.current(null);
    powRun.current?.abort();
    powRun.current = null;
    setPow('idle');
    setPowProgress(0);
    setPowLive('');
    void (async () => {
      try {
        const answer = await sso(ssoBase, '/captcha/challenge');
        if (!alive) return;
        const d = answer.data as { loadError?: unknown } | null;
        const next = answer.error_code === 0 ? readSliderChallenge(d) : null;
        if (next) {
          setChallenge(next);
          // The accessible alternative may have earned a ticket meanwhile: it stays.
          setStatus((s) => (s === 'ok' ? s : 'idle'));
          if (!keepMessage.current) setMessage('');
          keepMessage.current = false;
        } else {
          setStatus((s) => (s === 'ok' ? s : 'loadError'));
          setMessage(
            typeof d?.loadError === 'number'
              ? labels.sliderLoadError.replace('{n}', String(d.loadError))
              : ssoErrorText(locale, typeof answer.msg === 'string' ? answer.msg : '', { ...errorLabels(labels) }),
          );
        }
      } catch {
        if (alive) {
          setStatus((s) => (s === 'ok' ? s : 'loadError'));
          setMessage(labels.networkError);
        }
      }
    })();
    return () => {
      alive = false;
    };
  }, [resetKey, loadCount, ssoBase]);

  // Expiry: an untouched challenge is renewed; a solved one gives its ticket up before the server does.
  useEffect(() => {
    if (status !== 'idle' && status !== 'ok') return;
    const timer = setTimeout(() => setLoadCount((n) => n + 1), status === 'ok' ? SLIDER_TICKET_LIFE_MS : SLIDER_CHALLENGE_LIFE_MS);
    return () => clearTimeout(timer);
  }, [status, challenge]);

  useEffect(() => () => powRun.current?.abort(), []);

  const powBusy = pow === 'loading' || pow === 'solving' || pow === 'verifying';
  const powFail = (text: string) => {
    setPow('idle');
    setPowProgress(0);
    setPowLive('');
    setMessage(text);
  };

  /** The accessible alternative: challenge → proof of work in a worker → the slider's ticket. */
  const startPow = async () => {
    if (powBusy || status === 'ok' || status === 'dragging' || status === 'verifying') return;
    powRun.current?.abort();
    const run = new AbortController();
    powRun.current = run;
    drag.current = null;
    setX(0);
    setMessage('');
    setPow('loading');
    setPowProgress(0);
    setPowLive(labels.powWorking.replace('{p}', '0'));
    try {
      const issued = await sso(ssoBase, '/captcha/pow');
      if (run.signal.aborted) return;
      const task = issued.error_code === 0 ? readPowTask(issued.data) : null;
      if (!task) {
        const loadError = (issued.data as { loadError?: unknown } | null)?.loadError;
        powFail(
          typeof loadError === 'number'
            ? labels.sliderLoadError.replace('{n}', String(loadError))
            : ssoErrorText(locale, typeof issued.msg === 'string' ? issued.msg : '', errorLabels(labels)),
        );
        return;
      }
      setPow('solving');
      let announced = 0;
      const found = await solveInBackground(task, {
        signal: run.signal,
        onProgress: (tried) => {
          const percent = Math.min(99, Math.floor((tried * 100) / task.maxnumber));
          setPowProgress(percent);
          // Said at 25 %, 50 %, 75 %: enough to know it is alive.
          const step = percent - (percent % 25);
          if (step > announced) {
            announced = step;
            setPowLive(labels.powWorking.replace('{p}', String(step)));
          }
        },
      });
      if (run.signal.aborted) return;
      if (!found) {
        powFail(labels.loginFailed);
        return;
      }
      setPow('verifying');
      setPowTook(found.took);
      setPowProgress(100);
      setPowLive(labels.sliderVerifying);
      const answer = await sso(ssoBase, '/captcha/pow/verify', {
        method: 'POST',
        body: { algorithm: task.algorithm, challenge: task.challenge, salt: task.salt, signature: task.signature, number: found.number },
      });
      if (run.signal.aborted) return;
      if (answer.error_code === 0 && isCaptchaTicket(answer.data)) {
        powRun.current = null;
        setPow('done');
        setStatus('ok');
        setX(maxX);
        setMessage('');
        setPowLive(labels.powOk);
        onTicketRef.current(answer.data);
        return;
      }
      const failure = (answer.data as { failure?: unknown } | null)?.failure;
      powFail(typeof failure === 'number' ? labels.powFailed.replace('{n}', String(failure)) : ssoErrorText(locale, String(answer.msg ?? ''), errorLabels(labels)));
    } catch (error) {
      if (run.signal.aborted) return;
      powFail(error instanceof PowUnsupportedError ? labels.powUnsupported : labels.networkError);
    }
  };

  // clientWidth: the padding box, which the percentages below are of.
  const scale = () => width / Math.max(1, trackRef.current?.clientWidth ?? width);
  const canDrag = status === 'idle' && challenge !== null && !powBusy;

  /** Below the track when the picture fits inside the clipping box (the dialog), else above. */
  const place = () => {
    const track = trackRef.current;
    if (!track) return;
    const box = track.getBoundingClientRect();
    let clip = { top: 0, bottom: window.innerHeight };
    for (let el = track.parentElement; el; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (style.overflowY !== 'visible' || el.tagName === 'DIALOG') {
        const r = el.getBoundingClientRect();
        clip = { top: Math.max(clip.top, r.top), bottom: Math.min(clip.bottom, r.bottom) };
      }
    }
    const needed = (box.width * height) / width + 6;
    const below = clip.bottom - box.bottom;
    const above = box.top - clip.top;
    setPlacement(below >= needed || below >= above ? 'below' : 'above');
  };
  const enter = () => {
    place();
    setHover(true);
  };

  const begin = (clientX: number, clientY: number, keyboard: boolean) => {
    if (keyboard) place();
    const recorder = createTrackRecorder(scale(), maxX);
    recorder.start(clientY, performance.now());
    drag.current = { recorder, startX: clientX, keyboard };
    setStatus('dragging');
    setMessage('');
  };

  const finish = async () => {
    const d = drag.current;
    if (!d || !challenge) return;
    drag.current = null;
    const track = d.recorder.points;
    const local = precheckTrack(track, width);
    if (!local.ok) {
      // Not sent: the challenge stays usable, the block goes back.
      setX(0);
      setStatus('idle');
      setMessage(
        d.keyboard
          ? labels.sliderKeyboardFailed
          : labels.sliderFailed.replace('{n}', String(local.failure)),
      );
      return;
    }
    setStatus('verifying');
    try {
      const answer = await sso(ssoBase, '/captcha/verify', { method: 'POST', body: { challengeId: challenge.challengeId, track: [...track] } });
      if (answer.error_code === 0 && isCaptchaTicket(answer.data)) {
        setStatus('ok');
        setMessage('');
        onTicketRef.current(answer.data);
        return;
      }
      const failure = (answer.data as { failure?: unknown } | null)?.failure;
      setMessage(typeof failure === 'number' ? labels.sliderFailed.replace('{n}', String(failure)) : ssoErrorText(locale, String(answer.msg ?? ''), errorLabels(labels)));
    } catch {
      setMessage(labels.networkError);
    }
    // A challenge is burnt by its first verify: fetch a new one, keeping the message.
    keepMessage.current = true;
    setLoadCount((n) => n + 1);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!canDrag || e.button > 0) return;
    e.preventDefault();
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    begin(e.clientX, e.clientY, false);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.keyboard || d.recorder.points.length >= MAX_POINTS) return;
    setX(d.recorder.move(e.clientX - d.startX, e.clientY, performance.now()));
  };
  const onPointerUp = () => {
    if (drag.current && !drag.current.keyboard) void finish();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 2, ArrowUp: 2, ArrowLeft: -2, ArrowDown: -2, PageUp: 20, PageDown: -20 }[e.key];
    if (e.key === 'Enter' || e.key === ' ') {
      if (drag.current?.keyboard) {
        e.preventDefault();
        void finish();
      }
      return;
    }
    if (step === undefined && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    if (!canDrag && !drag.current?.keyboard) return;
    if (!drag.current) begin(0, 0, true);
    const d = drag.current!;
    const current = d.recorder.lastX;
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? maxX : current + (step ?? 0);
    // Keyboard moves are recorded as they are: no invented jitter.
    setX(d.recorder.move(next / scale(), 0, performance.now()));
  };

  const px = (units: number) => `${(units / width) * 100}%`;
  const done = status === 'ok';
  const showPicture = challenge !== null && (status === 'dragging' || status === 'verifying' || (status === 'idle' && hover));
  const hintId = 'slider-keyboard-hint';
  const powId = useId();
  const text = done
    ? labels.sliderOk
    : pow === 'loading' || pow === 'solving'
      ? labels.powWorking.replace('{p}', String(powProgress))
      : pow === 'verifying' || status === 'verifying'
        ? labels.sliderVerifying
        : status === 'loading'
          ? labels.sliderLoading
          : status === 'loadError'
            ? ''
            : labels.sliderHint;
  /** The trail: the drag, or how far the proof of work has counted. */
  const trail = powBusy ? (powProgress / 100) * width : x + pieceWidth / 2;

  return (
    <div className="w-full" data-testid="login-slider" data-status={status} data-challenge-id={challenge?.challengeId} data-pow={pow} data-pow-ms={powTook}>
      <div className="relative w-full">
        {challenge && (
          // The puzzle: over the form, never in the way of a click (pointer-events: none).
          <div
            className={`pointer-events-none absolute inset-x-0 z-20 rounded-md bg-white p-0.5 shadow-lg ring-1 ring-slate-300 ${placement === 'below' ? 'top-full mt-1' : 'bottom-full mb-1'} ${showPicture ? '' : 'hidden'}`}
            data-testid="login-slider-picture"
            data-placement={placement}
            aria-hidden="true"
          >
            <div className="relative w-full overflow-hidden rounded" style={{ aspectRatio: `${width} / ${height}` }}>
              <img src={challenge.background} alt="" draggable={false} className="absolute inset-0 h-full w-full select-none" />
              <img src={challenge.piece} alt="" draggable={false} className="absolute top-0 h-full max-w-none select-none" style={{ left: px(x), width: px(pieceWidth) }} data-testid="login-slider-piece" />
            </div>
          </div>
        )}
        <div
          ref={trackRef}
          onPointerEnter={enter}
          onPointerLeave={() => setHover(false)}
          className={`relative h-8 w-full select-none overflow-hidden rounded-md border text-xs ${done ? 'border-green-500 bg-green-50' : invalid ? 'border-red-500 bg-slate-100' : 'border-slate-300 bg-slate-100'}`}
          data-testid="login-slider-track"
        >
          {/* The drag trail. */}
          <div className={`absolute inset-y-0 left-0 ${done ? 'bg-green-100' : 'bg-brand-100'}`} style={{ width: px(trail) }} aria-hidden="true" />
          <span
            className={`pointer-events-none absolute inset-0 flex items-center ${done ? (x > maxX / 2 ? 'justify-start pl-3 text-green-700' : 'justify-end pr-3 text-green-700') : 'justify-center pl-10 text-slate-600'}`}
            aria-hidden="true"
          >
            {text}
          </span>
          {status === 'loadError' && !powBusy ? (
            <button type="button" className="absolute inset-0 flex w-full items-center justify-center gap-1 text-brand-600 hover:underline" onClick={() => setLoadCount((n) => n + 1)}>
              ↻ {labels.sliderReload}
            </button>
          ) : (
            <div
              ref={knob}
              role="slider"
              tabIndex={done ? -1 : 0}
              aria-label={labels.sliderLabel}
              aria-valuemin={0}
              aria-valuemax={maxX}
              aria-valuenow={Math.round(x)}
              aria-valuetext={done ? labels.sliderOk : undefined}
              aria-invalid={invalid ? 'true' : undefined}
              aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
              aria-disabled={!canDrag && !drag.current}
              className={`absolute inset-y-0 z-10 flex touch-none items-center justify-center rounded-md border shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-white ${done ? 'border-green-600 bg-green-600 text-white' : 'cursor-grab border-brand-600 bg-brand-600 text-white active:cursor-grabbing'}`}
              style={{ left: px(x), width: px(pieceWidth) }}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              onKeyDown={onKeyDown}
              onBlur={() => {
                // A keyboard move left unfinished goes back.
                if (drag.current?.keyboard) {
                  drag.current = null;
                  setX(0);
                  setStatus('idle');
                }
              }}
              data-testid="login-slider-knob"
            >
              <span aria-hidden="true">{done ? '✓' : '→'}</span>
            </div>
          )}
        </div>
      </div>
      <div className="mt-0.5 flex justify-end">
        {/* A real button: focusable, started by Enter or Space. aria-disabled (not disabled) while it
            works or after it succeeded, so the focus stays on it. */}
        <button
          type="button"
          onClick={() => void startPow()}
          aria-disabled={powBusy || done ? 'true' : undefined}
          aria-describedby={powId}
          className="rounded text-[11px] leading-4 text-brand-600 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-disabled:cursor-default aria-disabled:text-slate-400 aria-disabled:no-underline"
          data-testid="login-pow-start"
        >
          {labels.powStart}
        </button>
      </div>
      <p id={powId} aria-live="polite" className="sr-only" data-testid="login-pow-status">
        {powLive}
      </p>
      <p id={hintId} className="sr-only">
        {labels.sliderKeyboard} {labels.powHint}
      </p>
      {message && (
        <p role="alert" className="mt-0.5 text-[11px] leading-tight text-red-600" data-testid="login-slider-message">
          {message}
        </p>
      )}
    </div>
  );
}

/** The labels ssoErrorText needs, by the SSO message keys it maps. */
export function errorLabels(labels: LoginContext['labels']) {
  return {
    sliderFailed: labels.sliderFailed,
    sliderLoadError: labels.sliderLoadError,
    tooSoon: labels.tooSoon,
    generic: labels.loginFailed,
    phoneRequired: labels.phoneRequired,
    phoneInvalid: labels.phoneInvalid,
    codeRequired: labels.codeRequired,
    codeFormat: labels.errCodeFormat,
    codeWrong: labels.errCodeWrong,
    agreementRequired: labels.agreementRequired,
    sliderRequired: labels.sliderRequired,
    sliderExpired: labels.errSliderExpired,
    hourLimit: labels.errHourLimit,
    dayLimit: labels.errDayLimit,
    ipLimit: labels.errIpLimit,
    verifyLocked: labels.errVerifyLocked,
    verifyPhoneDayLimit: labels.errVerifyPhoneDayLimit,
    smsFailed: labels.errSmsFailed,
    qrExpired: labels.qrExpired,
    qrForeign: labels.errQrForeign,
    bindExpired: labels.errBindExpired,
    boundElsewhere: labels.errBoundElsewhere,
    unavailable: labels.errUnavailable,
    internal: labels.errInternal,
  };
}
