import { z } from "zod";

// zod 4 probes `new Function` once to decide whether to compile parsers; under our CSP (no
// 'unsafe-eval') that probe is refused and reported. Interpreted parsing is fast enough here. This
// module is the web entry's first import, so it runs before any schema is built or used.
z.config({ jitless: true });
