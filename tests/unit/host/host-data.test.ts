import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOST_DIALOG_SIZES, type BridgeWindow } from '../../../src/lib/client/host-bridge.ts';
import { deliverHostData, requestHostData } from '../../../src/lib/client/host-data.ts';
import { base64DecodedLength, HOST_DATA_LIMITS, parseHostDataMessage } from '../../../src/lib/client/host-messages.ts';

// ADR 0015 §1: the host's `data` answer to `requestData` is validated (≤ 20 files, ≤ 20 MB decoded,
// safe relative names, real base64) and accepted only from the allowed parent frame or the web
// view's own `chipediaHostData` call; anything else is dropped and the page keeps waiting.

const HOST = 'https://eda.example.com';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const msg = (over: Record<string, unknown> = {}) => ({ source: 'kicad-host', type: 'data', what: 'assets', files: [{ name: 'R.kicad_sym', data: b64('(kicad_symbol_lib)') }], ...over });

type Listener = (e: { source: unknown; origin: string; data: unknown }) => void;
function framedWindow() {
  const parent = { postMessage: vi.fn() };
  const listeners: Listener[] = [];
  const win = {
    parent,
    location: { ancestorOrigins: [HOST] },
    document: { referrer: '', documentElement: { dataset: { hostOrigins: HOST } } },
    addEventListener: (type: string, l: Listener) => type === 'message' && listeners.push(l),
  } as unknown as BridgeWindow & Pick<Window, 'addEventListener'> & { chipediaHostData?: (m: unknown) => boolean };
  const send = (data: unknown, origin = HOST, source: unknown = parent) => listeners.forEach((l) => l({ source, origin, data }));
  return { win, parent, send };
}

afterEach(() => vi.useRealTimers());

describe('the data message (host-messages.ts)', () => {
  it('accepts a valid answer and decodes sizes exactly', () => {
    expect(parseHostDataMessage(msg())).not.toBeNull();
    expect(parseHostDataMessage(msg({ what: 'project', files: [{ name: 'sub/a.kicad_sch', data: b64('x') }] }))).not.toBeNull();
    for (const s of ['', 'a', 'ab', 'abc', 'abcd', 'abcde']) expect(base64DecodedLength(Buffer.from(s).toString('base64'))).toBe(s.length);
  });

  it('refuses malformed answers: wrong type or kind, extra keys, bad names, bad base64', () => {
    const bad = [
      null,
      'text',
      msg({ source: 'chipedia' }),
      msg({ what: 'everything' }),
      msg({ extra: 1 }),
      msg({ files: 'x' }),
      msg({ files: [{ name: '../etc/passwd', data: b64('x') }] }),
      msg({ files: [{ name: '/abs.kicad_sch', data: b64('x') }] }),
      msg({ files: [{ name: 'C:/x.kicad_sch', data: b64('x') }] }),
      msg({ files: [{ name: 'a\\b.kicad_sch', data: b64('x') }] }),
      msg({ files: [{ name: 'a\u0000b', data: b64('x') }] }),
      msg({ files: [{ name: '', data: b64('x') }] }),
      msg({ files: [{ name: 'a', data: 'not base64!' }] }),
      msg({ files: [{ name: 'a', data: 'abc' }] }),
      msg({ files: [{ name: 'a', data: b64('x'), mode: 1 }] }),
    ];
    for (const m of bad) expect(parseHostDataMessage(m), JSON.stringify(m)?.slice(0, 80)).toBeNull();
  });

  it('refuses more than 20 files or more than 20 MB decoded in all', () => {
    const many = Array.from({ length: HOST_DATA_LIMITS.files + 1 }, (_, i) => ({ name: `f${i}`, data: b64('x') }));
    expect(parseHostDataMessage(msg({ files: many }))).toBeNull();
    expect(parseHostDataMessage(msg({ files: many.slice(0, HOST_DATA_LIMITS.files) }))).not.toBeNull();
    const elevenMb = 'A'.repeat(3_700_000 * 4); // 11.1 MB decoded
    expect(parseHostDataMessage(msg({ files: [{ name: 'a', data: elevenMb }] }))).not.toBeNull();
    expect(parseHostDataMessage(msg({ files: [{ name: 'a', data: elevenMb }, { name: 'b', data: elevenMb }] }))).toBeNull();
  });
});

describe('requestHostData (host-data.ts)', () => {
  it('resolves null at once outside a host', async () => {
    const win = { parent: null, location: {}, document: { referrer: '', documentElement: { dataset: {} } }, addEventListener: () => undefined } as unknown as Parameters<typeof requestHostData>[1] extends infer O ? (O extends { win?: infer W } ? W : never) : never;
    (win as unknown as { parent: unknown }).parent = win;
    await expect(requestHostData('assets', { win })).resolves.toBeNull();
  });

  it('asks the host and takes the first valid answer of its kind from the allowed parent', async () => {
    const { win, parent, send } = framedWindow();
    const pending = requestHostData('assets', { win, timeoutMs: 1000 });
    expect(parent.postMessage).toHaveBeenCalledWith({ source: 'chipedia', type: 'requestData', payload: { what: 'assets' } }, HOST);
    send(msg({ files: [{ name: 'evil', data: b64('x') }] }), 'https://evil.example'); // wrong origin
    send(msg({ files: [{ name: 'self', data: b64('x') }] }), HOST, win); // not the parent
    send(msg({ what: 'selection' })); // another kind
    send({ ...msg(), files: [{ name: '../x', data: b64('x') }] }); // malformed
    send(msg());
    const files = await pending;
    expect(files?.map((f) => [f.name, Buffer.from(f.bytes).toString('utf8')])).toEqual([['R.kicad_sym', '(kicad_symbol_lib)']]);
  });

  it('takes an answer through chipediaHostData, and gives up after the timeout', async () => {
    const { win } = framedWindow();
    const pending = requestHostData('selection', { win, timeoutMs: 1000 });
    expect(win.chipediaHostData?.(msg({ what: 'selection', files: [{ name: 'b.kicad_sch', data: b64('(kicad_sch)') }] }))).toBe(true);
    expect((await pending)?.[0]?.name).toBe('b.kicad_sch');
    expect(deliverHostData(msg())).toBe(false); // nobody waits any more
    vi.useFakeTimers();
    const late = requestHostData('project', { win, timeoutMs: 500 });
    vi.advanceTimersByTime(501);
    await expect(late).resolves.toBeNull();
  });

  it('has the SPEC dialog sizes', () => {
    expect(HOST_DIALOG_SIZES).toEqual({
      addComponentType: { width: 900, height: 400 },
      addDesignBlockType: { width: 900, height: 400 },
      addSymbolDevice: { width: 1400, height: 700 },
      modifyFragment: { width: 660, height: 320 },
    });
  });
});
