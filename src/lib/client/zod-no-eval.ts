import { config } from 'zod/v4/core';

// Zod probes once whether `new Function` works, to compile faster object parsers. Our CSP has no
// 'unsafe-eval', so the browser refuses the probe and reports a CSP violation on every page that
// parses with zod (issue #18 item 4: 0 violations). jitless skips the probe and the compiler.
// Imported first by every browser module that parses with zod or with the AI SDK (which uses zod).
config({ jitless: true });
